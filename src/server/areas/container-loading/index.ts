// The container-loading area (issue 21 "Shipments and containers", part K2): importing it registers the
// loading handlers (./handlers.ts) and the palette lookup of ZG numbers; its routes are the read side —
// the loading documents as a declared list, one document by its number (its boxes, the live count
// against its capacity, its ledger rows) and the open document of a container number (the station's
// first scan).
import { z } from 'zod'
import { sql } from 'drizzle-orm'
import type { Area } from '../../http/area'
import { defineRoute, registerRoutes } from '../../http/route'
import { notFound } from '../../http/errors'
import { listRoute, outer, type ListDef } from '../../http/list'
import { rowsOf } from '../../db/rows'
import { containerLoading, outboundOrder as o } from '../../db/schema/index'
import { DOC_PREFIX } from '../../inventory/doc-no'
import { registerDocumentLookup, containsPattern } from '../search/registry'
import { translate } from '../../i18n'
import { BUSINESS_TYPES, dictLabelKey, LoadingStatus, OrderType, OutboundOrderStatus } from '../../../domain/dictionaries'
import { CONTAINER_SIZE_CODES } from '../../../domain/container-loading'
import { CONTAINER_API, CONTAINER_PERMISSIONS as P, loadingDetailPath } from '../../../../commands/container-loading'
import { LOADING_DOC, loadingDetail } from './handlers'

const n = (v: unknown) => Number(v)
const STATUSES = Object.values(LoadingStatus).map(String)

const LOADING_LIST = {
  table: containerLoading,
  select: {
    id: containerLoading.id, loadingNo: containerLoading.loadingNo, containerNo: containerLoading.containerNo, containerSize: containerLoading.containerSize,
    agl: containerLoading.agl, status: containerLoading.status, sealNo: containerLoading.sealNo,
    capacityVolume: sql<number>`${containerLoading.capacityVolume}::float8`.as('capacity_volume'), maxWeight: sql<number>`${containerLoading.maxWeight}::float8`.as('max_weight'),
    boxes: sql<number>`(SELECT count(*)::int FROM container_load_box lb WHERE lb.loading_id = ${outer(containerLoading.id)})`.as('boxes'),
    volume: sql<number>`(SELECT round(coalesce(sum(c.volume), 0) / 1000, 3)::float8 FROM container_load_box lb JOIN carton c ON c.id = lb.carton_id WHERE lb.loading_id = ${outer(containerLoading.id)})`.as('volume'),
    weight: sql<number>`(SELECT round(coalesce(sum(c.weight), 0), 3)::float8 FROM container_load_box lb JOIN carton c ON c.id = lb.carton_id WHERE lb.loading_id = ${outer(containerLoading.id)})`.as('weight'),
    createdByName: containerLoading.createdByName, createdAt: containerLoading.createdAt, closedAt: containerLoading.closedAt, shippedAt: containerLoading.shippedAt,
  },
  scope: { tenant: containerLoading.tenantId, warehouse: containerLoading.warehouseId },
  key: containerLoading.id,
  sortable: { id: containerLoading.id, loadingNo: containerLoading.loadingNo, containerNo: containerLoading.containerNo, status: containerLoading.status, createdAt: containerLoading.createdAt },
  defaultSort: 'id:desc',
  filters: {
    loadingNo: { type: 'text', column: containerLoading.loadingNo },
    containerNo: { type: 'text', column: containerLoading.containerNo },
    status: { type: 'enum', column: containerLoading.status, values: STATUSES },
    containerSize: { type: 'enum', column: containerLoading.containerSize, values: CONTAINER_SIZE_CODES },
    createdAt: { type: 'dateRange', column: containerLoading.createdAt },
  },
} satisfies ListDef

/** The allot-container screen: ToB orders with their expected container and how many of their boxes are loaded (and where). */
const ALLOT_LIST = {
  table: o,
  select: {
    id: o.id, orderNo: o.orderNo, status: o.status, expectedContainerNo: o.expectedContainerNo, destinationWarehouse: o.destinationWarehouse,
    businessType: o.businessType, logisticsProvider: o.logisticsProvider, createdAt: o.createdAt,
    boxes: sql<number>`(SELECT count(*)::int FROM carton c WHERE c.tenant_id = ${outer(o.tenantId)} AND c.warehouse_id = ${outer(o.warehouseId)} AND c.doc_no = ${outer(o.orderNo)})`.as('boxes'),
    loadedBoxes: sql<number>`(SELECT count(*)::int FROM carton c WHERE c.tenant_id = ${outer(o.tenantId)} AND c.warehouse_id = ${outer(o.warehouseId)} AND c.doc_no = ${outer(o.orderNo)} AND c.loading_no IS NOT NULL)`.as('loaded_boxes'),
    loadedIn: sql<string | null>`(SELECT string_agg(DISTINCT cl.container_no, ', ') FROM carton c JOIN container_loading cl ON cl.tenant_id = c.tenant_id AND cl.warehouse_id = c.warehouse_id AND cl.loading_no = c.loading_no
      WHERE c.tenant_id = ${outer(o.tenantId)} AND c.warehouse_id = ${outer(o.warehouseId)} AND c.doc_no = ${outer(o.orderNo)})`.as('loaded_in'),
  },
  scope: { tenant: o.tenantId, warehouse: o.warehouseId },
  key: o.id,
  sortable: { id: o.id, orderNo: o.orderNo, createdAt: o.createdAt, expectedContainerNo: o.expectedContainerNo },
  defaultSort: 'id:desc',
  where: () => sql`${o.orderType} = ${OrderType.TOB}`,
  filters: {
    orderNo: { type: 'text', column: o.orderNo },
    expectedContainerNo: { type: 'text', column: o.expectedContainerNo },
    destinationWarehouse: { type: 'text', column: o.destinationWarehouse },
    businessType: { type: 'enum', column: o.businessType, values: [...BUSINESS_TYPES] },
    status: { type: 'enum', column: o.status, values: Object.values(OutboundOrderStatus).map(String) },
  },
} satisfies ListDef

const upper = z.string().trim().min(1).max(40).transform((s) => s.toUpperCase())

registerDocumentLookup({
  type: 'containerLoading', titleKey: 'containers:document', prefixes: [DOC_PREFIX.containerLoading], permission: P.view,
  group: 'document', opens: { path: '/container-load/loading-detail?no={no}', testId: 'loading-detail' },
  async search(db, auth, q, limit, lang) {
    const term = q.trim().toUpperCase()
    return rowsOf(await db.execute(sql`
      SELECT id, loading_no, container_no, status FROM container_loading WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}
        AND loading_no ILIKE ${containsPattern(term)}
      ORDER BY (loading_no = ${term}) DESC, id DESC LIMIT ${limit}`)).map((r) => ({
      type: 'containerLoading', id: n(r.id), number: String(r.loading_no), status: n(r.status),
      title: `${translate(lang, 'containers:document')} ${String(r.container_no)} · ${translate(lang, dictLabelKey('loadingStatus', String(r.status)))}`,
      path: loadingDetailPath(String(r.loading_no)),
    }))
  },
})

export const containerLoadingArea: Area = (app, { db }) => {
  registerRoutes(app, [
    listRoute(db, LOADING_LIST, { url: CONTAINER_API.loadings, summary: 'Container loading documents (ZG): boxes, volume and weight loaded against capacity', tags: ['container-loading'], permission: P.view }),
    listRoute(db, ALLOT_LIST, { url: CONTAINER_API.allotOrders, summary: 'ToB orders for allot container: expected container number, boxes and how many are loaded (and in which containers)', tags: ['container-loading'], permission: P.allotView }),
    defineRoute({
      method: 'GET', url: '/api/container-loading/loadings/by-no/:loadingNo', summary: 'One loading document: its boxes, the live count against capacity, its ledger rows',
      tags: ['container-loading'], envelope: 'main', auth: 'scoped', permission: P.view, params: z.object({ loadingNo: upper }),
      handler: async ({ params, auth }) => {
        const d = await loadingDetail(db, auth, params.loadingNo)
        const ledger = rowsOf(await db.execute(sql`
          SELECT g.id, g.reason, g.delta_on_hand, l.code AS location_code, s.sku_code, b.batch_no
          FROM inventory_ledger g JOIN inventory_balance b ON b.id = g.balance_id JOIN location l ON l.id = b.location_id JOIN product_sku s ON s.id = b.sku_id
          WHERE g.tenant_id = ${auth.tenantId} AND g.warehouse_id = ${auth.warehouseId} AND g.doc_type = ${LOADING_DOC} AND g.doc_no = ${d.loadingNo} ORDER BY g.id`))
          .map((r) => ({ id: n(r.id), reason: r.reason == null ? null : String(r.reason), delta: n(r.delta_on_hand), locationCode: String(r.location_code), skuCode: String(r.sku_code), batchNo: String(r.batch_no) }))
        return { ...d, ledger }
      },
    }),
    defineRoute({
      method: 'GET', url: '/api/container-loading/by-container/:containerNo', summary: 'The open (not shipped) loading document of a container number — the station\'s first scan',
      tags: ['container-loading'], envelope: 'main', auth: 'scoped', permission: P.station, params: z.object({ containerNo: upper }),
      handler: async ({ params, auth }) => {
        const [r] = rowsOf(await db.execute(sql`
          SELECT loading_no FROM container_loading WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND container_no = ${params.containerNo} AND shipped_at IS NULL`))
        if (!r) throw notFound('containers:errors.noOpenLoading', { containerNo: params.containerNo })
        return { ...(await loadingDetail(db, auth, String(r.loading_no))), ledger: [] }
      },
    }),
  ])
}
