// Stock allot (commands/stock-allot.ts; README "Stock allot"): quotas of a SKU's allocable stock per shop.
// allocable = normal stock on hand of the SKU on enabled locations of allocatable areas here (reserved
// included: an order's reservation is part of its shop's quota); locked(shop) = open reservations of that
// shop's outbound orders for the SKU here. The spec's "allocated not above allocable and not below locked":
// each named shop's quota ≥ its locked, and Σ quotas of every shop of the SKU (the ones not named keep
// theirs) ≤ allocable. One transaction: the document (TP), its lines, the quotas; every refusal names its line.
// Allocation enforces the quotas: a shop's order reserves at most quota − locked, the rest waits short ('quota').
import { eq, sql } from 'drizzle-orm'
import type { Queryable } from '../../db/client'
import { defineHandler } from '../../commands/registry'
import { AppError } from '../../http/errors'
import { defineRoute, type RouteDef } from '../../http/route'
import { listQuerySchema, outer, runList, type ListDef } from '../../http/list'
import { rowsOf } from '../../db/rows'
import { stockAllotQuota } from '../../db/schema/index'
import { resourceTables } from '../../db/schema/resources'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { ALLOCATABLE_AREA_TYPES, lockSkusForAllocation, OUTBOUND_DOC } from '../../inventory/allocation'
import { StockStatus } from '../../../domain/dictionaries'
import { resolveCodes } from '../inbound/orders'
import type { z } from 'zod'
import { AllotArgs, STOCK_ALLOT_API, STOCK_ALLOT_PERMISSIONS as P, type Allotted } from '../../../../commands/stock-allot'

const n = (v: unknown) => Number(v)
const sku = resourceTables.sku!
type Scope = { tenantId: number; warehouseId: number }
const areaTypes = sql.join(ALLOCATABLE_AREA_TYPES.map((a) => sql`${a}::int`), sql`, `)

export async function allocableOf(q: Queryable, s: Scope, skuId: number): Promise<number> {
  const [r] = rowsOf(await q.execute(sql`
    SELECT coalesce(sum(b.on_hand), 0)::int AS n FROM inventory_balance b JOIN location l ON l.id = b.location_id JOIN storage_area a ON a.id = l.storage_area_id
    WHERE b.tenant_id = ${s.tenantId} AND b.warehouse_id = ${s.warehouseId} AND b.sku_id = ${skuId} AND b.stock_status = ${StockStatus.Normal}
      AND l.status = 1 AND a.status = 1 AND NOT l.temporary AND a.area_type IN (${areaTypes})`))
  return n(r!.n)
}
const lockedSql = (s: Scope, skuId: unknown, shopId: unknown) => sql`(SELECT coalesce(sum(r.qty), 0)::int FROM inventory_reservation r
  JOIN inventory_balance b ON b.id = r.balance_id JOIN outbound_order o ON o.tenant_id = r.tenant_id AND o.warehouse_id = r.warehouse_id AND o.order_no = r.doc_no
  WHERE r.tenant_id = ${s.tenantId} AND r.warehouse_id = ${s.warehouseId} AND r.status = 0 AND r.doc_type = ${OUTBOUND_DOC} AND b.sku_id = ${skuId} AND o.shop_id = ${shopId})`

defineHandler<z.output<typeof AllotArgs>>('stock.allot.create', async ({ tx, auth, args, setSummary }) => {
  const hits = (await resolveCodes(tx, auth.tenantId, [args.code])).get(args.code) ?? []
  const skuIds = [...new Set(hits.map((h) => h.skuId))]
  if (skuIds.length !== 1) throw new AppError(400, skuIds.length ? 'moves:errors.ambiguousCode' : 'moves:errors.unknownSku', { code: args.code }, [{ field: 'code', messageKey: skuIds.length ? 'moves:errors.ambiguousCode' : 'moves:errors.unknownSku', params: { code: args.code } }])
  const skuId = skuIds[0]!
  // The SKU's quotas are changed one document at a time (two allots of one SKU serialize here).
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`stock-allot:${auth.tenantId}:${auth.warehouseId}:${skuId}`}))`)
  // Allocation reads the quotas (src/server/inventory/allocation.ts): no order of the SKU reserves while the
  // locked quantities are checked and the new quotas written.
  await lockSkusForAllocation(tx, auth, [skuId])
  const errors: { field: string; messageKey: string; params: Record<string, unknown> }[] = []
  const seen = new Map<number, number>()
  const lines: { shopId: number; shopCode: string; qty: number; locked: number }[] = []
  for (const [i, l] of args.lines.entries()) {
    const [shop] = rowsOf(await tx.execute(sql`SELECT id, code FROM shop WHERE upper(code) = ${l.shopCode} AND status = 1`))
    if (!shop) { errors.push({ field: `lines.${i}.shopCode`, messageKey: 'stockAllot:errors.unknownShop', params: { shopCode: l.shopCode } }); continue }
    if (seen.has(n(shop.id))) { errors.push({ field: `lines.${i}.shopCode`, messageKey: 'stockAllot:errors.duplicateShop', params: { shopCode: l.shopCode } }); continue }
    seen.set(n(shop.id), i)
    const [lk] = rowsOf(await tx.execute(sql`SELECT ${lockedSql(auth, skuId, n(shop.id))} AS locked`))
    const locked = n(lk!.locked)
    if (l.qty < locked) errors.push({ field: `lines.${i}.qty`, messageKey: 'stockAllot:errors.belowLocked', params: { qty: l.qty, locked, shopCode: String(shop.code) } })
    lines.push({ shopId: n(shop.id), shopCode: String(shop.code), qty: l.qty, locked })
  }
  if (errors.length) throw new AppError(errors.some((e) => e.messageKey === 'stockAllot:errors.belowLocked') ? 409 : 400, errors[0]!.messageKey, errors[0]!.params, errors)
  const allocable = await allocableOf(tx, auth, skuId)
  const [others] = rowsOf(await tx.execute(sql`SELECT coalesce(sum(qty), 0)::int AS n FROM stock_allot_quota
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND sku_id = ${skuId}
      AND NOT (shop_id = ANY(${`{${lines.map((l) => l.shopId).join(',')}}`}::int[]))`))
  const total = n(others!.n) + lines.reduce((s, l) => s + l.qty, 0)
  if (total > allocable) {
    const params = { total, allocable, others: n(others!.n), skuCode: args.code }
    throw new AppError(409, 'stockAllot:errors.aboveAllocable', params, lines.map((_, i) => ({ field: `lines.${i}.qty`, messageKey: 'stockAllot:errors.aboveAllocable', params })))
  }
  const allotNo = await nextDocNo(tx, auth, DOC_PREFIX.stockAllot)
  const [d] = rowsOf(await tx.execute(sql`INSERT INTO stock_allot (tenant_id, warehouse_id, allot_no, sku_id, allocable, remark, created_by, created_by_name)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${allotNo}, ${skuId}, ${allocable}, ${args.remark}, ${auth.userId}, ${auth.username}) RETURNING id`))
  for (const l of lines) {
    await tx.execute(sql`INSERT INTO stock_allot_line (allot_id, shop_id, qty, locked) VALUES (${n(d!.id)}, ${l.shopId}, ${l.qty}, ${l.locked})`)
    await tx.execute(sql`INSERT INTO stock_allot_quota (tenant_id, warehouse_id, sku_id, shop_id, qty, allot_no)
      VALUES (${auth.tenantId}, ${auth.warehouseId}, ${skuId}, ${l.shopId}, ${l.qty}, ${allotNo})
      ON CONFLICT (tenant_id, warehouse_id, sku_id, shop_id) DO UPDATE SET qty = EXCLUDED.qty, allot_no = EXCLUDED.allot_no, updated_at = now()`)
  }
  const [k] = rowsOf(await tx.execute(sql`SELECT sku_code FROM product_sku WHERE id = ${skuId}`))
  setSummary(`${allotNo} ${String(k!.sku_code)} ${lines.map((l) => `${l.shopCode}=${l.qty}`).join(' ')}`)
  return { allotNo, skuCode: String(k!.sku_code), allocable, allotted: total, lines: lines.length } satisfies Allotted
})

const QUOTA_LIST = {
  table: stockAllotQuota,
  join: (q: any) => q.innerJoin(sku, eq(sku.id, stockAllotQuota.skuId)),
  select: {
    id: stockAllotQuota.id, skuCode: sku.skuCode, qty: stockAllotQuota.qty, allotNo: stockAllotQuota.allotNo, updatedAt: stockAllotQuota.updatedAt,
    shopCode: sql<string>`(SELECT s.code FROM shop s WHERE s.id = ${outer(stockAllotQuota.shopId)})`.as('shop_code'),
    locked: sql<number>`(SELECT coalesce(sum(r.qty), 0)::int FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id
      JOIN outbound_order o ON o.tenant_id = r.tenant_id AND o.warehouse_id = r.warehouse_id AND o.order_no = r.doc_no
      WHERE r.tenant_id = ${outer(stockAllotQuota.tenantId)} AND r.warehouse_id = ${outer(stockAllotQuota.warehouseId)} AND r.status = 0 AND r.doc_type = ${OUTBOUND_DOC}
        AND b.sku_id = ${outer(stockAllotQuota.skuId)} AND o.shop_id = ${outer(stockAllotQuota.shopId)})`.as('locked'),
    allocable: sql<number>`(SELECT coalesce(sum(b.on_hand), 0)::int FROM inventory_balance b JOIN location l ON l.id = b.location_id JOIN storage_area a ON a.id = l.storage_area_id
      WHERE b.tenant_id = ${outer(stockAllotQuota.tenantId)} AND b.warehouse_id = ${outer(stockAllotQuota.warehouseId)} AND b.sku_id = ${outer(stockAllotQuota.skuId)} AND b.stock_status = ${StockStatus.Normal}
        AND l.status = 1 AND a.status = 1 AND NOT l.temporary AND a.area_type IN (${areaTypes}))`.as('allocable'),
  },
  scope: { tenant: stockAllotQuota.tenantId, warehouse: stockAllotQuota.warehouseId },
  key: stockAllotQuota.id,
  sortable: { skuCode: sku.skuCode, updatedAt: stockAllotQuota.updatedAt, id: stockAllotQuota.id },
  defaultSort: 'updatedAt:desc',
  filters: { skuCode: { type: 'text', column: sku.skuCode }, allotNo: { type: 'text', column: stockAllotQuota.allotNo } },
} satisfies ListDef

export function stockAllotRoutes(db: Queryable): RouteDef[] {
  return [
    defineRoute({
      method: 'GET', url: STOCK_ALLOT_API.quotas, summary: 'Stock allot: each SKU\'s quota per shop, with what its orders hold (locked) and the allocable stock', tags: ['moves'],
      envelope: 'main', auth: 'scoped', permission: P.view, query: listQuerySchema(QUOTA_LIST), handler: ({ query, auth }) => runList(db, QUOTA_LIST, query, auth),
    }),
  ]
}
