// Samples, sample out and defective reports (issue 20 part E2): importing this area registers its
// handlers (./handlers.ts) and the approval kind 'sampleOut'; its routes are the read side — sample out
// requests and their lines, approval records (every registered kind), sample stock, sample lend/return
// documents, defective reports — as declared lists, and the palette lookups for YP and CP numbers.
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Area } from '../../http/area'
import { registerRoutes } from '../../http/route'
import { listRoute, type ListDef } from '../../http/list'
import { rowsOf } from '../../db/rows'
import { approvalRecord, defectiveReport, inventoryBalance, sampleMove, sampleOut, sampleOutLine } from '../../db/schema/index'
import { resourceTables } from '../../db/schema/resources'
import { translate } from '../../i18n'
import { registerDocumentLookup, containsPattern } from '../search/registry'
import { DOC_PREFIX } from '../../inventory/doc-no'
import { ApprovalStatus, dictLabelKey, StockStatus, StorageAreaType } from '../../../domain/dictionaries'
import { SAMPLE_API, SAMPLE_PERMISSIONS as P, DEFECT_REASONS } from '../../../../commands/samples'
import './handlers'

const location = resourceTables.location!
const area = resourceTables.storageArea!
const sku = resourceTables.sku!
const STATUSES = Object.values(ApprovalStatus).map(String)
const n = (v: unknown) => Number(v)

const OUT_LIST = {
  table: sampleOut,
  select: {
    id: sampleOut.id, outNo: sampleOut.outNo, status: sampleOut.status, purpose: sampleOut.purpose, borrower: sampleOut.borrower,
    expectedReturnDate: sampleOut.expectedReturnDate, totalQty: sampleOut.totalQty, lineCount: sampleOut.lineCount, remark: sampleOut.remark,
    createdBy: sampleOut.createdBy, createdByName: sampleOut.createdByName, createdAt: sampleOut.createdAt,
    approverName: sampleOut.approverName, opinion: sampleOut.opinion, decidedAt: sampleOut.decidedAt, completedByName: sampleOut.completedByName, completedAt: sampleOut.completedAt,
  },
  scope: { tenant: sampleOut.tenantId, warehouse: sampleOut.warehouseId },
  key: sampleOut.id,
  sortable: { outNo: sampleOut.outNo, status: sampleOut.status, createdAt: sampleOut.createdAt, expectedReturnDate: sampleOut.expectedReturnDate, id: sampleOut.id },
  defaultSort: 'createdAt:desc',
  filters: {
    outNo: { type: 'text', column: sampleOut.outNo },
    borrower: { type: 'text', column: sampleOut.borrower },
    status: { type: 'enum', column: sampleOut.status, values: STATUSES },
    createdAt: { type: 'dateRange', column: sampleOut.createdAt },
  },
} satisfies ListDef

const OUT_LINE_LIST = {
  table: sampleOutLine,
  join: (q: any) => q.innerJoin(sampleOut, eq(sampleOut.id, sampleOutLine.sampleOutId)).innerJoin(location, eq(location.id, sampleOutLine.locationId))
    .innerJoin(sku, eq(sku.id, sampleOutLine.skuId)),
  select: {
    id: sampleOutLine.id, outNo: sampleOut.outNo, lineNo: sampleOutLine.lineNo, skuCode: sku.skuCode, locationCode: location.code,
    batchNo: sampleOutLine.batchNo, qty: sampleOutLine.qty, status: sampleOut.status,
  },
  scope: { tenant: sampleOut.tenantId, warehouse: sampleOut.warehouseId },
  key: sampleOutLine.id,
  sortable: { outNo: sampleOut.outNo, lineNo: sampleOutLine.lineNo, id: sampleOutLine.id },
  defaultSort: 'id:asc',
  filters: { outNo: { type: 'text', column: sampleOut.outNo }, skuCode: { type: 'text', column: sku.skuCode } },
} satisfies ListDef

/** Approval records of every registered kind (number, initiator, time, approver, opinion, status — spec section 3). */
const APPROVAL_LIST = {
  table: approvalRecord,
  select: {
    id: approvalRecord.id, subjectKind: approvalRecord.subjectKind, subjectNo: approvalRecord.subjectNo, round: approvalRecord.round, status: approvalRecord.status,
    initiatorName: approvalRecord.initiatorName, requestedAt: approvalRecord.requestedAt, approverName: approvalRecord.approverName,
    opinion: approvalRecord.opinion, decidedAt: approvalRecord.decidedAt, completedAt: approvalRecord.completedAt,
  },
  scope: { tenant: approvalRecord.tenantId, warehouse: approvalRecord.warehouseId },
  key: approvalRecord.id,
  sortable: { requestedAt: approvalRecord.requestedAt, subjectNo: approvalRecord.subjectNo, status: approvalRecord.status, decidedAt: approvalRecord.decidedAt, id: approvalRecord.id },
  defaultSort: 'id:desc',
  filters: {
    subjectNo: { type: 'text', column: approvalRecord.subjectNo },
    subjectKind: { type: 'enum', column: approvalRecord.subjectKind, values: ['sampleOut'] },
    status: { type: 'enum', column: approvalRecord.status, values: STATUSES },
    initiatorName: { type: 'text', column: approvalRecord.initiatorName },
    approverName: { type: 'text', column: approvalRecord.approverName },
  },
} satisfies ListDef

const balanceList = (where: () => ReturnType<typeof and>) => ({
  table: inventoryBalance,
  join: (q: any) => q.innerJoin(location, eq(location.id, inventoryBalance.locationId)).innerJoin(area, eq(area.id, location.storageAreaId))
    .innerJoin(sku, eq(sku.id, inventoryBalance.skuId)),
  select: {
    id: inventoryBalance.id, locationCode: location.code, areaCode: area.code, areaType: area.type, skuCode: sku.skuCode, batchNo: inventoryBalance.batchNo,
    stockStatus: inventoryBalance.stockStatus, onHand: inventoryBalance.onHand, locked: inventoryBalance.locked,
    free: sql<number>`${inventoryBalance.onHand} - ${inventoryBalance.locked}`.as('free'), updatedAt: inventoryBalance.updatedAt,
  },
  scope: { tenant: inventoryBalance.tenantId, warehouse: inventoryBalance.warehouseId },
  key: inventoryBalance.id,
  sortable: { locationCode: location.code, skuCode: sku.skuCode, onHand: inventoryBalance.onHand, updatedAt: inventoryBalance.updatedAt, id: inventoryBalance.id },
  defaultSort: 'locationCode:asc',
  filters: {
    locationCode: { type: 'text', column: location.code },
    skuCode: { type: 'text', column: sku.skuCode },
    stockStatus: { type: 'enum', column: inventoryBalance.stockStatus, values: Object.values(StockStatus).map(String) },
  },
  where,
}) satisfies ListDef
/** Samples: Sample-status stock anywhere, and any stock lying in a Sample area. */
const SAMPLE_STOCK_LIST = balanceList(() => and(sql`${inventoryBalance.onHand} > 0`, or(eq(inventoryBalance.stockStatus, StockStatus.Sample), eq(area.type, StorageAreaType.Sample))))
/** Defective goods on hand (for the defective screen): Defective-status stock. */
const DEFECTIVE_STOCK_LIST = balanceList(() => and(sql`${inventoryBalance.onHand} > 0`, inArray(inventoryBalance.stockStatus, [StockStatus.Defective])))

const fromLoc = sql`(SELECT l.code FROM location l WHERE l.id = ${sampleMove.fromLocationId})`
const MOVE_LIST = {
  table: sampleMove,
  join: (q: any) => q.innerJoin(sku, eq(sku.id, sampleMove.skuId)).innerJoin(location, eq(location.id, sampleMove.toLocationId)),
  select: {
    id: sampleMove.id, moveNo: sampleMove.moveNo, kind: sampleMove.kind, skuCode: sku.skuCode, qty: sampleMove.qty,
    fromLocationCode: fromLoc.mapWith(String).as('from_location_code'), toLocationCode: location.code, remark: sampleMove.remark,
    createdByName: sampleMove.createdByName, createdAt: sampleMove.createdAt,
  },
  scope: { tenant: sampleMove.tenantId, warehouse: sampleMove.warehouseId },
  key: sampleMove.id,
  sortable: { moveNo: sampleMove.moveNo, createdAt: sampleMove.createdAt, id: sampleMove.id },
  defaultSort: 'id:desc',
  filters: {
    moveNo: { type: 'text', column: sampleMove.moveNo },
    kind: { type: 'enum', column: sampleMove.kind, values: ['lend', 'return'] },
    skuCode: { type: 'text', column: sku.skuCode },
  },
} satisfies ListDef

const fromLocD = sql`(SELECT l.code FROM location l WHERE l.id = ${defectiveReport.fromLocationId})`
const DEFECTIVE_LIST = {
  table: defectiveReport,
  join: (q: any) => q.innerJoin(sku, eq(sku.id, defectiveReport.skuId)).innerJoin(location, eq(location.id, defectiveReport.toLocationId)),
  select: {
    id: defectiveReport.id, reportNo: defectiveReport.reportNo, skuCode: sku.skuCode, qty: defectiveReport.qty, reason: defectiveReport.reason,
    fromLocationCode: fromLocD.mapWith(String).as('from_location_code'), toLocationCode: location.code, remark: defectiveReport.remark,
    photoUrl: defectiveReport.photoUrl, createdByName: defectiveReport.createdByName, createdAt: defectiveReport.createdAt,
  },
  scope: { tenant: defectiveReport.tenantId, warehouse: defectiveReport.warehouseId },
  key: defectiveReport.id,
  sortable: { reportNo: defectiveReport.reportNo, createdAt: defectiveReport.createdAt, skuCode: sku.skuCode, id: defectiveReport.id },
  defaultSort: 'id:desc',
  filters: {
    reportNo: { type: 'text', column: defectiveReport.reportNo },
    skuCode: { type: 'text', column: sku.skuCode },
    reason: { type: 'enum', column: defectiveReport.reason, values: [...DEFECT_REASONS] },
    createdAt: { type: 'dateRange', column: defectiveReport.createdAt },
  },
} satisfies ListDef

// "Go to document": YP (sample out) and CP (defective report) by number.
registerDocumentLookup({
  type: 'sampleOut', titleKey: 'samples:document.sampleOut', prefixes: [DOC_PREFIX.sampleOut], permission: P.outView, group: 'document',
  opens: { path: '/stock-out/sample-out-management?outNo={no}', testId: 'sample-out-doc' },
  async search(db, auth, q, limit, lang) {
    const term = q.trim().toUpperCase()
    return rowsOf(await db.execute(sql`
      SELECT id, out_no, status, borrower FROM sample_out WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND out_no ILIKE ${containsPattern(term)}
      ORDER BY (out_no = ${term}) DESC, id DESC LIMIT ${limit}`)).map((r) => ({
      type: 'sampleOut', id: n(r.id), number: String(r.out_no), status: n(r.status),
      title: `${translate(lang, 'samples:document.sampleOut')} · ${translate(lang, dictLabelKey('approvalStatus', String(r.status)))} · ${String(r.borrower)}`,
      path: `/stock-out/sample-out-management?outNo=${encodeURIComponent(String(r.out_no))}`,
    }))
  },
})
registerDocumentLookup({
  type: 'defectiveReport', titleKey: 'samples:document.defectiveReport', prefixes: [DOC_PREFIX.defectiveReport], permission: P.reported, group: 'document',
  opens: { path: '/in-house-work/defective-reported?reportNo={no}', testId: 'defective-report-doc' },
  async search(db, auth, q, limit, lang) {
    const term = q.trim().toUpperCase()
    return rowsOf(await db.execute(sql`
      SELECT r.id, r.report_no, r.qty, s.sku_code FROM defective_report r JOIN product_sku s ON s.id = r.sku_id
      WHERE r.tenant_id = ${auth.tenantId} AND r.warehouse_id = ${auth.warehouseId} AND r.report_no ILIKE ${containsPattern(term)}
      ORDER BY (r.report_no = ${term}) DESC, r.id DESC LIMIT ${limit}`)).map((r) => ({
      type: 'defectiveReport', id: n(r.id), number: String(r.report_no),
      title: `${translate(lang, 'samples:document.defectiveReport')} · ${String(r.sku_code)} ×${n(r.qty)}`,
      path: `/in-house-work/defective-reported?reportNo=${encodeURIComponent(String(r.report_no))}`,
    }))
  },
})

registerDocumentLookup({
  type: 'sampleMove', titleKey: 'samples:document.sampleMove', prefixes: [DOC_PREFIX.sampleMove], permission: P.samplesView, group: 'document',
  opens: { path: '/in-house-work/sample-manager?moveNo={no}', testId: 'sample-move-doc' },
  async search(db, auth, q, limit, lang) {
    const term = q.trim().toUpperCase()
    return rowsOf(await db.execute(sql`
      SELECT m.id, m.move_no, m.kind, m.qty, s.sku_code FROM sample_move m JOIN product_sku s ON s.id = m.sku_id
      WHERE m.tenant_id = ${auth.tenantId} AND m.warehouse_id = ${auth.warehouseId} AND m.move_no ILIKE ${containsPattern(term)}
      ORDER BY (m.move_no = ${term}) DESC, m.id DESC LIMIT ${limit}`)).map((r) => ({
      type: 'sampleMove', id: n(r.id), number: String(r.move_no),
      title: `${translate(lang, 'samples:document.sampleMove')} · ${translate(lang, `samples:manager.${String(r.kind)}`)} · ${String(r.sku_code)} ×${n(r.qty)}`,
      path: `/in-house-work/sample-manager?moveNo=${encodeURIComponent(String(r.move_no))}`,
    }))
  },
})

export const samplesArea: Area = (app, { db }) => {
  const list = (url: string, summary: string, permission: string, def: ListDef) => listRoute(db, def, { url, summary, tags: ['samples'], permission })
  registerRoutes(app, [
    list(SAMPLE_API.outs, 'Sample out requests (YP): purpose, borrower, expected return, approval status', P.outView, OUT_LIST),
    list(SAMPLE_API.reviewOuts, 'Sample out requests for their reviewers (same list)', P.reviewView, OUT_LIST),
    list(SAMPLE_API.outLines, 'Sample out lines: SKU, location, batch, quantity', P.outView, OUT_LINE_LIST),
    list(SAMPLE_API.approvals, 'Approval records: number, initiator, time, approver, opinion, status', P.reviewView, APPROVAL_LIST),
    list(SAMPLE_API.stock, 'Sample stock: Sample-status stock and stock in Sample areas', P.samplesView, SAMPLE_STOCK_LIST),
    list(SAMPLE_API.moves, 'Sample lend and return documents (YJ)', P.samplesView, MOVE_LIST),
    list(SAMPLE_API.defective, 'Defective reports (CP)', P.reported, DEFECTIVE_LIST),
    list(SAMPLE_API.defectiveStock, 'Defective stock on hand', P.defective, DEFECTIVE_STOCK_LIST),
  ])
}
