// ToB orders on the outbound order (issue 21, part J; commands/tob-orders.ts). The ToB order is the retail
// outbound order (src/server/areas/outbound/orders.ts: create, feed and import take the ToB fields, the
// order machine src/domain/states/outbound-order.ts moves it); this area adds, one transaction each:
//   outbound.tob.update         the ToB fields of a ToB order before any wave (draft, in force, validated);
//   outbound.tob.assignPicking  batch assign picking: ToB orders in force sharing one expected container
//                               number, fully allocated and in no wave, become one wave (picking.ts makeWave);
//   outbound.tob.splitMethod    the split method, in draft or in force, never on a warehouse-brushed order;
// and the ToB order list (GET /api/outbound/tob/orders: the outbound order list narrowed to ToB, with the
// ToB columns, the 15-day not-issued flag and filters by expected container number and business type).
import { sql } from 'drizzle-orm'
import type { Area } from '../../http/area'
import type { AppTx } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { defineRoute, registerRoutes } from '../../http/route'
import { listQuerySchema, runList, type ListDef } from '../../http/list'
import { AppError, conflict, notFound } from '../../http/errors'
import { defineHandler } from '../../commands/registry'
import { refuseUnlessAllowed } from '../../commands/states'
import { rowsOf } from '../../db/rows'
import { outboundOrder } from '../../db/schema/index'
import { orderList } from '../outbound/orders'
import { makeWave, outboundSettings, waveableOrders, type OutboundSettings } from '../outbound/picking'
import { outboundOrderMachine, waveRefusal, type OutboundOrderFacts } from '../../../domain/states/outbound-order'
import { BUSINESS_TYPES, OrderType, OutboundOrderStatus } from '../../../domain/dictionaries'
import { tobFieldIssues, tobQtyIssue, TOB_FIELDS } from '../../../domain/tob'
import { TOB_PERMISSIONS as P, TobAssignArgs, TobUpdateArgs, type TobAssigned, type TobSplitMethodArgs, type TobSplitMethodResult } from '../../../../commands/tob-orders'
import type { z } from 'zod'

const S = OutboundOrderStatus
const o = outboundOrder
/** Where the ToB fields may still change: before any wave. */
const EDITABLE: readonly number[] = [S.Draft, S.Effective, S.Approve]

interface TobRow extends OutboundOrderFacts { id: number; orderType: number; expectedContainerNo: string | null; brushed: boolean; expectedQty: number; allocatedQty: number }

/** The orders, locked in id order; another pair's or a missing id is 404 naming it. */
async function lockOrders(tx: AppTx, auth: AuthContext, ids: readonly number[]): Promise<TobRow[]> {
  const uniq = [...new Set(ids)].sort((a, b) => a - b)
  const rows = rowsOf(await tx.execute(sql`
    SELECT * FROM outbound_order WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}
      AND id = ANY(${`{${uniq.join(',')}}`}::int[]) ORDER BY id FOR UPDATE`))
  const missing = uniq.find((id) => !rows.some((r) => Number(r.id) === id))
  if (missing !== undefined) throw notFound('outbound:order.errors.notFound', { id: missing })
  return rows.map((r) => ({
    id: Number(r.id), orderNo: String(r.order_no), status: Number(r.status), waveNo: r.wave_no == null || r.wave_no === '' ? null : String(r.wave_no),
    pickedQty: Number(r.picked_qty), shipmentApproved: r.shipment_approved === true, lockFromStatus: r.lock_from_status == null ? null : Number(r.lock_from_status),
    orderType: Number(r.order_type), expectedContainerNo: r.expected_container_no == null ? null : String(r.expected_container_no),
    brushed: r.warehouse_brushed === true, expectedQty: Number(r.expected_qty), allocatedQty: Number(r.allocated_qty),
  }))
}

const refuseNotTob = (r: TobRow) => {
  if (r.orderType !== OrderType.TOB) throw conflict('tob:errors.notTob', { orderNo: r.orderNo })
}

defineHandler<z.output<typeof TobUpdateArgs>>('outbound.tob.update', async ({ tx, auth, args, setSummary }) => {
  const [r] = await lockOrders(tx, auth, [args.id])
  refuseNotTob(r!)
  if (!EDITABLE.includes(r!.status) || r!.waveNo) {
    throw conflict('tob:errors.editStatus', { orderNo: r!.orderNo, status: r!.status, waveNo: r!.waveNo ?? '' })
  }
  const h = { ...args, orderType: OrderType.TOB }
  const issues = tobFieldIssues(h)
  const qty = issues.length ? null : tobQtyIssue(h, r!.expectedQty)
  if (qty) throw new AppError(409, qty.messageKey, qty.params, [{ ...qty, params: { fieldKey: `tob:fields.${qty.field}`, ...qty.params } }], { confirmNeeded: true, ...qty.params })
  if (issues.length) throw new AppError(400, issues[0]!.messageKey, issues[0]!.params, issues.map((i) => ({ ...i, params: { fieldKey: `tob:fields.${i.field}`, ...i.params } })))
  await tx.execute(sql`
    UPDATE outbound_order SET destination_warehouse = ${args.destinationWarehouse ?? null}, expected_container_no = ${args.expectedContainerNo ?? null},
      logistics_provider = ${args.logisticsProvider ?? null}, channel = ${args.channel ?? null}, business_type = ${args.businessType ?? null},
      box_mark = ${args.boxMark ?? null}, delivery_mode = ${args.deliveryMode ?? null},
      product_natures = ${args.productNatures?.length ? sql`${`{${args.productNatures.join(',')}}`}::text[]` : null},
      marketplace_qty = ${args.marketplaceQty ?? null}, updated_at = now(), updated_by = ${auth.userId}
    WHERE id = ${r!.id}`)
  setSummary(`${r!.orderNo} ToB fields: ${TOB_FIELDS.filter((f) => args[f] != null).join(',')}`)
  return { id: r!.id, orderNo: r!.orderNo }
})

defineHandler<z.output<typeof TobAssignArgs>>('outbound.tob.assignPicking', async ({ tx, auth, args, setSummary }) => {
  const rows = await lockOrders(tx, auth, args.ids)
  for (const r of rows) {
    refuseNotTob(r)
    // Spec section 4: "Batch assign picking needs effective status" (and no wave yet).
    const refusal = waveRefusal(r)
    if (refusal) throw conflict(refusal.key, refusal.params)
  }
  // … "and same expected container number" (orders without one go together only with orders without one).
  const first = rows[0]!
  const other = rows.find((r) => r.expectedContainerNo !== first.expectedContainerNo)
  if (other) {
    throw conflict('tob:errors.containerDiffers', { orderNo: other.orderNo, containerNo: other.expectedContainerNo ?? '—', firstNo: first.orderNo, firstContainerNo: first.expectedContainerNo ?? '—' })
  }
  const short = rows.find((r) => r.allocatedQty < r.expectedQty)
  if (short) throw conflict('outbound:wave.errors.orderShort', { orderNo: short.orderNo, short: short.expectedQty - short.allocatedQty })
  const orders = await waveableOrders(tx, auth, rows.map((r) => r.id))
  const w = await makeWave(tx, auth, orders, args.pickMode, args.taskMode, null)
  setSummary(`${w.waveNo} container=${first.expectedContainerNo ?? '-'} orders=${w.orders} tasks=${w.tasks.join(',')}`)
  return { waveNo: w.waveNo, orders: w.orders, qty: w.qty, tasks: w.tasks, expectedContainerNo: first.expectedContainerNo } satisfies TobAssigned
})

defineHandler<TobSplitMethodArgs>('outbound.tob.splitMethod', async ({ tx, auth, args, setSummary }) => {
  const rows = await lockOrders(tx, auth, args.ids)
  for (const r of rows) {
    refuseNotTob(r)
    // The same statuses as splitting (draft or in force, no wave).
    refuseUnlessAllowed(outboundOrderMachine, 'outbound.order.split', r, { userId: auth.userId })
    if (r.brushed) throw conflict('tob:errors.brushedSplit', { orderNo: r.orderNo })
  }
  await tx.execute(sql`UPDATE outbound_order SET split_method = ${args.splitMethod}, updated_at = now(), updated_by = ${auth.userId}
    WHERE id = ANY(${`{${rows.map((r) => r.id).join(',')}}`}::int[])`)
  setSummary(`split method ${args.splitMethod}: ${rows.map((r) => r.orderNo).join(',')}`)
  return { changed: rows.map((r) => ({ id: r.id, orderNo: r.orderNo })) } satisfies TobSplitMethodResult
})

// ---------------------------------------------------------------------------------------------
// The ToB order list.

export const TOB_API = { list: '/api/outbound/tob/orders' } as const

export function tobOrderList(s: Pick<OutboundSettings, 'pickingSendingTimeoutHours' | 'notIssuedDays'>, now = new Date()) {
  const base = orderList(s, now)
  return {
    ...base,
    // The select is the outbound order list's, ToB fields included (orders.ts ORDER_LIST).
    where: () => sql`${o.orderType} = ${OrderType.TOB}`,
    filters: {
      ...base.filters,
      expectedContainerNo: { type: 'text', column: o.expectedContainerNo },
      destinationWarehouse: { type: 'text', column: o.destinationWarehouse },
      businessType: { type: 'enum', column: o.businessType, values: [...BUSINESS_TYPES] },
    },
  } satisfies ListDef
}
const LIST_SHAPE = tobOrderList({ pickingSendingTimeoutHours: 48, notIssuedDays: 15 })

export const tobArea: Area = (app, { db }) => {
  registerRoutes(app, [
    defineRoute({
      method: 'GET', url: TOB_API.list, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'ToB outbound orders of the current warehouse and tenant, with their ToB fields and the not-issued flag (filters as the outbound order list, expected container number, destination warehouse, business type, notIssued)',
      query: listQuerySchema(LIST_SHAPE),
      handler: async ({ query, auth }) => runList(db, tobOrderList(await outboundSettings(db, auth)), query, auth),
    }),
  ])
}

