// Derived columns of the box basic data (src/domain/resources/product/packaging.ts): volume in litres
// = L × W × H (cm) / 1000, rounded to 4 decimals, recomputed on every add, edit and import; a case's
// shoe-box volume = boxes per case × its box type's volume (null without a box type).
import { sql } from 'drizzle-orm'
import { defineResourceHooks, type ResourceHooks } from '../../hooks'
import { rowsOf } from '../../../db/rows'

const pick = (k: string, values: Record<string, unknown>, before: Record<string, unknown> | undefined) =>
  (values[k] !== undefined ? values[k] : before?.[k])
const round4 = (v: number) => Math.round(v * 10_000) / 10_000

export function litres(l: unknown, w: unknown, h: unknown): number | null {
  if (l == null || w == null || h == null) return null
  return round4((Number(l) * Number(w) * Number(h)) / 1000)
}

const withVolume: ResourceHooks['beforeWrite'] = (_ctx, values, before) => {
  if (values.length === undefined && values.width === undefined && values.height === undefined) return
  return { ...values, volume: litres(pick('length', values, before), pick('width', values, before), pick('height', values, before)) }
}

defineResourceHooks('box', { beforeWrite: withVolume })
defineResourceHooks('packingBox', { beforeWrite: withVolume })
defineResourceHooks('case', {
  async beforeWrite(ctx, values, before) {
    const v = (await withVolume(ctx, values, before)) ?? values
    if (values.boxId === undefined && values.boxCount === undefined) return v
    const boxId = pick('boxId', values, before)
    const count = Number(pick('boxCount', values, before) ?? 0)
    let shoeBoxVolume: number | null = null
    if (boxId != null) {
      const [b] = rowsOf(await ctx.tx.execute(sql`SELECT volume FROM product_box WHERE id = ${Number(boxId)} AND tenant_id = ${ctx.auth.tenantId}`))
      if (b && b.volume != null) shoeBoxVolume = round4(Number(b.volume) * count)
    }
    return { ...v, shoeBoxVolume }
  },
})
