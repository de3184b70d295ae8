// Stock (stock-manage → stock-manage-list): the balances of the current warehouse+tenant with their
// SKU, style, color, size, location and area; `explain` of one balance (its ledger rows: who, what,
// when); and the invariant check (balance = Σ ledger, locked = Σ open reservations) as an admin
// command. Read-only: stock changes only through documents and the ledger service.
import { z } from 'zod'
import { eq, sql } from 'drizzle-orm'
import type { Area } from '../../http/area'
import { inventoryBalance } from '../../db/schema/index'
import { resourceTables } from '../../db/schema/resources'
import { defineRoute, registerRoutes } from '../../http/route'
import { notFound } from '../../http/errors'
import { listQuerySchema, listRoute, streamListXlsx, type ExportColumn, type ListDef } from '../../http/list'
import { explainBalance, checkInvariants } from '../../inventory/ledger'
import { defineHandler } from '../../commands/registry'
import { DICTIONARIES, StockStatus } from '../../../domain/dictionaries'

export const STOCK_PERMISSIONS = {
  view: 'menu:stock-manage-list', export: 'stock-manage-list:export', explain: 'stock-manage-list:explain', check: 'stock-manage-list:check',
} as const

const sku = resourceTables.sku!
const style = resourceTables.style!
const color = resourceTables.color!
const size = resourceTables.size!
const location = resourceTables.location!
const area = resourceTables.storageArea!
const b = inventoryBalance

export const stockList = {
  table: b,
  join: (q: any) => q
    .innerJoin(sku, eq(sku.id, b.skuId))
    .innerJoin(style, eq(style.id, sku.styleId))
    .innerJoin(color, eq(color.id, sku.colorId))
    .innerJoin(size, eq(size.id, sku.sizeId))
    .innerJoin(location, eq(location.id, b.locationId))
    .innerJoin(area, eq(area.id, location.storageAreaId)),
  select: {
    id: b.id,
    skuId: b.skuId,
    skuCode: sku.skuCode,
    styleNo: style.styleNo,
    colorName: color.name,
    sizeName: size.name,
    locationId: b.locationId,
    locationCode: location.code,
    areaId: area.id,
    areaCode: area.code,
    areaType: area.type,
    batchNo: b.batchNo,
    stockStatus: b.stockStatus,
    onHand: b.onHand,
    locked: b.locked,
    // Only normal stock is ever available: frozen (a short pick's), defective and sample stock is on hand
    // and shown, never offered (allocation takes normal stock only: inventory/allocation.ts).
    available: sql<number>`CASE WHEN ${b.stockStatus} = ${StockStatus.Normal} THEN ${b.onHand} - ${b.locked} ELSE 0 END`.as('available'),
    firstInAt: b.firstInAt,
    updatedAt: b.updatedAt,
  },
  scope: { tenant: b.tenantId, warehouse: b.warehouseId },
  key: b.id,
  sortable: {
    skuCode: sku.skuCode, styleNo: style.styleNo, locationCode: location.code, areaCode: area.code, batchNo: b.batchNo,
    stockStatus: b.stockStatus, onHand: b.onHand, locked: b.locked, firstInAt: b.firstInAt, updatedAt: b.updatedAt, id: b.id,
  },
  defaultSort: 'locationCode:asc',
  filters: {
    skuCode: { type: 'text', column: sku.skuCode },
    styleNo: { type: 'text', column: style.styleNo },
    locationCode: { type: 'text', column: location.code },
    areaCode: { type: 'text', column: area.code },
    batchNo: { type: 'text', column: b.batchNo },
    stockStatus: { type: 'enum', column: b.stockStatus, values: DICTIONARIES.stockStatus.map((e) => e.value) },
    onHand: { type: 'numberRange', column: b.onHand },
  },
  // Empty balances stay for their history (explain) but are not stock.
  where: () => sql`(${b.onHand} > 0 OR ${b.locked} > 0)`,
} satisfies ListDef

type StockRow = { [K in keyof typeof stockList.select]: unknown }

const exportColumns: ExportColumn<StockRow>[] = [
  { key: 'skuCode', titleKey: 'stock:col.skuCode', width: 22 },
  { key: 'styleNo', titleKey: 'stock:col.styleNo', width: 14 },
  { key: 'colorName', titleKey: 'stock:col.colorName', width: 12 },
  { key: 'sizeName', titleKey: 'stock:col.sizeName', width: 10 },
  { key: 'locationCode', titleKey: 'stock:col.locationCode', width: 16 },
  { key: 'areaCode', titleKey: 'stock:col.areaCode', width: 10 },
  { key: 'batchNo', titleKey: 'stock:col.batchNo', width: 14 },
  { key: 'stockStatus', titleKey: 'stock:col.stockStatus', width: 10 },
  { key: 'onHand', titleKey: 'stock:col.onHand', width: 10 },
  { key: 'locked', titleKey: 'stock:col.locked', width: 10 },
  { key: 'available', titleKey: 'stock:col.available', width: 10 },
]

/** stock.invariants.check — the admin's proof that balances agree with the ledger and reservations. */
defineHandler('stock.invariants.check', async ({ tx, auth, setSummary }) => {
  const r = await checkInvariants(tx, { tenantId: auth.tenantId, warehouseId: auth.warehouseId })
  setSummary(`balances=${r.balances} ledgerRows=${r.ledgerRows} violations=${r.violations.length}`)
  return { ...r, violations: r.violations.slice(0, 200) }
})

export const stockArea: Area = (app, { db }) => {
  registerRoutes(app, [
    listRoute(db, stockList, { url: '/api/stock/list', summary: 'Stock balances of the current warehouse and tenant (filters: SKU, style, location, area, status, batch)', tags: ['stock'], permission: STOCK_PERMISSIONS.view }),
    defineRoute({
      method: 'GET', url: '/api/stock/export', summary: 'Stock balances as xlsx (current filter, or up to 50 selected ids)',
      tags: ['stock'], envelope: 'main', auth: 'scoped', permission: STOCK_PERMISSIONS.export,
      query: listQuerySchema(stockList, { forExport: true }),
      handler: ({ query, auth, raw: req }, reply) => streamListXlsx({
        db, def: stockList, query, auth, reply, lang: req.lang, columns: exportColumns,
        fileBase: 'stock', sheetKey: 'stock:title', log: req.log,
      }),
    }),
    defineRoute({
      method: 'GET', url: '/api/stock/balances/:id/explain', summary: 'One balance and its ledger rows, newest first (who, what, when)',
      tags: ['stock'], envelope: 'main', auth: 'scoped', permission: STOCK_PERMISSIONS.explain,
      params: z.object({ id: z.coerce.number().int().positive() }),
      handler: async ({ params, auth }) => {
        const r = await explainBalance(db, auth, params.id)
        if (!r) throw notFound()
        return r
      },
    }),
  ])
}
