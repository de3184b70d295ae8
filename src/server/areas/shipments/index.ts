// The shipments area (issue 21, part K1): importing it registers the ToB packing-from-order and shipment
// handlers (./packing.ts, ./handlers.ts) and the palette lookup of FY numbers; its routes are the read
// side — the shipment list (shipment-details, tob-shipping: a declared list) and one shipment with its
// orders, boxes and ledger rows (outbound-details, tob-shipping-details).
import { z } from 'zod'
import { sql } from 'drizzle-orm'
import type { Area } from '../../http/area'
import { defineRoute, registerRoutes } from '../../http/route'
import { listQuerySchema, listRoute, outer, streamListXlsx, type ExportColumn, type ListDef, type ListQuery } from '../../http/list'
import { notFound } from '../../http/errors'
import { rowsOf } from '../../db/rows'
import { shipment } from '../../db/schema/index'
import { DOC_PREFIX } from '../../inventory/doc-no'
import { translate } from '../../i18n'
import { containsPattern, registerDocumentLookup } from '../search/registry'
import { dictLabelKey, ShipmentStatus } from '../../../domain/dictionaries'
import type { Language } from '../../../domain/i18n'
import { SHIPMENT_API, SHIPMENT_OUTBOUND_PATH, SHIPMENT_PERMISSIONS as P, shipmentDocPath } from '../../../../commands/shipments'
import { shipmentDetail } from './handlers'
import './packing'

const STATUSES = Object.values(ShipmentStatus).map(String)

export const SHIPMENT_LIST = {
  table: shipment,
  select: {
    id: shipment.id, shipmentNo: shipment.shipmentNo, status: shipment.status, approval: shipment.approval, businessType: shipment.businessType,
    channel: shipment.channel, destinationWarehouse: shipment.destinationWarehouse, containerNo: shipment.containerNo, port: shipment.port,
    shippingMethod: shipment.shippingMethod, forwarder: shipment.forwarder, billOfLading: shipment.billOfLading, sealNo: shipment.sealNo,
    trackingNo: shipment.trackingNo, departureAt: shipment.departureAt, arrivalAt: shipment.arrivalAt,
    boxCount: shipment.boxCount, shippedBoxes: shipment.shippedBoxes, grossWeight: shipment.grossWeight, volume: shipment.volume,
    orders: sql<number>`(SELECT count(DISTINCT sc.order_id)::int FROM shipment_carton sc WHERE sc.shipment_id = ${outer(shipment.id)})`.as('orders'),
    loadedBoxes: sql<number>`(SELECT count(*)::int FROM shipment_carton sc JOIN carton c ON c.id = sc.carton_id WHERE sc.shipment_id = ${outer(shipment.id)} AND c.loaded_at IS NOT NULL)`.as('loaded_boxes'),
    createdAt: shipment.createdAt, shippedAt: shipment.shippedAt,
  },
  scope: { tenant: shipment.tenantId, warehouse: shipment.warehouseId },
  key: shipment.id,
  sortable: { id: shipment.id, shipmentNo: shipment.shipmentNo, status: shipment.status, createdAt: shipment.createdAt, departureAt: shipment.departureAt, boxCount: shipment.boxCount },
  defaultSort: 'id:desc',
  filters: {
    shipmentNo: { type: 'text', column: shipment.shipmentNo },
    containerNo: { type: 'text', column: shipment.containerNo },
    trackingNo: { type: 'text', column: shipment.trackingNo },
    status: { type: 'enum', column: shipment.status, values: STATUSES },
    approval: { type: 'enum', column: shipment.approval, values: ['0', '1'] },
    businessType: { type: 'enum', column: shipment.businessType, values: ['sea', 'air', 'express', 'railway'] },
    createdAt: { type: 'dateRange', column: shipment.createdAt },
  },
} satisfies ListDef

/** The export's columns: the list's, labelled in the caller's language (statuses and approval as words). */
const exportColumns = (lang: Language): ExportColumn<Record<string, unknown>>[] => [
  { key: 'shipmentNo', titleKey: 'shipments:fields.shipmentNo' },
  { key: 'status', titleKey: 'shipments:fields.status', value: (r) => translate(lang, dictLabelKey('shipmentStatus', String(r.status))) },
  { key: 'approval', titleKey: 'shipments:fields.approval', value: (r) => translate(lang, `shipments:approval.${String(r.approval)}`) },
  { key: 'businessType', titleKey: 'shipments:fields.businessType', value: (r) => translate(lang, dictLabelKey('businessType', String(r.businessType))) },
  ...(['channel', 'destinationWarehouse', 'containerNo', 'orders', 'boxCount', 'loadedBoxes', 'shippedBoxes', 'grossWeight', 'volume', 'port', 'shippingMethod',
    'forwarder', 'billOfLading', 'sealNo', 'trackingNo', 'departureAt', 'arrivalAt', 'createdAt', 'shippedAt'] as const).map((key) => ({ key, titleKey: `shipments:fields.${key}` })),
]

const NoParams = z.object({ shipmentNo: z.string().trim().min(1).max(40).transform((s) => s.toUpperCase()) })

registerDocumentLookup({
  type: 'shipment', titleKey: 'shipments:document', prefixes: [DOC_PREFIX.shipment], permission: P.view,
  group: 'document', opens: { path: `${SHIPMENT_OUTBOUND_PATH}?no={no}`, testId: 'shipment-doc' },
  async search(db, auth, q, limit, lang) {
    const term = q.trim().toUpperCase()
    return rowsOf(await db.execute(sql`
      SELECT id, shipment_no, status FROM shipment WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND shipment_no ILIKE ${containsPattern(term)}
      ORDER BY (shipment_no = ${term}) DESC, id DESC LIMIT ${limit}`)).map((r) => ({
      type: 'shipment', id: Number(r.id), number: String(r.shipment_no), status: Number(r.status),
      title: `${translate(lang, 'shipments:document')} · ${translate(lang, dictLabelKey('shipmentStatus', String(r.status)))}`,
      path: shipmentDocPath(encodeURIComponent(String(r.shipment_no))),
    }))
  },
})

export const shipmentsArea: Area = (app, { db }) => {
  registerRoutes(app, [
    listRoute(db, SHIPMENT_LIST, { url: SHIPMENT_API.list, summary: 'ToB shipments (FY): status, approval, container, boxes, weight, volume', tags: ['shipments'], permission: P.view }),
    defineRoute({
      method: 'GET', url: SHIPMENT_API.export, tags: ['shipments'], envelope: 'main', auth: 'scoped', permission: P.export,
      summary: 'ToB shipments as xlsx (current filter, or up to 50 selected ids)',
      query: listQuerySchema(SHIPMENT_LIST, { forExport: true }),
      handler: async ({ query, auth, raw: req }, reply) => streamListXlsx({
        db, def: SHIPMENT_LIST, query: query as ListQuery, auth, reply, lang: req.lang, columns: exportColumns(req.lang), fileBase: 'shipments', sheetKey: 'shipments:document', log: req.log,
      }),
    }),
    defineRoute({
      method: 'GET', url: '/api/shipments/by-no/:shipmentNo', summary: 'One shipment: its fields, its orders, its boxes and the ledger rows under its number',
      tags: ['shipments'], envelope: 'main', auth: 'scoped', permission: P.view, params: NoParams,
      handler: async ({ params, auth }) => {
        const d = await shipmentDetail(db, auth, params.shipmentNo)
        if (!d) throw notFound('shipments:errors.shipmentNotFound', { shipmentNo: params.shipmentNo })
        return d
      },
    }),
  ])
}
