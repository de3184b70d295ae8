// The packing station's commands (commands/cartons.ts), one transaction each; the machine
// (src/domain/states/packing-task.ts) is asked before every step of a task.
//
// Stock — the least invasive way the ledger supports: a box is NOT a ledger dimension. A scan moves the
// unit on the ledger (moveStock) from the task's source location to the packing place (PAK-01, the
// location the retail review/pack step packs to: src/db/seed/stations.ts PACKING_LOCATION) under the
// task's number (docType 'packingTask', reason 'pack' with the box code in its params, docLine = the
// box's i). The carton rows (carton, carton_item) say which box holds which units; Σ carton_item of a
// task = what its ledger rows moved to the packing place, unit for unit (the API test proves it). Later
// stages (loading, shipping) move the stock out of the packing place carton by carton.
//
// Refusals (spec §5), each naming the field or the limit: a mixed box holds at most 5 SKUs ("mixing
// tank/mixed box max 5 SKUs"); a single-SKU box holds one SKU; consistent product code when scanning
// (inside one box a SKU carries one label: the code it was first scanned by); X- and B-prefixed product
// codes cannot be added together when the setting forbids (the warehouse's inbound setting forbidXbMix,
// the one the receiving station reads); scanned quantity not above quantity to scan; box code unique per
// pair; one open box at a time; a box is closed with weight and dimensions above 0 (and not above its
// packing box type's max gross weight); an empty box is not closed.
import { sql } from 'drizzle-orm'
import type { Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { conflict, fieldError } from '../../http/errors'
import { defineHandler } from '../../commands/registry'
import { refuseUnlessAllowed } from '../../commands/states'
import { rowsOf } from '../../db/rows'
import { moveStock, StockStatus, type DocRef, type Operator } from '../../inventory/ledger'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { getInboundSettings } from '../../inventory/settings'
import { PACKING_LOCATION } from '../../db/seed/stations'
import { resolveCodes } from '../inbound/orders'
import { holdsReservations, packReserved } from '../shipments/packing'
import { xbPrefix } from '../inbound/quick-codes'
import { PackingTaskStatus } from '../../../domain/dictionaries'
import { packingTaskMachine, type PackingTaskFacts } from '../../../domain/states/packing-task'
import { MIXED_BOX_MAX_SKUS, type CloseBoxArgs, type CreateTaskArgs, type OpenBoxArgs, type ScanArgs } from '../../../../commands/cartons'
import type { z } from 'zod'

type Scope = { tenantId: number; warehouseId: number }
const S = PackingTaskStatus
/** Carton statuses (carton.status). */
export const CartonStatus = { Open: 1, Closed: 2 } as const
export const PACKING_DOC = 'packingTask'
const n = (v: unknown) => Number(v)
const opOf = (auth: AuthContext): Operator => ({ userId: auth.userId, username: auth.username })
const E = (k: string) => `cartons:errors.${k}`

export interface TaskHead extends PackingTaskFacts { id: number; docNo: string | null; sourceLocationId: number; packLocationId: number; boxMark: string | null }

export async function loadTask(q: Queryable, scope: Scope, taskNo: string, lock = true): Promise<TaskHead> {
  const [r] = rowsOf(await q.execute(sql`
    SELECT id, task_no, status, claimed_by, doc_no, source_location_id, pack_location_id, box_mark FROM packing_task
    WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND task_no = ${taskNo}
    ${lock ? sql`FOR UPDATE` : sql``}`))
  if (!r) throw fieldError('taskNo', E('taskNotFound'), { taskNo })
  return {
    id: n(r.id), taskNo: String(r.task_no), status: n(r.status), claimedBy: r.claimed_by == null ? null : n(r.claimed_by),
    docNo: r.doc_no == null ? null : String(r.doc_no), sourceLocationId: n(r.source_location_id), packLocationId: n(r.pack_location_id),
    boxMark: r.box_mark == null ? null : String(r.box_mark),
  }
}

async function locationId(q: Queryable, scope: Scope, code: string, field: string): Promise<number> {
  const [r] = rowsOf(await q.execute(sql`SELECT id FROM location WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND upper(code) = ${code} AND status = 1`))
  if (!r) throw fieldError(field, E('unknownLocation'), { locationCode: code })
  return n(r.id)
}

async function openBoxOf(q: Queryable, taskId: number) {
  const [b] = rowsOf(await q.execute(sql`SELECT id, box_code, seq, mixed, packing_box_id FROM carton WHERE task_id = ${taskId} AND status = ${CartonStatus.Open} FOR UPDATE`))
  return b ? { id: n(b.id), boxCode: String(b.box_code), seq: n(b.seq), mixed: b.mixed === true, packingBoxId: b.packing_box_id == null ? null : n(b.packing_box_id) } : null
}

async function unitsLeft(q: Queryable, taskId: number): Promise<number> {
  const [r] = rowsOf(await q.execute(sql`SELECT coalesce(sum(planned_qty - packed_qty), 0)::int AS left FROM packing_task_line WHERE task_id = ${taskId}`))
  return n(r!.left)
}

// ---------------------------------------------------------------------------------------------

defineHandler<z.output<typeof CreateTaskArgs>>('cartons.task.create', async ({ tx, auth, args, setSummary }) => {
  const sourceLocationId = await locationId(tx, auth, args.sourceLocationCode, 'sourceLocationCode')
  const packLocationId = await locationId(tx, auth, PACKING_LOCATION, 'sourceLocationCode').catch(() => {
    throw conflict(E('noPackingLocation'), { locationCode: PACKING_LOCATION })
  })
  if (packLocationId === sourceLocationId) throw fieldError('sourceLocationCode', E('sourceIsPackingPlace'), { locationCode: args.sourceLocationCode })
  const codes = await resolveCodes(tx, auth.tenantId, args.lines.map((l) => l.skuCode))
  const lines: { skuId: number; batchNo: string; qty: number }[] = []
  const seen = new Map<string, number>()
  for (const [i, l] of args.lines.entries()) {
    const hits = [...new Set((codes.get(l.skuCode) ?? []).map((h) => h.skuId))]
    if (hits.length !== 1) throw fieldError(`lines.${i}.skuCode`, E(hits.length ? 'ambiguousCode' : 'unknownSku'), { code: l.skuCode, line: i + 1 })
    const key = `${hits[0]}|${l.batchNo}`
    if (seen.has(key)) throw fieldError(`lines.${i}.skuCode`, E('duplicateLine'), { code: l.skuCode, line: i + 1, other: seen.get(key)! + 1 })
    seen.set(key, i)
    lines.push({ skuId: hits[0]!, batchNo: l.batchNo, qty: l.qty })
  }
  const taskNo = await nextDocNo(tx, auth, DOC_PREFIX.packingTask)
  const [t] = rowsOf(await tx.execute(sql`
    INSERT INTO packing_task (tenant_id, warehouse_id, task_no, status, doc_no, source_location_id, pack_location_id, box_mark, created_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${taskNo}, ${S.Unclaimed}, ${args.docNo}, ${sourceLocationId}, ${packLocationId}, ${args.boxMark}, ${auth.userId})
    RETURNING id`))
  for (const [i, l] of lines.entries()) {
    await tx.execute(sql`INSERT INTO packing_task_line (task_id, line_no, sku_id, batch_no, planned_qty) VALUES (${n(t!.id)}, ${i + 1}, ${l.skuId}, ${l.batchNo}, ${l.qty})`)
  }
  const total = lines.reduce((s, l) => s + l.qty, 0)
  setSummary(`${taskNo} created (${lines.length} lines, ${total} units)`)
  return { taskNo, status: S.Unclaimed, lines: lines.length, qty: total }
})

defineHandler<{ taskNo: string }>('cartons.task.claim', async ({ tx, auth, args, setSummary }) => {
  const t = await loadTask(tx, auth, args.taskNo)
  refuseUnlessAllowed(packingTaskMachine, 'cartons.task.claim', t, auth)
  await tx.execute(sql`UPDATE packing_task SET status = ${S.Unpacked}, claimed_by = ${auth.userId}, claimed_by_name = ${auth.username},
    claimed_at = coalesce(claimed_at, now()), updated_at = now() WHERE id = ${t.id}`)
  setSummary(`${t.taskNo} ${t.status}→${S.Unpacked}`)
  return { taskNo: t.taskNo, status: S.Unpacked }
})

defineHandler<z.output<typeof OpenBoxArgs>>('cartons.box.open', async ({ tx, auth, args, setSummary }) => {
  const t = await loadTask(tx, auth, args.taskNo)
  refuseUnlessAllowed(packingTaskMachine, 'cartons.box.open', t, auth)
  const open = await openBoxOf(tx, t.id)
  if (open) throw fieldError('boxCode', E('boxStillOpen'), { boxCode: open.boxCode })
  const [taken] = rowsOf(await tx.execute(sql`SELECT box_code FROM carton WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND box_code = ${args.boxCode}`))
  if (taken) throw fieldError('boxCode', E('boxCodeTaken'), { boxCode: args.boxCode })
  let packingBoxId: number | null = null
  if (args.packingBoxCode) {
    const [pb] = rowsOf(await tx.execute(sql`SELECT id FROM product_packing_box WHERE tenant_id = ${auth.tenantId} AND code = ${args.packingBoxCode} AND status = 1`))
    if (!pb) throw fieldError('packingBoxCode', E('unknownPackingBox'), { code: args.packingBoxCode })
    packingBoxId = n(pb.id)
  }
  const [s] = rowsOf(await tx.execute(sql`SELECT coalesce(max(seq), 0)::int + 1 AS seq FROM carton WHERE task_id = ${t.id}`))
  const seq = n(s!.seq)
  await tx.execute(sql`
    INSERT INTO carton (tenant_id, warehouse_id, box_code, task_id, doc_no, seq, box_mark, mixed, packing_box_id, status, location_id, created_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${args.boxCode}, ${t.id}, ${t.docNo}, ${seq}, ${t.boxMark}, ${args.mixed}, ${packingBoxId}, ${CartonStatus.Open}, ${t.packLocationId}, ${auth.userId})`)
  setSummary(`${t.taskNo} box ${args.boxCode} opened`)
  return { taskNo: t.taskNo, boxCode: args.boxCode, seq, mixed: args.mixed }
})

defineHandler<z.output<typeof ScanArgs>>('cartons.box.scan', async ({ tx, auth, args, setSummary }) => {
  const t = await loadTask(tx, auth, args.taskNo)
  refuseUnlessAllowed(packingTaskMachine, 'cartons.box.scan', t, auth)
  const box = await openBoxOf(tx, t.id)
  if (!box) throw fieldError('code', E('noOpenBox'), { taskNo: t.taskNo })
  const code = args.code
  const skuIds = [...new Set((await resolveCodes(tx, auth.tenantId, [code])).get(code)?.map((h) => h.skuId) ?? [])]
  if (!skuIds.length) throw fieldError('code', E('unknownCode'), { code })
  const wantedBatch = args.batchNo?.trim() ?? null
  const lines = rowsOf(await tx.execute(sql`
    SELECT l.id, l.line_no, l.sku_id, l.batch_no, l.planned_qty, l.packed_qty, s.sku_code FROM packing_task_line l JOIN product_sku s ON s.id = l.sku_id
    WHERE l.task_id = ${t.id} AND l.sku_id IN (${sql.join(skuIds.map((id) => sql`${id}`), sql`, `)})
      ${wantedBatch !== null ? sql`AND l.batch_no = ${wantedBatch}` : sql``}
    ORDER BY (l.planned_qty - l.packed_qty) DESC, l.line_no FOR UPDATE OF l`))
  if (!lines.length) throw fieldError('code', E(wantedBatch !== null ? 'batchNotInTask' : 'notInTask'), { code, taskNo: t.taskNo, batchNo: wantedBatch ?? '' })
  const line = lines[0]!
  const left = n(line.planned_qty) - n(line.packed_qty)
  // Spec §5: "scanned quantity not above quantity to scan".
  if (args.qty > left) throw fieldError('qty', E('overQtyToScan'), { code, qty: args.qty, left })
  const skuId = n(line.sku_id)
  const batchNo = String(line.batch_no)
  const items = rowsOf(await tx.execute(sql`SELECT sku_id, batch_no, scanned_code, qty FROM carton_item WHERE carton_id = ${box.id}`))
  const skusInBox = new Set(items.map((i) => n(i.sku_id)))
  if (!skusInBox.has(skuId)) {
    if (!box.mixed && skusInBox.size >= 1) throw fieldError('code', E('singleSkuBox'), { boxCode: box.boxCode, code })
    // Spec §5: "mixing tank/mixed box max 5 SKUs".
    if (skusInBox.size >= MIXED_BOX_MAX_SKUS) throw fieldError('code', E('mixedBoxLimit'), { boxCode: box.boxCode, code, limit: MIXED_BOX_MAX_SKUS })
  }
  // Consistent product code: a SKU in a box carries one label — the code it was first scanned by.
  const prior = items.find((i) => n(i.sku_id) === skuId)
  if (prior && String(prior.scanned_code) !== code) throw fieldError('code', E('inconsistentCode'), { code, expected: String(prior.scanned_code), boxCode: box.boxCode })
  // X- and B-prefixed product codes cannot be added together when the setting forbids.
  const mine = xbPrefix(code)
  if (mine && (await getInboundSettings(tx, auth)).forbidXbMix) {
    const other = mine === 'X' ? 'B' : 'X'
    const clash = items.find((i) => xbPrefix(String(i.scanned_code)) === other)
    if (clash) throw fieldError('code', E('xbConflict'), { code, other: String(clash.scanned_code), boxCode: box.boxCode })
  }
  // The ledger: source → packing place under the task's number (insufficient stock refused by the ledger, naming the numbers).
  const doc: DocRef = { docType: PACKING_DOC, docNo: t.taskNo, docLine: box.seq, reason: 'pack', reasonParams: { boxCode: box.boxCode } }
  // A task of a document holding reservations (a picked ToB order): its reservation follows the goods into the box (K1).
  if (await holdsReservations(tx, auth, t.docNo)) {
    await packReserved(tx, auth, { docNo: t.docNo!, skuId, batchNo, stockStatus: StockStatus.Normal, qty: args.qty, sourceLocationId: t.sourceLocationId, packLocationId: t.packLocationId, doc })
  } else {
    await moveStock(tx, { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId: t.sourceLocationId, skuId, batchNo, stockStatus: StockStatus.Normal },
      { locationId: t.packLocationId }, args.qty, doc, opOf(auth))
  }
  const [it] = rowsOf(await tx.execute(sql`
    INSERT INTO carton_item (carton_id, sku_id, batch_no, stock_status, qty, scanned_code)
    VALUES (${box.id}, ${skuId}, ${batchNo}, ${StockStatus.Normal}, ${args.qty}, ${code})
    ON CONFLICT (carton_id, sku_id, batch_no, stock_status) DO UPDATE SET qty = carton_item.qty + EXCLUDED.qty
    RETURNING qty`))
  await tx.execute(sql`UPDATE packing_task_line SET packed_qty = packed_qty + ${args.qty} WHERE id = ${n(line.id)}`)
  await tx.execute(sql`UPDATE packing_task SET updated_at = now() WHERE id = ${t.id}`)
  const taskLeft = await unitsLeft(tx, t.id)
  setSummary(`${t.taskNo} ${box.boxCode} +${args.qty} ${String(line.sku_code)}`)
  return {
    taskNo: t.taskNo, boxCode: box.boxCode, skuCode: String(line.sku_code), batchNo, qty: args.qty,
    inBox: n(it!.qty), skusInBox: skusInBox.size + (skusInBox.has(skuId) ? 0 : 1), left: taskLeft,
  }
})

defineHandler<z.output<typeof CloseBoxArgs>>('cartons.box.close', async ({ tx, auth, args, setSummary }) => {
  const t = await loadTask(tx, auth, args.taskNo)
  refuseUnlessAllowed(packingTaskMachine, 'cartons.box.close', t, auth)
  const box = await openBoxOf(tx, t.id)
  if (!box) throw fieldError('taskNo', E('noOpenBox'), { taskNo: t.taskNo })
  const [u] = rowsOf(await tx.execute(sql`SELECT coalesce(sum(qty), 0)::int AS units FROM carton_item WHERE carton_id = ${box.id}`))
  const units = n(u!.units)
  if (units === 0) throw fieldError('taskNo', E('emptyBox'), { boxCode: box.boxCode })
  if (box.packingBoxId !== null) {
    const [pb] = rowsOf(await tx.execute(sql`SELECT code, max_weight FROM product_packing_box WHERE id = ${box.packingBoxId}`))
    if (pb && pb.max_weight != null && args.weight > Number(pb.max_weight)) {
      throw fieldError('weight', E('overMaxWeight'), { weight: args.weight, max: Number(pb.max_weight), packingBox: String(pb.code) })
    }
  }
  const volume = Math.round(args.length * args.width * args.height / 1000 * 10_000) / 10_000
  await tx.execute(sql`
    UPDATE carton SET status = ${CartonStatus.Closed}, weight = ${args.weight}, length = ${args.length}, width = ${args.width}, height = ${args.height},
      volume = ${volume}, closed_at = now(), closed_by = ${auth.userId}
    WHERE id = ${box.id}`)
  const left = await unitsLeft(tx, t.id)
  let status = t.status
  if (left === 0) {
    status = S.Packed
    await tx.execute(sql`UPDATE packing_task SET status = ${S.Packed}, updated_at = now() WHERE id = ${t.id}`)
  }
  setSummary(`${t.taskNo} box ${box.boxCode} closed ${args.weight} kg${status !== t.status ? ` ${t.taskNo} ${t.status}→${status}` : ''}`)
  return { taskNo: t.taskNo, boxCode: box.boxCode, status, units, volume, left }
})

defineHandler<{ taskNo: string }>('cartons.task.finish', async ({ tx, auth, args, setSummary }) => {
  const t = await loadTask(tx, auth, args.taskNo)
  refuseUnlessAllowed(packingTaskMachine, 'cartons.task.finish', t, auth)
  // Box i of n: n is known now.
  await tx.execute(sql`UPDATE carton SET box_total = (SELECT count(*) FROM carton c WHERE c.task_id = ${t.id}) WHERE task_id = ${t.id}`)
  await tx.execute(sql`UPDATE packing_task SET status = ${S.Finish}, finished_at = now(), updated_at = now() WHERE id = ${t.id}`)
  const boxes = rowsOf(await tx.execute(sql`
    SELECT c.box_code, c.seq, c.box_total, (SELECT coalesce(sum(i.qty), 0)::int FROM carton_item i WHERE i.carton_id = c.id) AS units
    FROM carton c WHERE c.task_id = ${t.id} ORDER BY c.seq`))
  setSummary(`${t.taskNo} ${t.status}→${S.Finish} (${boxes.length} boxes)`)
  return { taskNo: t.taskNo, status: S.Finish, boxes: boxes.map((b) => ({ boxCode: String(b.box_code), seq: n(b.seq), boxTotal: n(b.box_total), units: n(b.units) })) }
})

/**
 * Stop (8): the document upstream was stopped. Packed boxes stay as they are (their goods stand at the
 * packing place under the task's number, for return to shelf); an open empty box is dropped; an open
 * box holding goods refuses the stop (close it first: nothing is left half-packed).
 */
defineHandler<{ taskNo: string }>('cartons.task.stop', async ({ tx, auth, args, setSummary }) => {
  const t = await loadTask(tx, auth, args.taskNo)
  refuseUnlessAllowed(packingTaskMachine, 'cartons.task.stop', t, auth)
  const box = await openBoxOf(tx, t.id)
  if (box) {
    const [u] = rowsOf(await tx.execute(sql`SELECT count(*)::int AS k FROM carton_item WHERE carton_id = ${box.id}`))
    if (n(u!.k) > 0) throw fieldError('taskNo', E('stopWithOpenBox'), { boxCode: box.boxCode })
    await tx.execute(sql`DELETE FROM carton WHERE id = ${box.id}`)
  }
  await tx.execute(sql`UPDATE packing_task SET status = ${S.Stop}, updated_at = now() WHERE id = ${t.id}`)
  setSummary(`${t.taskNo} ${t.status}→${S.Stop}`)
  return { taskNo: t.taskNo, status: S.Stop }
})

/** One task with its lines and boxes (the read side and the tests). */
export async function taskDetail(q: Queryable, scope: Scope, taskNo: string) {
  const t = await loadTask(q, scope, taskNo, false)
  const lines = rowsOf(await q.execute(sql`
    SELECT l.line_no, s.sku_code, l.batch_no, l.planned_qty, l.packed_qty FROM packing_task_line l JOIN product_sku s ON s.id = l.sku_id
    WHERE l.task_id = ${t.id} ORDER BY l.line_no`))
  const boxes = rowsOf(await q.execute(sql`
    SELECT c.id, c.box_code, c.seq, c.box_total, c.box_mark, c.mixed, c.status, c.weight, c.length, c.width, c.height, c.volume, l.code AS location_code
    FROM carton c JOIN location l ON l.id = c.location_id WHERE c.task_id = ${t.id} ORDER BY c.seq`))
  const items = rowsOf(await q.execute(sql`
    SELECT i.carton_id, s.sku_code, i.batch_no, i.qty, i.scanned_code FROM carton_item i JOIN product_sku s ON s.id = i.sku_id
    WHERE i.carton_id IN (SELECT id FROM carton WHERE task_id = ${t.id}) ORDER BY i.carton_id, s.sku_code`))
  const num = (v: unknown) => (v == null ? null : Number(v))
  return {
    taskNo: t.taskNo, status: t.status, docNo: t.docNo, boxMark: t.boxMark, claimedBy: t.claimedBy,
    lines: lines.map((l) => ({ lineNo: n(l.line_no), skuCode: String(l.sku_code), batchNo: String(l.batch_no), plannedQty: n(l.planned_qty), packedQty: n(l.packed_qty) })),
    boxes: boxes.map((b) => ({
      boxCode: String(b.box_code), seq: n(b.seq), boxTotal: num(b.box_total), boxMark: b.box_mark == null ? null : String(b.box_mark), mixed: b.mixed === true,
      status: n(b.status), weight: num(b.weight), length: num(b.length), width: num(b.width), height: num(b.height), volume: num(b.volume), locationCode: String(b.location_code),
      items: items.filter((i) => n(i.carton_id) === n(b.id)).map((i) => ({ skuCode: String(i.sku_code), batchNo: String(i.batch_no), qty: n(i.qty), scannedCode: String(i.scanned_code) })),
    })),
  }
}
export type TaskDetail = Awaited<ReturnType<typeof taskDetail>>
