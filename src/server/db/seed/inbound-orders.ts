// Demo inbound orders for warehouse 26 / tenant 1 (issue 4): one in each status an operator meets —
// New, WaitingIssued, Issued (one of them issued long enough ago to be overdue), Receiving (part of
// a line received at the receiving station), Finish (fully received: its shelving task exists) and
// Abolished — over the tenant's first demo SKUs. Built through the same code as the commands
// (insertOrder, the status machine, the receiving station's receive), so stock, receipts, ledger and
// the next documents agree. Idempotent: skipped when the demo orders (source no DEMO-PO-…) exist.
import { sql } from 'drizzle-orm'
import type { AppTx } from '../client'
import type { AuthContext } from '../../http/context'
import { rowsOf } from '../rows'
import { insertOrder, planOrder } from '../../areas/inbound/orders'
import { transitionOrder } from '../../areas/inbound/order-machine'
import { receive } from '../../areas/inbound/receiving'
import { InboundStatus as S } from '../../../domain/dictionaries'

export const DEMO_INBOUND_PAIR = { tenantId: 1, warehouseId: 26 } as const
export const DEMO_INBOUND_SOURCE = 'DEMO-PO-'

interface DemoOrder { source: string; type: number; inspection: number; lines: [number, number][]; to: number; overdue?: boolean; receive?: number }

// lines: [index into the SKU list, quantity]; receive: units of the first line received in one scan.
const ORDERS: DemoOrder[] = [
  { source: '01', type: 1, inspection: 0, lines: [[0, 24], [1, 12]], to: S.New },
  { source: '02', type: 1, inspection: 1, lines: [[2, 30]], to: S.WaitingIssued },
  { source: '03', type: 2, inspection: 0, lines: [[3, 10], [4, 10], [5, 6]], to: S.Issued },
  { source: '04', type: 1, inspection: 0, lines: [[6, 8]], to: S.Issued, overdue: true },
  { source: '05', type: 5, inspection: 0, lines: [[7, 20], [8, 5]], to: S.Receiving, receive: 12 },
  { source: '06', type: 1, inspection: 0, lines: [[9, 4]], to: S.Finish, receive: 4 },
  { source: '07', type: 3, inspection: 0, lines: [[10, 2]], to: S.Abolished },
]

export async function seedInboundOrders(tx: AppTx): Promise<void> {
  const { tenantId, warehouseId } = DEMO_INBOUND_PAIR
  const [exists] = rowsOf(await tx.execute(sql`
    SELECT 1 FROM inbound_order WHERE tenant_id = ${tenantId} AND warehouse_id = ${warehouseId} AND source_no LIKE ${`${DEMO_INBOUND_SOURCE}%`} LIMIT 1`))
  if (exists) return
  const [user] = rowsOf(await tx.execute(sql`SELECT id, username FROM app_user WHERE username = 'admin'`))
  const [rcv] = rowsOf(await tx.execute(sql`SELECT receiving_location_id FROM inbound_setting WHERE tenant_id = ${tenantId} AND warehouse_id = ${warehouseId}`))
  const skus = rowsOf(await tx.execute(sql`SELECT sku_code FROM product_sku WHERE tenant_id = ${tenantId} ORDER BY id LIMIT 11`)).map((r) => String(r.sku_code))
  if (!user || skus.length < 11) return
  // The seed acts as the admin in the demo pair (the same operator the audit would show).
  const auth = { userId: Number(user.id), username: String(user.username), employeeName: 'Admin', tenantId, warehouseId, roles: ['admin'], permissions: new Set<string>() } as unknown as AuthContext
  const [supplier] = rowsOf(await tx.execute(sql`SELECT id FROM supplier WHERE tenant_id = ${tenantId} ORDER BY id LIMIT 1`))
  for (const o of ORDERS) {
    const input = {
      inboundType: o.type, inspectionMode: o.inspection, supplierId: supplier ? Number(supplier.id) : null, sourceNo: `${DEMO_INBOUND_SOURCE}${o.source}`,
      expectedArrival: null, batchNo: null, boxCount: o.lines.length, remark: null,
      lines: o.lines.map(([i, qty]) => ({ code: skus[i]!, qty, batchNo: null })),
    }
    const plan = await planOrder(tx, auth, input)
    if (plan.issues.length) throw new Error(`demo inbound order ${o.source}: ${plan.issues.map((i) => i.messageKey).join(', ')}`)
    const { id, orderNo } = await insertOrder(tx, auth, input, plan.lines)
    const path = o.to === S.Abolished ? [S.Abolished] : [S.WaitingIssued, S.Issued].filter((s) => s <= o.to)
    for (const to of path) await transitionOrder(tx, auth, id, to)
    if (o.overdue) await tx.execute(sql`UPDATE inbound_order SET issued_at = now() - interval '5 days' WHERE id = ${id}`)
    // One scan per order: the station refuses a second scan of the same operator and order within the interval.
    if (o.receive && rcv?.receiving_location_id != null) await receive(tx, auth, { orderNo, code: skus[o.lines[0]![0]]!, qty: o.receive })
  }
}
