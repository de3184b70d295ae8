// Sample out, sample lend/return and defective reports on the ledger (issue 20 part E2; commands in
// commands/samples.ts, one transaction each; approval through src/server/approval).
//
// Sample out (YP): made in PendingApproval, its lines' Sample-status stock reserved (reason reserve,
// under YP) so nothing else takes it while it waits; approve → ApprovalPassed (still reserved); reject →
// ApprovalRejected, reservations released; complete (handed over to the borrower) → Completed, the
// reserved stock leaves (consumeReservation, reason sampleOut). Only in the seven sample warehouses.
// Sample lend/return (YJ): a move of Normal stock into a Sample area as Sample stock (sampleLend) and back
// (sampleReturn). Defective report (CP): a move of Normal stock to a Defective-area location as
// Defective stock (defectiveReport). Allocation only takes Normal stock, so neither Sample nor Defective
// stock is ever allocated.
import { sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { AppTx } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { conflict, fieldError, notFound } from '../../http/errors'
import { defineHandler } from '../../commands/registry'
import { rowsOf } from '../../db/rows'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { consumeReservation, moveStock, releaseReservation, reserveStock, StockStatus, type DocRef, type Operator } from '../../inventory/ledger'
import { resolveCodes } from '../inbound/orders'
import { approve, complete, registerApprovalKind, reject, requestApproval } from '../../approval/index'
import { ApprovalStatus, StorageAreaType } from '../../../domain/dictionaries'
import { sampleOutMachine, SAMPLE_OUT_COMMANDS } from '../../../domain/states/approval'
import { SAMPLE_OUT_WAREHOUSES } from '../../../domain/menu/routes'
import type {
  ApprovalAnswer, CreateSampleOutArgs, DefectiveReportArgs, DefectiveReported, SampleMoveArgs, SampleMoved, SampleOutDone, SampleOutMade,
} from '../../../../commands/samples'

type Scope = { tenantId: number; warehouseId: number }
const n = (v: unknown) => Number(v)
const opOf = (auth: AuthContext): Operator => ({ userId: auth.userId, username: auth.username })
const S = ApprovalStatus

export const SAMPLE_OUT_KIND = 'sampleOut'
export const SAMPLE_OUT_DOC = 'sampleOut'
export const SAMPLE_MOVE_DOC = 'sampleMove'
export const DEFECTIVE_DOC = 'defectiveReport'

registerApprovalKind({ kind: SAMPLE_OUT_KIND, machine: sampleOutMachine, fourEyes: true })

// ---------------------------------------------------------------------------------------------
// Shared lookups

async function skuOf(q: AppTx, scope: Scope, code: string, field: string): Promise<{ id: number; code: string }> {
  const hits = (await resolveCodes(q, scope.tenantId, [code])).get(code) ?? []
  const ids = [...new Set(hits.map((h) => h.skuId))]
  if (ids.length !== 1) throw fieldError(field, ids.length ? 'samples:errors.ambiguousSku' : 'samples:errors.unknownSku', { code })
  return { id: ids[0]!, code: String(hits[0]!.skuCode ?? code) }
}

interface Loc { id: number; code: string; areaType: number | null }
async function locationOf(q: AppTx, scope: Scope, code: string, field: string): Promise<Loc> {
  const [r] = rowsOf(await q.execute(sql`
    SELECT l.id, l.code, l.status, a.area_type FROM location l LEFT JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = ${scope.tenantId} AND l.warehouse_id = ${scope.warehouseId} AND upper(l.code) = ${code}`))
  if (!r || n(r.status) !== 1) throw fieldError(field, 'samples:errors.unknownLocation', { locationCode: code })
  return { id: n(r.id), code: String(r.code), areaType: r.area_type == null ? null : n(r.area_type) }
}

/** The free stock of one status at a location, batch by batch (oldest batch first), enough for `qty` — or the refusal naming what there is. */
async function takeFree(tx: AppTx, scope: Scope, loc: Loc, sku: { id: number; code: string }, status: number, qty: number, field: string): Promise<{ batchNo: string; qty: number }[]> {
  const rows = rowsOf(await tx.execute(sql`
    SELECT batch_no, on_hand - locked AS free FROM inventory_balance
    WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND location_id = ${loc.id} AND sku_id = ${sku.id}
      AND stock_status = ${status} AND on_hand - locked > 0
    ORDER BY batch_no FOR UPDATE`))
  const available = rows.reduce((s, r) => s + n(r.free), 0)
  if (available < qty) throw fieldError(field, 'samples:errors.insufficient', { skuCode: sku.code, locationCode: loc.code, available, requested: qty })
  const out: { batchNo: string; qty: number }[] = []
  let left = qty
  for (const r of rows) {
    if (left <= 0) break
    const take = Math.min(left, n(r.free))
    out.push({ batchNo: String(r.batch_no), qty: take })
    left -= take
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Sample out

interface OutHead { id: number; outNo: string; status: number; createdBy: number }
async function loadOut(tx: AppTx, scope: Scope, outNo: string): Promise<OutHead> {
  const [r] = rowsOf(await tx.execute(sql`
    SELECT id, out_no, status, created_by FROM sample_out WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND out_no = ${outNo} FOR UPDATE`))
  if (!r) throw notFound('samples:errors.outNotFound', { outNo })
  return { id: n(r.id), outNo: String(r.out_no), status: n(r.status), createdBy: n(r.created_by) }
}

function sampleWarehouseOnly(auth: AuthContext): void {
  if (!SAMPLE_OUT_WAREHOUSES.has(auth.warehouseId)) throw conflict('samples:errors.notSampleWarehouse')
}

/** Sample stock of a SKU to take, where it lies (one location, or every location in code order). */
async function sampleStockFor(tx: AppTx, auth: AuthContext, skuId: number, locationId: number | null): Promise<{ locationId: number; locationCode: string; batchNo: string; free: number }[]> {
  return rowsOf(await tx.execute(sql`
    SELECT b.location_id, l.code, b.batch_no, b.on_hand - b.locked AS free FROM inventory_balance b JOIN location l ON l.id = b.location_id
    WHERE b.tenant_id = ${auth.tenantId} AND b.warehouse_id = ${auth.warehouseId} AND b.sku_id = ${skuId} AND b.stock_status = ${StockStatus.Sample}
      AND b.on_hand - b.locked > 0 ${locationId != null ? sql`AND b.location_id = ${locationId}` : sql``}
    ORDER BY l.code, b.batch_no FOR UPDATE OF b`)).map((r) => ({ locationId: n(r.location_id), locationCode: String(r.code), batchNo: String(r.batch_no), free: n(r.free) }))
}

defineHandler<z.output<typeof CreateSampleOutArgs>>('sampleOut.create', async ({ tx, auth, args, setSummary }): Promise<SampleOutMade> => {
  sampleWarehouseOnly(auth)
  if (args.expectedReturnDate) {
    const d = new Date(`${args.expectedReturnDate}T00:00:00Z`)
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== args.expectedReturnDate) throw fieldError('expectedReturnDate', 'samples:errors.dateFormat')
    if (args.expectedReturnDate < new Date().toISOString().slice(0, 10)) throw fieldError('expectedReturnDate', 'samples:errors.dateInPast', { date: args.expectedReturnDate })
  }
  // Resolve every line first (each refusal names its row), then write.
  const picks: { locationId: number; skuId: number; batchNo: string; qty: number }[] = []
  for (const [i, line] of args.lines.entries()) {
    const sku = await skuOf(tx, auth, line.skuCode, `lines.${i}.skuCode`)
    const loc = line.locationCode ? await locationOf(tx, auth, line.locationCode, `lines.${i}.locationCode`) : null
    const stock = await sampleStockFor(tx, auth, sku.id, loc?.id ?? null)
    // Earlier lines of this request may already take some of the same stock.
    const taken = (s: { locationId: number; batchNo: string }) => picks.filter((p) => p.skuId === sku.id && p.locationId === s.locationId && p.batchNo === s.batchNo).reduce((a, p) => a + p.qty, 0)
    const available = stock.reduce((a, s) => a + s.free - taken(s), 0)
    if (available < line.qty) {
      throw fieldError(`lines.${i}.qty`, 'samples:errors.insufficientSample', { row: i + 1, skuCode: sku.code, locationCode: loc?.code ?? '', available, requested: line.qty })
    }
    let left = line.qty
    for (const s of stock) {
      const free = s.free - taken(s)
      if (left <= 0 || free <= 0) continue
      const q = Math.min(left, free)
      picks.push({ locationId: s.locationId, skuId: sku.id, batchNo: s.batchNo, qty: q })
      left -= q
    }
  }
  const outNo = await nextDocNo(tx, auth, DOC_PREFIX.sampleOut)
  const totalQty = picks.reduce((a, p) => a + p.qty, 0)
  const [h] = rowsOf(await tx.execute(sql`
    INSERT INTO sample_out (tenant_id, warehouse_id, out_no, status, purpose, borrower, expected_return_date, remark, total_qty, line_count, created_by, created_by_name)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${outNo}, ${S.PendingApproval}, ${args.purpose}, ${args.borrower}, ${args.expectedReturnDate}::date, ${args.remark},
      ${totalQty}, ${picks.length}, ${auth.userId}, ${auth.username}) RETURNING id`))
  const id = n(h!.id)
  for (const [i, p] of picks.entries()) {
    const doc: DocRef = { docType: SAMPLE_OUT_DOC, docNo: outNo, docLine: i + 1, reason: 'reserve' }
    const resId = await reserveStock(tx, { ...auth, locationId: p.locationId, skuId: p.skuId, batchNo: p.batchNo, stockStatus: StockStatus.Sample }, p.qty, doc, opOf(auth))
    await tx.execute(sql`INSERT INTO sample_out_line (sample_out_id, line_no, location_id, sku_id, batch_no, qty, reservation_id)
      VALUES (${id}, ${i + 1}, ${p.locationId}, ${p.skuId}, ${p.batchNo}, ${p.qty}, ${resId})`)
  }
  await requestApproval(tx, auth, { kind: SAMPLE_OUT_KIND, subjectId: id, subjectNo: outNo })
  setSummary(`${outNo}: ${totalQty} for ${args.borrower}`)
  return { outNo, status: S.PendingApproval, lines: picks.length, totalQty }
})

async function linesOf(tx: AppTx, outId: number): Promise<{ lineNo: number; qty: number; reservationId: number }[]> {
  return rowsOf(await tx.execute(sql`SELECT line_no, qty, reservation_id FROM sample_out_line WHERE sample_out_id = ${outId} ORDER BY line_no`))
    .map((r) => ({ lineNo: n(r.line_no), qty: n(r.qty), reservationId: n(r.reservation_id) }))
}

const decideHandler = (commandId: string, step: typeof approve) =>
  defineHandler<{ outNo: string; opinion: string | null }>(commandId, async ({ tx, auth, args, setSummary }): Promise<ApprovalAnswer> => {
    sampleWarehouseOnly(auth)
    const h = await loadOut(tx, auth, args.outNo)
    const rec = await step(tx, auth, { kind: SAMPLE_OUT_KIND, subjectId: h.id, commandId, opinion: args.opinion })
    if (rec.status === S.ApprovalRejected) {
      for (const l of await linesOf(tx, h.id)) {
        await releaseReservation(tx, auth, l.reservationId, { docType: SAMPLE_OUT_DOC, docNo: h.outNo, docLine: l.lineNo, reason: 'release' }, opOf(auth))
      }
    }
    await tx.execute(sql`UPDATE sample_out SET status = ${rec.status}, approver_name = ${rec.approverName}, opinion = ${rec.opinion}, decided_at = now(), updated_at = now() WHERE id = ${h.id}`)
    setSummary(`${h.outNo} ${rec.status === S.ApprovalPassed ? 'approved' : 'rejected'}`)
    return { outNo: h.outNo, status: rec.status, approverName: rec.approverName, opinion: rec.opinion }
  })
decideHandler(SAMPLE_OUT_COMMANDS.approve, approve)
decideHandler(SAMPLE_OUT_COMMANDS.reject, reject)

defineHandler<{ outNo: string }>(SAMPLE_OUT_COMMANDS.complete, async ({ tx, auth, args, setSummary }): Promise<SampleOutDone> => {
  sampleWarehouseOnly(auth)
  const h = await loadOut(tx, auth, args.outNo)
  await complete(tx, auth, { kind: SAMPLE_OUT_KIND, subjectId: h.id, commandId: SAMPLE_OUT_COMMANDS.complete })
  let total = 0
  for (const l of await linesOf(tx, h.id)) {
    await consumeReservation(tx, auth, l.reservationId, l.qty, { docType: SAMPLE_OUT_DOC, docNo: h.outNo, docLine: l.lineNo, reason: 'sampleOut' }, opOf(auth))
    total += l.qty
  }
  await tx.execute(sql`UPDATE sample_out SET status = ${S.Completed}, completed_by_name = ${auth.username}, completed_at = now(), updated_at = now() WHERE id = ${h.id}`)
  setSummary(`${h.outNo} handed over: ${total}`)
  return { outNo: h.outNo, status: S.Completed, totalQty: total }
})

// ---------------------------------------------------------------------------------------------
// Samples: lend (Normal → Sample area, Sample status) and return (Sample → Normal)

const OUTSIDE_FOR_RETURN = new Set<number>([StorageAreaType.Sample, StorageAreaType.Defective])

const sampleMoveHandler = (kind: 'lend' | 'return') =>
  defineHandler<z.output<typeof SampleMoveArgs>>(`sample.${kind}`, async ({ tx, auth, args, setSummary }): Promise<SampleMoved> => {
    const sku = await skuOf(tx, auth, args.skuCode, 'skuCode')
    const from = await locationOf(tx, auth, args.fromLocationCode, 'fromLocationCode')
    const to = await locationOf(tx, auth, args.toLocationCode, 'toLocationCode')
    if (kind === 'lend' && to.areaType !== StorageAreaType.Sample) throw fieldError('toLocationCode', 'samples:errors.notSampleArea', { locationCode: to.code })
    if (kind === 'return' && (to.areaType == null || OUTSIDE_FOR_RETURN.has(to.areaType))) throw fieldError('toLocationCode', 'samples:errors.returnArea', { locationCode: to.code })
    const fromStatus = kind === 'lend' ? StockStatus.Normal : StockStatus.Sample
    const toStatus = kind === 'lend' ? StockStatus.Sample : StockStatus.Normal
    const pieces = await takeFree(tx, auth, from, sku, fromStatus, args.qty, 'qty')
    const moveNo = await nextDocNo(tx, auth, DOC_PREFIX.sampleMove)
    const doc: DocRef = { docType: SAMPLE_MOVE_DOC, docNo: moveNo, reason: kind === 'lend' ? 'sampleLend' : 'sampleReturn' }
    for (const p of pieces) {
      await moveStock(tx, { ...auth, locationId: from.id, skuId: sku.id, batchNo: p.batchNo, stockStatus: fromStatus }, { locationId: to.id, stockStatus: toStatus }, p.qty, doc, opOf(auth))
    }
    await tx.execute(sql`
      INSERT INTO sample_move (tenant_id, warehouse_id, move_no, kind, sku_id, from_location_id, to_location_id, qty, remark, created_by, created_by_name)
      VALUES (${auth.tenantId}, ${auth.warehouseId}, ${moveNo}, ${kind}, ${sku.id}, ${from.id}, ${to.id}, ${args.qty}, ${args.remark}, ${auth.userId}, ${auth.username})`)
    setSummary(`${moveNo} ${kind} ${sku.code} ×${args.qty} ${from.code} → ${to.code}`)
    return { moveNo, kind, skuCode: sku.code, qty: args.qty, fromLocationCode: from.code, toLocationCode: to.code }
  })
sampleMoveHandler('lend')
sampleMoveHandler('return')

// ---------------------------------------------------------------------------------------------
// Defective report

async function firstDefectiveLocation(tx: AppTx, scope: Scope): Promise<Loc> {
  const [r] = rowsOf(await tx.execute(sql`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = ${scope.tenantId} AND l.warehouse_id = ${scope.warehouseId} AND l.status = 1 AND a.status = 1 AND a.area_type = ${StorageAreaType.Defective}
    ORDER BY l.code LIMIT 1`))
  if (!r) throw fieldError('toLocationCode', 'samples:errors.noDefectiveArea')
  return { id: n(r.id), code: String(r.code), areaType: StorageAreaType.Defective }
}

defineHandler<z.output<typeof DefectiveReportArgs>>('defective.report', async ({ tx, auth, args, setSummary }): Promise<DefectiveReported> => {
  const from = await locationOf(tx, auth, args.locationCode, 'locationCode')
  const sku = await skuOf(tx, auth, args.skuCode, 'skuCode')
  const to = args.toLocationCode ? await locationOf(tx, auth, args.toLocationCode, 'toLocationCode') : await firstDefectiveLocation(tx, auth)
  if (to.areaType !== StorageAreaType.Defective) throw fieldError('toLocationCode', 'samples:errors.notDefectiveArea', { locationCode: to.code })
  const pieces = await takeFree(tx, auth, from, sku, StockStatus.Normal, args.qty, 'qty')
  const reportNo = await nextDocNo(tx, auth, DOC_PREFIX.defectiveReport)
  const doc: DocRef = { docType: DEFECTIVE_DOC, docNo: reportNo, reason: 'defectiveReport' }
  for (const p of pieces) {
    await moveStock(tx, { ...auth, locationId: from.id, skuId: sku.id, batchNo: p.batchNo, stockStatus: StockStatus.Normal }, { locationId: to.id, stockStatus: StockStatus.Defective }, p.qty, doc, opOf(auth))
  }
  await tx.execute(sql`
    INSERT INTO defective_report (tenant_id, warehouse_id, report_no, sku_id, from_location_id, to_location_id, qty, reason, remark, photo_url, created_by, created_by_name)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${reportNo}, ${sku.id}, ${from.id}, ${to.id}, ${args.qty}, ${args.reason}, ${args.remark}, ${args.photoUrl}, ${auth.userId}, ${auth.username})`)
  setSummary(`${reportNo} ${sku.code} ×${args.qty} ${from.code} → ${to.code} (${args.reason})`)
  return { reportNo, skuCode: sku.code, qty: args.qty, fromLocationCode: from.code, toLocationCode: to.code }
})
