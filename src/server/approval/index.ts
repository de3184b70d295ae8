// The approval machine on the server (ARCHITECTURE.md "One approval machine"): the approval_record rows
// (migration 0052) — subject kind + id + number, initiator, approver, opinion, status, times — and the
// four steps every approvable document kind shares, each inside the caller's command transaction:
//   requestApproval → PendingApproval 1 (a new round; refused while a live one exists)
//   approve         → ApprovalPassed 3   (four eyes: never the initiator where the kind asks it)
//   reject          → ApprovalRejected 2 (same rule; final for the round)
//   complete        → Completed 4        (only from ApprovalPassed)
// Refusals go through the kind's machine (src/domain/states/approval.ts): the status refusal names the
// record's status and the allowed ones, the four-eyes refusal the document's number (409, translated).
//
// How a new kind uses it (shipment approval, later):
//   1. Declare its machine in src/domain/states/approval.ts: approvalMachine({ name, commands: { approve, reject, complete } }).
//   2. Register the kind once, at import of its area: registerApprovalKind({ kind: 'shipment', machine, fourEyes: true }).
//   3. In its handlers, after locking its own row: requestApproval(tx, auth, { kind, subjectId, subjectNo }) when
//      submitted; approve / reject / complete(tx, auth, { kind, subjectId, commandId, opinion }) return the updated
//      record, whose status the document copies into its own row. The record list route (GET /api/approvals,
//      src/server/areas/samples) lists every kind's records, filtered by kind and number.
import { sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../db/client'
import type { AuthContext } from '../http/context'
import { conflict, notFound } from '../http/errors'
import { rowsOf } from '../db/rows'
import { refuseUnlessAllowed } from '../commands/states'
import { ApprovalStatus } from '../../domain/dictionaries'
import type { ApprovalFacts } from '../../domain/states/approval'
import type { MachineDef } from '../../domain/states/machine'

const S = ApprovalStatus
type Scope = { tenantId: number; warehouseId: number }

export interface ApprovalKind {
  /** Stored in approval_record.subject_kind, e.g. 'sampleOut'. */
  kind: string
  machine: MachineDef<ApprovalFacts>
  /** Four eyes: the approver is never the initiator. */
  fourEyes: boolean
}

const KINDS = new Map<string, ApprovalKind>()

export function registerApprovalKind(k: ApprovalKind): void {
  if (KINDS.has(k.kind)) throw new Error(`approval kind registered twice: ${k.kind}`)
  KINDS.set(k.kind, k)
}
export const approvalKinds = (): string[] => [...KINDS.keys()]

function kindOf(kind: string): ApprovalKind {
  const k = KINDS.get(kind)
  if (!k) throw new Error(`unknown approval kind: ${kind}`)
  return k
}

export interface ApprovalRecord {
  id: number; kind: string; subjectId: number; subjectNo: string; round: number; status: number; fourEyes: boolean
  initiatorId: number; initiatorName: string; requestedAt: string
  approverId: number | null; approverName: string | null; opinion: string | null; decidedAt: string | null; completedAt: string | null
}

const n = (v: unknown) => Number(v)
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString())
const toRecord = (r: Record<string, unknown>): ApprovalRecord => ({
  id: n(r.id), kind: String(r.subject_kind), subjectId: n(r.subject_id), subjectNo: String(r.subject_no), round: n(r.round), status: n(r.status),
  fourEyes: r.four_eyes === true, initiatorId: n(r.initiator_id), initiatorName: String(r.initiator_name), requestedAt: iso(r.requested_at)!,
  approverId: r.approver_id == null ? null : n(r.approver_id), approverName: (r.approver_name as string | null) ?? null, opinion: (r.opinion as string | null) ?? null,
  decidedAt: iso(r.decided_at), completedAt: iso(r.completed_at),
})

/** A subject's latest record (its current approval state), locked when asked. */
export async function latestRecord(q: Queryable, scope: Scope, kind: string, subjectId: number, lock = false): Promise<ApprovalRecord | undefined> {
  const [r] = rowsOf(await q.execute(sql`
    SELECT * FROM approval_record WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND subject_kind = ${kind} AND subject_id = ${subjectId}
    ORDER BY round DESC LIMIT 1 ${lock ? sql`FOR UPDATE` : sql``}`))
  return r ? toRecord(r) : undefined
}

/** The record's facts for the kind's machine. */
export const factsOf = (r: ApprovalRecord): ApprovalFacts => ({ no: r.subjectNo, status: r.status, initiatorId: r.initiatorId, fourEyes: r.fourEyes })

/** A new round in PendingApproval for a subject; refused while its latest round is still pending or passed. */
export async function requestApproval(tx: AppTx, auth: AuthContext, o: { kind: string; subjectId: number; subjectNo: string }): Promise<ApprovalRecord> {
  const k = kindOf(o.kind)
  const last = await latestRecord(tx, auth, o.kind, o.subjectId, true)
  if (last && (last.status === S.PendingApproval || last.status === S.ApprovalPassed)) {
    throw conflict('approval:errors.alreadyRequested', { no: o.subjectNo })
  }
  const [r] = rowsOf(await tx.execute(sql`
    INSERT INTO approval_record (tenant_id, warehouse_id, subject_kind, subject_id, subject_no, round, status, four_eyes, initiator_id, initiator_name)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${o.kind}, ${o.subjectId}, ${o.subjectNo}, ${(last?.round ?? 0) + 1}, ${S.PendingApproval}, ${k.fourEyes},
      ${auth.userId}, ${auth.username}) RETURNING *`))
  return toRecord(r!)
}

async function step(tx: AppTx, auth: AuthContext, o: { kind: string; subjectId: number; commandId: string }): Promise<ApprovalRecord> {
  const k = kindOf(o.kind)
  const rec = await latestRecord(tx, auth, o.kind, o.subjectId, true)
  if (!rec) throw notFound('approval:errors.noRecord', { id: o.subjectId })
  refuseUnlessAllowed(k.machine, o.commandId, factsOf(rec), auth)
  return rec
}

async function decide(tx: AppTx, auth: AuthContext, o: { kind: string; subjectId: number; commandId: string; opinion?: string | null }, to: number): Promise<ApprovalRecord> {
  const rec = await step(tx, auth, o)
  const [r] = rowsOf(await tx.execute(sql`
    UPDATE approval_record SET status = ${to}, approver_id = ${auth.userId}, approver_name = ${auth.username}, opinion = ${o.opinion ?? null}, decided_at = now()
    WHERE id = ${rec.id} RETURNING *`))
  return toRecord(r!)
}

/** PendingApproval → ApprovalPassed, with the approver's opinion. */
export const approve = (tx: AppTx, auth: AuthContext, o: { kind: string; subjectId: number; commandId: string; opinion?: string | null }) => decide(tx, auth, o, S.ApprovalPassed)
/** PendingApproval → ApprovalRejected, with the approver's opinion. */
export const reject = (tx: AppTx, auth: AuthContext, o: { kind: string; subjectId: number; commandId: string; opinion?: string | null }) => decide(tx, auth, o, S.ApprovalRejected)

/** ApprovalPassed → Completed (the approved thing was done). */
export async function complete(tx: AppTx, auth: AuthContext, o: { kind: string; subjectId: number; commandId: string }): Promise<ApprovalRecord> {
  const rec = await step(tx, auth, o)
  const [r] = rowsOf(await tx.execute(sql`UPDATE approval_record SET status = ${S.Completed}, completed_at = now() WHERE id = ${rec.id} RETURNING *`))
  return toRecord(r!)
}
