// Other inbound, other outbound, other pick, other ship and defective outbound (issue 20, part E1): the read
// side as declared lists over the inbound and outbound flows' own lists (the same fields and filters,
// narrowed to type Other), the picking tasks of other outbound orders, and the defective stock. Importing
// this module registers the commands' handlers (./handlers.ts). Part G: the other outbound import's template
// and dry run (./import.ts, which also registers outbound.other.import).
import { and, eq, sql } from 'drizzle-orm'
import type { Area } from '../../http/area'
import { defineRoute, raw, registerRoutes } from '../../http/route'
import { contentDisposition, listQuerySchema, outer, runList, type ListDef } from '../../http/list'
import { inboundOrder, inventoryBalance, outboundOrder, pickingTask } from '../../db/schema/index'
import { resourceTables } from '../../db/schema/resources'
import { timeoutHours } from '../../inventory/timeouts'
import { orderList as inboundOrderList } from '../inbound/orders'
import { orderList as outboundOrderList } from '../outbound/orders'
import { outboundSettings, taskList, type OutboundSettings } from '../outbound/picking'
import { DICTIONARIES, InboundType, OrderType, OutboundOrderStatus, StockStatus } from '../../../domain/dictionaries'
import { OTHER_API, OTHER_PERMISSIONS as P } from '../../../../commands/other-inout'
import { receiveOneFile } from '../../http/upload'
import { templateWorkbook } from '../../resources/importer'
import { OTHER_OUTBOUND_SHEET, otherImportDryRun } from './import'
import './handlers'

const OS = OutboundOrderStatus
const i = inboundOrder
const o = outboundOrder
const t = pickingTask
const b = inventoryBalance
const sku = resourceTables.sku!
const style = resourceTables.style!
const color = resourceTables.color!
const size = resourceTables.size!
const location = resourceTables.location!
const area = resourceTables.storageArea!

/** Other inbound orders: the inbound order list, type Other only, with the reason. */
export function otherInboundList(hours: number) {
  const base = inboundOrderList(hours)
  const reason = i.otherReason
  return {
    ...base,
    filters: { ...base.filters, otherReason: { type: 'enum', column: reason, values: DICTIONARIES.otherInboundReason.map((e) => e.value) } },
    where: () => sql`${i.inboundType} = ${InboundType.Other}`,
  } satisfies ListDef
}

/** Other outbound orders: the outbound order list, type Other only, with the reason and the stock status taken; `ship`: those to ship and shipped. */
export function otherOutboundList(s: OutboundSettings, ship = false) {
  const base = outboundOrderList(s)
  const reason = o.otherReason
  const status = o.stockStatus
  return {
    ...base,
    select: { ...base.select, otherReason: reason, stockStatus: status },
    filters: {
      ...base.filters,
      otherReason: { type: 'enum', column: reason, values: DICTIONARIES.otherOutboundReason.map((e) => e.value) },
      stockStatus: { type: 'enum', column: status, values: DICTIONARIES.stockStatus.map((e) => e.value) },
    },
    where: () => (ship
      ? sql`${o.orderType} = ${OrderType.Other} AND ${o.status} IN (${OS.ReadyOut}, ${OS.Over}, ${OS.DeficiencyOver})`
      : sql`${o.orderType} = ${OrderType.Other}`),
  } satisfies ListDef
}

/** Picking tasks holding other outbound orders (the picking station works them). */
export function otherPickList(s: OutboundSettings) {
  const base = taskList(s)
  return {
    ...base,
    select: {
      ...base.select,
      otherReasons: sql<string | null>`(SELECT string_agg(DISTINCT x.other_reason, ', ') FROM picking_task_line l JOIN outbound_order x ON x.id = l.order_id WHERE l.task_id = ${outer(t.id)})`.as('otherReasons'),
    },
    where: () => sql`EXISTS (SELECT 1 FROM picking_task_line l JOIN outbound_order x ON x.id = l.order_id WHERE l.task_id = ${t.id} AND x.order_type = ${OrderType.Other})`,
  } satisfies ListDef
}

/** Defective stock by location and SKU: on hand, what open orders hold, what is free to send out. */
export const DEFECTIVE_LIST = {
  table: b,
  join: (q: any) => q
    .innerJoin(sku, eq(sku.id, b.skuId))
    .innerJoin(style, eq(style.id, sku.styleId))
    .innerJoin(color, eq(color.id, sku.colorId))
    .innerJoin(size, eq(size.id, sku.sizeId))
    .innerJoin(location, eq(location.id, b.locationId))
    .innerJoin(area, eq(area.id, location.storageAreaId)),
  select: {
    id: b.id, skuId: b.skuId, skuCode: sku.skuCode, styleNo: style.styleNo, colorName: color.name, sizeName: size.name,
    locationId: b.locationId, locationCode: location.code, areaCode: area.code, areaType: area.type, batchNo: b.batchNo,
    stockStatus: b.stockStatus, onHand: b.onHand, locked: b.locked,
    freeQty: sql<number>`(${b.onHand} - ${b.locked})`.as('freeQty'),
    firstInAt: b.firstInAt, updatedAt: b.updatedAt,
  },
  scope: { tenant: b.tenantId, warehouse: b.warehouseId },
  key: b.id,
  sortable: { skuCode: sku.skuCode, locationCode: location.code, areaCode: area.code, onHand: b.onHand, locked: b.locked, updatedAt: b.updatedAt, id: b.id },
  defaultSort: 'locationCode:asc',
  filters: {
    skuCode: { type: 'text', column: sku.skuCode },
    styleNo: { type: 'text', column: style.styleNo },
    locationCode: { type: 'text', column: location.code },
    areaCode: { type: 'text', column: area.code },
    batchNo: { type: 'text', column: b.batchNo },
    free: { type: 'enum', column: sql`(${b.onHand} > ${b.locked})::text`, values: ['true', 'false'] },
  },
  where: () => and(eq(b.stockStatus, StockStatus.Defective), sql`${b.onHand} > 0`),
} satisfies ListDef

const INBOUND_SHAPE = otherInboundList(48)
const SETTINGS_SHAPE: OutboundSettings = { pickedLocationId: null, pickingTimeoutHours: 24, pickingSendingTimeoutHours: 48, notIssuedDays: 15, pickingRoute: 'corner' }
const OUTBOUND_SHAPE = otherOutboundList(SETTINGS_SHAPE)
const PICK_SHAPE = otherPickList(SETTINGS_SHAPE)

export const otherInoutArea: Area = (app, { db }) => {
  registerRoutes(app, [
    defineRoute({
      method: 'GET', url: OTHER_API.inbound, tags: ['other-inout'], envelope: 'main', auth: 'scoped', permission: P.inboundView,
      summary: 'Other inbound orders (inbound type Other) of the current warehouse and tenant, with their reason (filters as the inbound order list, and reason)',
      query: listQuerySchema(INBOUND_SHAPE),
      handler: async ({ query, auth }) => runList(db, otherInboundList((await timeoutHours(db, auth)).inbound), query, auth),
    }),
    defineRoute({
      method: 'GET', url: OTHER_API.outbound, tags: ['other-inout'], envelope: 'main', auth: 'scoped', permission: P.outboundView,
      summary: 'Other outbound orders (order type Other) with their reason and the stock status they take (filters as the outbound order list, reason, stock status)',
      query: listQuerySchema(OUTBOUND_SHAPE),
      handler: async ({ query, auth }) => runList(db, otherOutboundList(await outboundSettings(db, auth)), query, auth),
    }),
    defineRoute({
      method: 'GET', url: OTHER_API.ship, tags: ['other-inout'], envelope: 'main', auth: 'scoped', permission: P.shipView,
      summary: 'Other outbound orders picked and awaiting their ship confirmation, and those shipped',
      query: listQuerySchema(OUTBOUND_SHAPE),
      handler: async ({ query, auth }) => runList(db, otherOutboundList(await outboundSettings(db, auth), true), query, auth),
    }),
    defineRoute({
      method: 'GET', url: OTHER_API.pickTasks, tags: ['other-inout'], envelope: 'main', auth: 'scoped', permission: P.pickView,
      summary: 'Picking tasks of other outbound orders (worked at the picking station)',
      query: listQuerySchema(PICK_SHAPE),
      handler: async ({ query, auth }) => runList(db, otherPickList(await outboundSettings(db, auth)), query, auth),
    }),
    defineRoute({
      method: 'GET', url: OTHER_API.defective, tags: ['other-inout'], envelope: 'main', auth: 'scoped', permission: P.defectiveView,
      summary: 'Defective stock (stock status Defective) by location and SKU: on hand, held by open orders, free to send out',
      query: listQuerySchema(DEFECTIVE_LIST),
      handler: ({ query, auth }) => runList(db, DEFECTIVE_LIST, query, auth),
    }),
    defineRoute({
      method: 'GET', url: OTHER_API.outboundTemplate, tags: ['other-inout'], envelope: 'raw', auth: 'scoped', permission: P.outboundImport,
      summary: 'Other outbound import template (one row per line; rows with the same order reference make one order; reason, stock status, receiver and remark from its first row)',
      handler: async ({ raw: req }, reply) => {
        const buf = await templateWorkbook(OTHER_OUTBOUND_SHEET, req.lang)
        reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', contentDisposition('OTHER_OUTBOUND_TEMPLATE.xlsx'))
        return raw(buf)
      },
    }),
    defineRoute({
      method: 'POST', url: OTHER_API.outboundDryRun, tags: ['other-inout'], envelope: 'main', auth: 'scoped', permission: P.outboundImport, rawBody: true,
      summary: 'Other outbound import dry run (multipart `file`): every bad row and cell at once; writes nothing',
      handler: async ({ auth, raw: req }) => otherImportDryRun(db, auth, req.lang, (await receiveOneFile(req, 'template')).content),
    }),
  ])
}
