// The one approval machine (src/domain/states/approval.ts + src/server/approval) against the real
// database (PGlite, or PostgreSQL with TEST_DATABASE_URL), for any document kind that registers: a
// request waits in PendingApproval with its initiator; approve / reject only from PendingApproval (the
// refusal names the status and where it is allowed), never by the initiator where four eyes are asked
// (also refused by the database's CHECK); complete only from ApprovalPassed; a live request cannot be
// asked again; a rejected subject can be sent again as a new round, the history kept. Sample out is the
// first real kind (tests/api/samples.test.ts); here two test kinds prove the module is kind-agnostic.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { approve, complete, latestRecord, registerApprovalKind, reject, requestApproval } from '../../src/server/approval/index'
import { approvalMachine, APPROVAL_FROM, sampleOutMachine } from '../../src/domain/states/approval'
import { check } from '../../src/domain/states/machine'
import { ApprovalStatus as S } from '../../src/domain/dictionaries'
import type { AuthContext } from '../../src/server/http/context'
import { AppError } from '../../src/server/http/errors'
import { translate } from '../../src/server/i18n'

const CMD = { approve: 'test.approve', reject: 'test.reject', complete: 'test.complete' }
const fourEyesKind = { kind: 'testFourEyes', machine: approvalMachine({ name: 'testFourEyes', commands: CMD }), fourEyes: true }
const openKind = { kind: 'testOpen', machine: approvalMachine({ name: 'testOpen', commands: CMD }), fourEyes: false }
registerApprovalKind(fourEyesKind)
registerApprovalKind(openKind)

let t: TestApp
const { q } = queriesOf(() => t)
const who = (userId: number, username: string): AuthContext => ({
  userId, username, employeeName: username, sessionId: 's', roles: [], permissions: new Set(), tenantId: 1, warehouseId: 26, token: '', grantsVersion: '',
})
const alice = who(1, 'alice')
const bob = who(2, 'bob')

/** Runs one step in its own transaction; the refusal (AppError) as { status, key, params }. */
async function run<T>(fn: (tx: any) => Promise<T>): Promise<T | { status: number; key: string; params: Record<string, unknown> }> {
  try {
    return await t.database.tx(fn)
  } catch (e) {
    if (e instanceof AppError) return { status: e.status, key: e.messageKey, params: (e.params ?? {}) as Record<string, unknown> }
    throw e
  }
}

beforeAll(async () => { t = await createTestApp() }, 120_000)
afterAll(async () => { await t?.close() })

describe('the approval machine (domain)', () => {
  it('approve and reject only from PendingApproval, complete only from ApprovalPassed; four eyes on the initiator', () => {
    for (const status of Object.values(S)) {
      const doc = { no: 'YP1', status, initiatorId: 1, fourEyes: true }
      const byOther = check(sampleOutMachine, 'sampleOut.approve', doc, { userId: 2 })
      expect(byOther === true, `approve @${status}`).toBe(status === S.PendingApproval)
      if (byOther !== true) expect(byOther).toEqual({ key: 'approval:errors.decideStatus', params: { no: 'YP1', status, current: [`dict:approvalStatus.${status}`], allowed: ['dict:approvalStatus.1'] } })
      expect(check(sampleOutMachine, 'sampleOut.complete', doc, { userId: 1 }) === true, `complete @${status}`).toBe(status === S.ApprovalPassed)
    }
    expect(check(sampleOutMachine, 'sampleOut.reject', { no: 'YP1', status: S.PendingApproval, initiatorId: 1, fourEyes: true }, { userId: 1 }))
      .toEqual({ key: 'approval:errors.fourEyes', params: { no: 'YP1' } })
    expect(check(sampleOutMachine, 'sampleOut.reject', { no: 'YP1', status: S.PendingApproval, initiatorId: 1, fourEyes: false }, { userId: 1 })).toBe(true)
    expect(APPROVAL_FROM).toEqual({ decide: [1], complete: [3] })
  })

  it('the refusals read in every language, naming the number and the statuses', () => {
    const params = { no: 'YP2611270001', status: 3, current: ['dict:approvalStatus.3'], allowed: ['dict:approvalStatus.1'] }
    expect(translate('en', 'approval:errors.decideStatus', params)).toBe('YP2611270001 is Approval passed: only a request Pending approval can be approved or rejected')
    expect(translate('zh', 'approval:errors.decideStatus', params)).toContain('审批通过')
    expect(translate('es-MX', 'approval:errors.decideStatus', params)).toContain('Aprobado')
    expect(translate('es-MX', 'approval:errors.fourEyes', { no: 'YP1' })).toContain('YP1')
  })
})

describe('the approval module (server) for any registered kind', () => {
  it('request → PendingApproval with the initiator; the initiator may not decide; another approves with an opinion; then completes', async () => {
    const k = fourEyesKind.kind
    const rec = await run((tx) => requestApproval(tx, alice, { kind: k, subjectId: 101, subjectNo: 'TST-101' }))
    expect(rec).toMatchObject({ kind: k, subjectId: 101, subjectNo: 'TST-101', round: 1, status: S.PendingApproval, initiatorId: 1, initiatorName: 'alice', approverName: null, opinion: null })
    expect(await run((tx) => requestApproval(tx, bob, { kind: k, subjectId: 101, subjectNo: 'TST-101' }))).toMatchObject({ status: 409, key: 'approval:errors.alreadyRequested' })
    expect(await run((tx) => approve(tx, alice, { kind: k, subjectId: 101, commandId: CMD.approve, opinion: 'mine' }))).toEqual({ status: 409, key: 'approval:errors.fourEyes', params: { no: 'TST-101' } })
    expect(await run((tx) => complete(tx, bob, { kind: k, subjectId: 101, commandId: CMD.complete }))).toMatchObject({ status: 409, key: 'approval:errors.completeStatus', params: { status: S.PendingApproval } })
    const ok = await run((tx) => approve(tx, bob, { kind: k, subjectId: 101, commandId: CMD.approve, opinion: 'fine' }))
    expect(ok).toMatchObject({ status: S.ApprovalPassed, approverId: 2, approverName: 'bob', opinion: 'fine' })
    expect((ok as any).decidedAt).toBeTruthy()
    // A decided request is decided: both refused naming its status.
    for (const [fn, id] of [[approve, CMD.approve], [reject, CMD.reject]] as const) {
      expect(await run((tx) => fn(tx, bob, { kind: k, subjectId: 101, commandId: id }))).toEqual({
        status: 409, key: 'approval:errors.decideStatus', params: { no: 'TST-101', status: S.ApprovalPassed, current: ['dict:approvalStatus.3'], allowed: ['dict:approvalStatus.1'] } })
    }
    expect(await run((tx) => complete(tx, alice, { kind: k, subjectId: 101, commandId: CMD.complete }))).toMatchObject({ status: S.Completed, approverName: 'bob' })
    expect(await run((tx) => complete(tx, alice, { kind: k, subjectId: 101, commandId: CMD.complete }))).toMatchObject({ status: 409, key: 'approval:errors.completeStatus' })
  })

  it('a rejected request is final for its round; sent again, it is a new round and the history stays', async () => {
    const k = fourEyesKind.kind
    await run((tx) => requestApproval(tx, alice, { kind: k, subjectId: 102, subjectNo: 'TST-102' }))
    expect(await run((tx) => reject(tx, bob, { kind: k, subjectId: 102, commandId: CMD.reject, opinion: 'missing purpose' }))).toMatchObject({ status: S.ApprovalRejected, opinion: 'missing purpose' })
    expect(await run((tx) => complete(tx, bob, { kind: k, subjectId: 102, commandId: CMD.complete }))).toMatchObject({ status: 409, key: 'approval:errors.completeStatus' })
    const again = await run((tx) => requestApproval(tx, alice, { kind: k, subjectId: 102, subjectNo: 'TST-102' }))
    expect(again).toMatchObject({ round: 2, status: S.PendingApproval })
    expect((await latestRecord(t.database.db, alice, k, 102))!.round).toBe(2)
    const rows = await q<{ round: number; status: number; opinion: string | null }>(`SELECT round, status, opinion FROM approval_record WHERE subject_kind = $1 AND subject_id = 102 ORDER BY round`, [k])
    expect(rows.map((r) => [Number(r.round), Number(r.status), r.opinion])).toEqual([[1, S.ApprovalRejected, 'missing purpose'], [2, S.PendingApproval, null]])
  })

  it('a kind without four eyes lets its initiator decide', async () => {
    await run((tx) => requestApproval(tx, alice, { kind: openKind.kind, subjectId: 201, subjectNo: 'OPN-201' }))
    expect(await run((tx) => approve(tx, alice, { kind: openKind.kind, subjectId: 201, commandId: CMD.approve }))).toMatchObject({ status: S.ApprovalPassed, approverId: 1 })
  })

  it('the database refuses an approver equal to the initiator on a four-eyes record, and two live requests for one subject', async () => {
    await run((tx) => requestApproval(tx, alice, { kind: fourEyesKind.kind, subjectId: 103, subjectNo: 'TST-103' }))
    await expect(t.database.query(`UPDATE approval_record SET status = 3, approver_id = initiator_id, approver_name = 'alice' WHERE subject_kind = $1 AND subject_id = 103`, [fourEyesKind.kind])).rejects.toThrow()
    await expect(t.database.query(`INSERT INTO approval_record (tenant_id, warehouse_id, subject_kind, subject_id, subject_no, round, status, initiator_id, initiator_name)
      VALUES (1, 26, $1, 103, 'TST-103', 9, 1, 2, 'bob')`, [fourEyesKind.kind])).rejects.toThrow()
  })

  it('an unknown kind or a subject never requested is not a silent success', async () => {
    await expect(t.database.tx((tx) => requestApproval(tx, alice, { kind: 'nope', subjectId: 1, subjectNo: 'X' }))).rejects.toThrow(/unknown approval kind/)
    expect(await run((tx) => approve(tx, bob, { kind: fourEyesKind.kind, subjectId: 999, commandId: CMD.approve }))).toMatchObject({ status: 404, key: 'approval:errors.noRecord' })
  })
})
