// The one ledger service (ARCHITECTURE.md "Inventory — the heart"). Every document that moves stock
// — receive, inspect, shelve, move, allocate, pick, ship, count — calls these functions inside its
// command's transaction; no other code writes inventory_balance, inventory_ledger or
// inventory_reservation. Each change is one statement that both checks and updates the balance row
// (`UPDATE … WHERE on_hand + Δ >= 0 … RETURNING`), so on PostgreSQL the row lock it takes serializes
// concurrent writers of one key (READ COMMITTED re-evaluates the WHERE after the lock), and on PGlite
// the single transaction queue does. The ledger row is written in the same transaction with the
// balance right after it. The CHECK constraints of 0020_inventory.sql are the last line of defence.
import { sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../db/client'
import { AppError, badRequest } from '../http/errors'
import { rowsOf } from '../db/rows'
import { StockStatus } from '../../domain/dictionaries'
import { ledgerReason, type LedgerReasonCode, type ReasonParams } from '../../domain/ledger-reasons'

export { StockStatus }


/** One balance: tenant, warehouse, location, SKU, batch/lot and stock status. */
export interface StockKey {
  tenantId: number
  warehouseId: number
  locationId: number
  skuId: number
  /** '' when the goods carry no batch. */
  batchNo?: string
  /** Default normal (1). */
  stockStatus?: number
}

/** The document line a change belongs to (shown by `explain`). */
export interface DocRef {
  docType: string
  docNo: string
  docLine?: number | null
  /** A reason CODE (src/domain/ledger-reasons.ts: receive, shelve, reserve, pick …), never a sentence. */
  reason?: LedgerReasonCode | null
  /** The code's params (pick → { taskNo }), translated with it by the client. */
  reasonParams?: ReasonParams | null
}

export interface Operator { userId: number | null; username: string | null }

export interface BalanceRow { id: number; onHand: number; locked: number }

/** Refusals carry what was asked and what there is, so the operator sees the numbers. */
export const insufficientStock = (available: number, requested: number) =>
  new AppError(409, 'inventory:errors.insufficient', { available, requested })

const norm = (k: StockKey) => ({ ...k, batchNo: k.batchNo ?? '', stockStatus: k.stockStatus ?? StockStatus.Normal })

function positive(qty: number, field = 'qty') {
  if (!Number.isInteger(qty) || qty <= 0) throw badRequest('inventory:errors.qtyPositive', { qty }, [{ field, messageKey: 'inventory:errors.qtyPositive', params: { qty } }])
}

const num = (v: unknown) => Number(v)
/** A reason's params as the jsonb text stored (null without params). */
const paramsOf = (doc: DocRef): string | null => (doc.reasonParams && Object.keys(doc.reasonParams).length ? JSON.stringify(doc.reasonParams) : null)

async function writeLedger(tx: AppTx, b: BalanceRow, k: ReturnType<typeof norm>, dOnHand: number, dLocked: number, doc: DocRef, op: Operator) {
  await tx.execute(sql`
    INSERT INTO inventory_ledger (balance_id, tenant_id, warehouse_id, delta_on_hand, delta_locked, on_hand_after, locked_after,
      doc_type, doc_no, doc_line, reason, reason_params, operator_id, operator_name)
    VALUES (${b.id}, ${k.tenantId}, ${k.warehouseId}, ${dOnHand}, ${dLocked}, ${b.onHand}, ${b.locked},
      ${doc.docType}, ${doc.docNo}, ${doc.docLine ?? null}, ${doc.reason ?? null}, ${paramsOf(doc)}::jsonb, ${op.userId}, ${op.username})`)
}

const toBalance = (r: Record<string, unknown>): BalanceRow => ({ id: num(r.id), onHand: num(r.on_hand), locked: num(r.locked) })

/** The ledger row of the balance change a statement's `b` CTE returned (same statement, one round trip). */
function ledgerFrom(k: ReturnType<typeof norm>, dOnHand: number, dLocked: number, doc: DocRef, op: Operator) {
  return sql`INSERT INTO inventory_ledger (balance_id, tenant_id, warehouse_id, delta_on_hand, delta_locked, on_hand_after, locked_after,
      doc_type, doc_no, doc_line, reason, reason_params, operator_id, operator_name)
    SELECT b.id, ${k.tenantId}, ${k.warehouseId}, ${dOnHand}, ${dLocked}, b.on_hand, b.locked,
      ${doc.docType}, ${doc.docNo}, ${doc.docLine ?? null}, ${doc.reason ?? null}, ${paramsOf(doc)}::jsonb, ${op.userId}, ${op.username} FROM b`
}

/** Add `qty` on hand to a key (receipts, the arriving side of a move, count surplus). */
export async function addStock(tx: AppTx, key: StockKey, qty: number, doc: DocRef, op: Operator): Promise<BalanceRow> {
  positive(qty)
  const k = norm(key)
  // Upsert and ledger row in one statement: the ledger row reads the balance the upsert returned.
  const [row] = rowsOf(await tx.execute(sql`
    WITH b AS (
      INSERT INTO inventory_balance (tenant_id, warehouse_id, location_id, sku_id, batch_no, stock_status, on_hand, locked)
      VALUES (${k.tenantId}, ${k.warehouseId}, ${k.locationId}, ${k.skuId}, ${k.batchNo}, ${k.stockStatus}, ${qty}, 0)
      ON CONFLICT ON CONSTRAINT inventory_balance_key
      DO UPDATE SET on_hand = inventory_balance.on_hand + EXCLUDED.on_hand, updated_at = now()
      RETURNING id, on_hand, locked
    ), l AS (${ledgerFrom(k, qty, 0, doc, op)})
    SELECT id, on_hand, locked FROM b`))
  return toBalance(row!)
}

/** Take `qty` off the free (unlocked) stock of a key; refused when on_hand − locked < qty. */
export async function removeStock(tx: AppTx, key: StockKey, qty: number, doc: DocRef, op: Operator): Promise<BalanceRow> {
  positive(qty)
  const k = norm(key)
  // Checked update and ledger row in one statement; no row updated → no ledger row, and the refusal.
  const [row] = rowsOf(await tx.execute(sql`
    WITH b AS (
      UPDATE inventory_balance SET on_hand = on_hand - ${qty}, updated_at = now()
      WHERE tenant_id = ${k.tenantId} AND warehouse_id = ${k.warehouseId} AND location_id = ${k.locationId}
        AND sku_id = ${k.skuId} AND batch_no = ${k.batchNo} AND stock_status = ${k.stockStatus}
        AND on_hand - locked >= ${qty}
      RETURNING id, on_hand, locked
    ), l AS (${ledgerFrom(k, -qty, 0, doc, op)})
    SELECT id, on_hand, locked FROM b`))
  if (!row) throw insufficientStock(await freeQty(tx, k), qty)
  return toBalance(row)
}

/** Move free stock between keys (location, batch or status change) as two ledger rows of one document. */
export async function moveStock(tx: AppTx, from: StockKey, to: Partial<StockKey>, qty: number, doc: DocRef, op: Operator): Promise<{ from: BalanceRow; to: BalanceRow }> {
  const src = norm(from)
  const dst = norm({ ...src, ...to })
  if (dst.tenantId !== src.tenantId || dst.warehouseId !== src.warehouseId) throw new Error('moveStock stays inside one warehouse and tenant')
  const a = await removeStock(tx, src, qty, doc, op)
  const b = await addStock(tx, dst, qty, doc, op)
  return { from: a, to: b }
}

/** One on-hand change of a batch: `delta` (≠ 0) units on a key, under a document line. */
export interface StockChange { key: StockKey; delta: number; doc: DocRef }

/**
 * Many on-hand changes in ONE statement (a count's approval: hundreds of surplus, loss and release
 * rows): the same guarantees as addStock/removeStock, change by change. Per key, the changes apply in
 * the order given; a key that never dips below where it starts is upserted (a new key starts at 0); a
 * key that does is updated only when its free stock (on_hand − locked) covers the lowest point — the
 * check and the update are one statement, so the row lock serializes concurrent writers as there. One
 * ledger row per change, in the order given, its "after" columns the balance right after that change.
 * Refused (insufficientStock, naming the first key short) when any key falls short: the caller's
 * transaction must then roll back (the handlers throw), so nothing is half-written.
 */
export async function changeStockBatch(tx: AppTx, changes: readonly StockChange[], op: Operator): Promise<{ keys: number; rows: number }> {
  if (!changes.length) return { keys: 0, rows: 0 }
  const payload = changes.map((c) => {
    if (!Number.isInteger(c.delta) || c.delta === 0) positive(c.delta)
    const k = norm(c.key)
    const params = paramsOf(c.doc)
    return {
      t: k.tenantId, w: k.warehouseId, l: k.locationId, s: k.skuId, bn: k.batchNo, st: k.stockStatus, d: c.delta,
      dt: c.doc.docType, dn: c.doc.docNo, dl: c.doc.docLine ?? null, r: c.doc.reason ?? null, rp: params == null ? null : JSON.parse(params) as unknown,
    }
  })
  const [res] = rowsOf(await tx.execute(sql`
    WITH c AS (
      SELECT x.*, o.ord FROM jsonb_array_elements(${JSON.stringify(payload)}::jsonb) WITH ORDINALITY AS o(e, ord),
        jsonb_to_record(o.e) AS x(t int, w int, l int, s int, bn text, st smallint, d int, dt text, dn text, dl int, r text, rp jsonb)
    ), r AS (
      SELECT c.*, sum(c.d) OVER (PARTITION BY c.t, c.w, c.l, c.s, c.bn, c.st ORDER BY c.ord) AS run FROM c
    ), k AS (
      SELECT t, w, l, s, bn, st, sum(d)::int AS total, least(min(run), 0)::int AS low FROM r GROUP BY t, w, l, s, bn, st
    ), up AS (
      INSERT INTO inventory_balance (tenant_id, warehouse_id, location_id, sku_id, batch_no, stock_status, on_hand, locked)
      SELECT t, w, l, s, bn, st, total, 0 FROM k WHERE low = 0
      ON CONFLICT ON CONSTRAINT inventory_balance_key
      DO UPDATE SET on_hand = inventory_balance.on_hand + EXCLUDED.on_hand, updated_at = now()
      RETURNING id, tenant_id, warehouse_id, location_id, sku_id, batch_no, stock_status, on_hand, locked
    ), dn AS (
      UPDATE inventory_balance b SET on_hand = b.on_hand + k.total, updated_at = now() FROM k
      WHERE k.low < 0 AND b.tenant_id = k.t AND b.warehouse_id = k.w AND b.location_id = k.l AND b.sku_id = k.s AND b.batch_no = k.bn AND b.stock_status = k.st
        AND b.on_hand - b.locked + k.low >= 0
      RETURNING b.id, b.tenant_id, b.warehouse_id, b.location_id, b.sku_id, b.batch_no, b.stock_status, b.on_hand, b.locked
    ), b AS (SELECT * FROM up UNION ALL SELECT * FROM dn),
    led AS (
      INSERT INTO inventory_ledger (balance_id, tenant_id, warehouse_id, delta_on_hand, delta_locked, on_hand_after, locked_after,
        doc_type, doc_no, doc_line, reason, reason_params, operator_id, operator_name)
      SELECT b.id, r.t, r.w, r.d, 0, b.on_hand - (k.total - r.run), b.locked, r.dt, r.dn, r.dl, r.r, r.rp, ${op.userId}::int, ${op.username}::text
      FROM r JOIN k ON k.t = r.t AND k.w = r.w AND k.l = r.l AND k.s = r.s AND k.bn = r.bn AND k.st = r.st
        JOIN b ON b.tenant_id = r.t AND b.warehouse_id = r.w AND b.location_id = r.l AND b.sku_id = r.s AND b.batch_no = r.bn AND b.stock_status = r.st
      ORDER BY r.ord
      RETURNING 1
    ), short AS (
      SELECT k.* FROM k WHERE NOT EXISTS (SELECT 1 FROM b WHERE b.tenant_id = k.t AND b.warehouse_id = k.w AND b.location_id = k.l AND b.sku_id = k.s AND b.batch_no = k.bn AND b.stock_status = k.st)
      ORDER BY (SELECT min(r.ord) FROM r WHERE r.t = k.t AND r.w = k.w AND r.l = k.l AND r.s = k.s AND r.bn = k.bn AND r.st = k.st) LIMIT 1
    )
    SELECT (SELECT count(*) FROM k)::int AS keys, (SELECT count(*) FROM led)::int AS rows,
      (SELECT row_to_json(short) FROM short) AS short`))
  const short = (typeof res!.short === 'string' ? JSON.parse(res!.short) : res!.short) as { t: number; w: number; l: number; s: number; bn: string; st: number; low: number } | null
  if (short) {
    throw insufficientStock(await freeQty(tx, { tenantId: short.t, warehouseId: short.w, locationId: short.l, skuId: short.s, batchNo: short.bn, stockStatus: short.st }), -short.low)
  }
  return { keys: num(res!.keys), rows: num(res!.rows) }
}

/** Free quantity (on hand − locked) of a key; 0 when the key has no balance. */
export async function freeQty(q: Queryable, key: StockKey): Promise<number> {
  const k = norm(key)
  const [row] = rowsOf(await q.execute(sql`
    SELECT on_hand - locked AS free FROM inventory_balance
    WHERE tenant_id = ${k.tenantId} AND warehouse_id = ${k.warehouseId} AND location_id = ${k.locationId}
      AND sku_id = ${k.skuId} AND batch_no = ${k.batchNo} AND stock_status = ${k.stockStatus}`))
  return row ? num(row.free) : 0
}

/** Reserve `qty` of a key's free stock for a document line; returns the reservation id. */
export async function reserveStock(tx: AppTx, key: StockKey, qty: number, doc: DocRef, op: Operator): Promise<number> {
  positive(qty)
  const k = norm(key)
  const [row] = rowsOf(await tx.execute(sql`
    UPDATE inventory_balance SET locked = locked + ${qty}, updated_at = now()
    WHERE tenant_id = ${k.tenantId} AND warehouse_id = ${k.warehouseId} AND location_id = ${k.locationId}
      AND sku_id = ${k.skuId} AND batch_no = ${k.batchNo} AND stock_status = ${k.stockStatus}
      AND on_hand - locked >= ${qty}
    RETURNING id, on_hand, locked`))
  if (!row) throw insufficientStock(await freeQty(tx, k), qty)
  const b = toBalance(row)
  const [res] = rowsOf(await tx.execute(sql`
    INSERT INTO inventory_reservation (balance_id, tenant_id, warehouse_id, qty, doc_type, doc_no, doc_line)
    VALUES (${b.id}, ${k.tenantId}, ${k.warehouseId}, ${qty}, ${doc.docType}, ${doc.docNo}, ${doc.docLine ?? null})
    RETURNING id`))
  await writeLedger(tx, b, k, 0, qty, doc, op)
  return num(res!.id)
}

interface OpenReservation { id: number; balanceId: number; qty: number; tenantId: number; warehouseId: number }

async function lockReservation(tx: AppTx, id: number, scope: { tenantId: number; warehouseId: number }): Promise<OpenReservation> {
  const [r] = rowsOf(await tx.execute(sql`
    SELECT id, balance_id, qty, tenant_id, warehouse_id FROM inventory_reservation
    WHERE id = ${id} AND tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND status = 0
    FOR UPDATE`))
  if (!r) throw new AppError(409, 'inventory:errors.reservationClosed', { id })
  return { id: num(r.id), balanceId: num(r.balance_id), qty: num(r.qty), tenantId: num(r.tenant_id), warehouseId: num(r.warehouse_id) }
}

async function changeReserved(tx: AppTx, res: OpenReservation, dOnHand: number, dLocked: number, doc: DocRef, op: Operator): Promise<BalanceRow> {
  const [row] = rowsOf(await tx.execute(sql`
    UPDATE inventory_balance SET on_hand = on_hand + ${dOnHand}, locked = locked + ${dLocked}, updated_at = now()
    WHERE id = ${res.balanceId} RETURNING id, on_hand, locked`))
  const b = toBalance(row!)
  await writeLedger(tx, b, { tenantId: res.tenantId, warehouseId: res.warehouseId } as ReturnType<typeof norm>, dOnHand, dLocked, doc, op)
  return b
}

/** Release (part of) a reservation: the stock stays on hand, no longer locked. */
export async function releaseReservation(tx: AppTx, scope: { tenantId: number; warehouseId: number }, id: number, doc: DocRef, op: Operator, qty?: number): Promise<BalanceRow> {
  const res = await lockReservation(tx, id, scope)
  const n = qty ?? res.qty
  positive(n)
  if (n > res.qty) throw insufficientStock(res.qty, n)
  await tx.execute(sql`UPDATE inventory_reservation SET qty = qty - ${n},
    status = CASE WHEN qty - ${n} = 0 THEN 1 ELSE 0 END, closed_at = CASE WHEN qty - ${n} = 0 THEN now() END WHERE id = ${id}`)
  return changeReserved(tx, res, 0, -n, doc, op)
}

/** Consume (part of) a reservation: the reserved goods leave the balance (pick, ship). */
export async function consumeReservation(tx: AppTx, scope: { tenantId: number; warehouseId: number }, id: number, qty: number, doc: DocRef, op: Operator): Promise<BalanceRow> {
  positive(qty)
  const res = await lockReservation(tx, id, scope)
  if (qty > res.qty) throw insufficientStock(res.qty, qty)
  await tx.execute(sql`UPDATE inventory_reservation SET qty = qty - ${qty},
    status = CASE WHEN qty - ${qty} = 0 THEN 2 ELSE 0 END, closed_at = CASE WHEN qty - ${qty} = 0 THEN now() END WHERE id = ${id}`)
  return changeReserved(tx, res, -qty, -qty, doc, op)
}

/**
 * Move reserved goods WITH their reservation (a move order's `moveReserved` line): `qty` of reservation
 * `id` leaves its balance (on hand and locked, one ledger row under `doc`) and arrives at `to` (on hand
 * and locked, one ledger row under `doc`), where a reservation for the same document line (its doc_type,
 * doc_no, doc_line) holds it again — locked = Σ open reservations stays true on both sides. Returns the
 * destination balance and the new reservation's id.
 */
export async function moveReservation(tx: AppTx, scope: { tenantId: number; warehouseId: number }, id: number, to: StockKey, qty: number, doc: DocRef, op: Operator): Promise<{ to: BalanceRow; reservationId: number }> {
  positive(qty)
  const res = await lockReservation(tx, id, scope)
  if (qty > res.qty) throw insufficientStock(res.qty, qty)
  const k = norm(to)
  if (k.tenantId !== res.tenantId || k.warehouseId !== res.warehouseId) throw new Error('moveReservation stays inside one warehouse and tenant')
  const [orig] = rowsOf(await tx.execute(sql`UPDATE inventory_reservation SET qty = qty - ${qty},
    status = CASE WHEN qty - ${qty} = 0 THEN 2 ELSE 0 END, closed_at = CASE WHEN qty - ${qty} = 0 THEN now() END WHERE id = ${id}
    RETURNING doc_type, doc_no, doc_line`))
  await changeReserved(tx, res, -qty, -qty, doc, op)
  const [row] = rowsOf(await tx.execute(sql`
    WITH b AS (
      INSERT INTO inventory_balance (tenant_id, warehouse_id, location_id, sku_id, batch_no, stock_status, on_hand, locked)
      VALUES (${k.tenantId}, ${k.warehouseId}, ${k.locationId}, ${k.skuId}, ${k.batchNo}, ${k.stockStatus}, ${qty}, ${qty})
      ON CONFLICT ON CONSTRAINT inventory_balance_key
      DO UPDATE SET on_hand = inventory_balance.on_hand + EXCLUDED.on_hand, locked = inventory_balance.locked + EXCLUDED.locked, updated_at = now()
      RETURNING id, on_hand, locked
    ), l AS (${ledgerFrom(k, qty, qty, doc, op)})
    SELECT id, on_hand, locked FROM b`))
  const b = toBalance(row!)
  const [nr] = rowsOf(await tx.execute(sql`
    INSERT INTO inventory_reservation (balance_id, tenant_id, warehouse_id, qty, doc_type, doc_no, doc_line)
    VALUES (${b.id}, ${k.tenantId}, ${k.warehouseId}, ${qty}, ${orig!.doc_type as string}, ${orig!.doc_no as string}, ${(orig!.doc_line as number | null) ?? null})
    RETURNING id`))
  return { to: b, reservationId: num(nr!.id) }
}

export interface LedgerEntry {
  id: number; createdAt: string; docType: string; docNo: string; docLine: number | null
  /** The reason's code (`stock:reason.<code>`) and params — rows written before codes read into them (ledgerReason). */
  reason: LedgerReasonCode | null; reasonParams: ReasonParams
  deltaOnHand: number; deltaLocked: number; onHandAfter: number; lockedAfter: number; operatorName: string | null
}

/** A ledger row's reason as the tables show it (code + params), from the stored columns. */
export function reasonOfRow(r: Record<string, unknown>): { reason: LedgerReasonCode | null; reasonParams: ReasonParams } {
  const stored = typeof r.reason_params === 'string' ? JSON.parse(r.reason_params) as ReasonParams : (r.reason_params as ReasonParams | null | undefined) ?? null
  const why = ledgerReason({ reason: (r.reason as string | null) ?? null, reasonParams: stored, docType: String(r.doc_type), deltaOnHand: num(r.delta_on_hand), deltaLocked: num(r.delta_locked) })
  return { reason: why?.code ?? null, reasonParams: why?.params ?? {} }
}

/** The history of one balance, newest first ("who/what/when"); undefined when it is not in scope. */
export async function explainBalance(q: Queryable, scope: { tenantId: number; warehouseId: number }, balanceId: number, limit = 500): Promise<{ balance: Record<string, unknown>; entries: LedgerEntry[] } | undefined> {
  const [balance] = rowsOf(await q.execute(sql`
    SELECT b.id, b.on_hand, b.locked, b.batch_no, b.stock_status, b.location_id, l.code AS location_code, b.sku_id, s.sku_code
    FROM inventory_balance b JOIN location l ON l.id = b.location_id JOIN product_sku s ON s.id = b.sku_id
    WHERE b.id = ${balanceId} AND b.tenant_id = ${scope.tenantId} AND b.warehouse_id = ${scope.warehouseId}`))
  if (!balance) return undefined
  const rows = rowsOf(await q.execute(sql`
    SELECT id, created_at, doc_type, doc_no, doc_line, reason, reason_params, delta_on_hand, delta_locked, on_hand_after, locked_after, operator_name
    FROM inventory_ledger WHERE balance_id = ${balanceId} ORDER BY id DESC LIMIT ${limit}`))
  return {
    balance: {
      id: num(balance.id), onHand: num(balance.on_hand), locked: num(balance.locked), batchNo: balance.batch_no, stockStatus: num(balance.stock_status),
      locationId: num(balance.location_id), locationCode: balance.location_code, skuId: num(balance.sku_id), skuCode: balance.sku_code,
    },
    entries: rows.map((r) => ({
      id: num(r.id), createdAt: new Date(r.created_at as string).toISOString(), docType: String(r.doc_type), docNo: String(r.doc_no),
      docLine: r.doc_line == null ? null : num(r.doc_line), ...reasonOfRow(r),
      deltaOnHand: num(r.delta_on_hand), deltaLocked: num(r.delta_locked), onHandAfter: num(r.on_hand_after), lockedAfter: num(r.locked_after),
      operatorName: (r.operator_name as string | null) ?? null,
    })),
  }
}

export interface InvariantViolation {
  balanceId: number
  kind: 'onHandVsLedger' | 'lockedVsLedger' | 'lockedVsReservations' | 'lastRowVsBalance'
  expected: number
  actual: number
}

/**
 * Proves, for every balance in scope (all when no scope): on_hand = Σ ledger Δon-hand, locked = Σ
 * ledger Δlocked = Σ open reservations, and the last ledger row's "after" columns equal the balance.
 */
export async function checkInvariants(q: Queryable, scope?: { tenantId?: number; warehouseId?: number }): Promise<{ balances: number; ledgerRows: number; violations: InvariantViolation[] }> {
  const where = sql.join([
    sql`true`,
    ...(scope?.tenantId != null ? [sql`b.tenant_id = ${scope.tenantId}`] : []),
    ...(scope?.warehouseId != null ? [sql`b.warehouse_id = ${scope.warehouseId}`] : []),
  ], sql` AND `)
  const rows = rowsOf(await q.execute(sql`
    WITH l AS (
      SELECT balance_id, sum(delta_on_hand)::bigint AS on_hand, sum(delta_locked)::bigint AS locked, count(*)::bigint AS n, max(id) AS last_id
      FROM inventory_ledger GROUP BY balance_id
    ), r AS (
      SELECT balance_id, sum(qty)::bigint AS locked FROM inventory_reservation WHERE status = 0 GROUP BY balance_id
    )
    SELECT b.id, b.on_hand, b.locked, coalesce(l.on_hand, 0) AS l_on_hand, coalesce(l.locked, 0) AS l_locked,
      coalesce(r.locked, 0) AS r_locked, coalesce(l.n, 0) AS n, last.on_hand_after, last.locked_after
    FROM inventory_balance b
    LEFT JOIN l ON l.balance_id = b.id
    LEFT JOIN r ON r.balance_id = b.id
    LEFT JOIN inventory_ledger last ON last.id = l.last_id
    WHERE ${where}`))
  const violations: InvariantViolation[] = []
  let ledgerRows = 0
  for (const r of rows) {
    const id = num(r.id); const onHand = num(r.on_hand); const locked = num(r.locked)
    ledgerRows += num(r.n)
    if (num(r.l_on_hand) !== onHand) violations.push({ balanceId: id, kind: 'onHandVsLedger', expected: num(r.l_on_hand), actual: onHand })
    if (num(r.l_locked) !== locked) violations.push({ balanceId: id, kind: 'lockedVsLedger', expected: num(r.l_locked), actual: locked })
    if (num(r.r_locked) !== locked) violations.push({ balanceId: id, kind: 'lockedVsReservations', expected: num(r.r_locked), actual: locked })
    if (r.on_hand_after != null && (num(r.on_hand_after) !== onHand || num(r.locked_after) !== locked)) {
      violations.push({ balanceId: id, kind: 'lastRowVsBalance', expected: num(r.on_hand_after), actual: onHand })
    }
  }
  return { balances: rows.length, ledgerRows, violations }
}
