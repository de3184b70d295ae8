// A shelving task over goods already at a location (returns, and quick inbound when no inbound-flow
// generator handles it): one task (SJ…) with one line per SKU/batch/status, claimed later at the
// shelf-task station where the lines are shelved through the ledger.
import { sql } from 'drizzle-orm'
import type { AppTx } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { rowsOf } from '../../resources/service'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'

export interface ShelvingSourceLine { skuId: number; batchNo?: string; stockStatus: number; fromLocationId: number; qty: number; sourceLineId?: number | null }

export async function insertShelvingTask(tx: AppTx, auth: AuthContext, src: { sourceType: 'return' | 'quick' | 'inbound'; sourceNo: string; orderId?: number | null; lines: ShelvingSourceLine[] }): Promise<string | null> {
  const lines = src.lines.filter((l) => l.qty > 0)
  if (!lines.length) return null
  const taskNo = await nextDocNo(tx, auth, DOC_PREFIX.shelvingTask)
  const total = lines.reduce((a, l) => a + l.qty, 0)
  const [task] = rowsOf(await tx.execute(sql`
    INSERT INTO shelving_task (tenant_id, warehouse_id, task_no, source_type, source_no, order_id, qty, created_by, updated_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${taskNo}, ${src.sourceType}, ${src.sourceNo}, ${src.orderId ?? null}, ${total}, ${auth.userId}, ${auth.userId})
    RETURNING id`))
  let n = 0
  for (const l of lines) {
    await tx.execute(sql`
      INSERT INTO shelving_line (task_id, tenant_id, warehouse_id, line_no, sku_id, batch_no, stock_status, from_location_id, qty, source_line_id)
      VALUES (${Number(task!.id)}, ${auth.tenantId}, ${auth.warehouseId}, ${++n}, ${l.skuId}, ${l.batchNo ?? ''}, ${l.stockStatus}, ${l.fromLocationId}, ${l.qty}, ${l.sourceLineId ?? null})`)
  }
  return taskNo
}
