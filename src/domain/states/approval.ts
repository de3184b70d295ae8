// The one approval machine (ARCHITECTURE.md "One approval machine"; spec section 4 Approval:
// PendingApproval 1, ApprovalRejected 2, ApprovalPassed 3, Completed 4; approval record: number,
// initiator, time, approver, opinion, status). A request waits in PendingApproval; an approver passes
// it (ApprovalPassed) or rejects it (ApprovalRejected, final for that round); a passed request is then
// carried out (Completed). Where four eyes are asked, the approver is never the initiator.
//
// How a document kind uses it (sample out today, shipment approval later):
//   1. Declare its machine here with `approvalMachine({ name, dict?, commands: { approve, reject, complete } })`
//      — the kind's own command ids for the three steps (e.g. 'sampleOut.approve') — and add it to
//      DOCUMENT_MACHINES (./index.ts). Its facts are { no, status, initiatorId, fourEyes }.
//   2. On the server, register the kind once with `registerApprovalKind` (src/server/approval) and call
//      `requestApproval` / `approve` / `reject` / `complete` from its handlers: they keep the
//      approval_record rows (initiator, approver, opinion, times) and refuse through this machine.
// Pure: no database, no DOM.
import { ApprovalStatus } from '../dictionaries'
import { defineMachine, numOf, refuse, refuseStatus, textOf, type Actor, type MachineDef, type Verdict } from './machine'

const S = ApprovalStatus
export const APPROVAL_DICT = 'approvalStatus'

export interface ApprovalFacts {
  /** The subject's number (YP…), named by every refusal. */
  no: string
  status: number
  initiatorId: number | null
  /** Four eyes asked: the initiator may not approve or reject. */
  fourEyes: boolean
}

/** Statuses each step is allowed from (their refusals name them: machine.ts refuseStatus). */
export const APPROVAL_FROM = {
  decide: [S.PendingApproval],
  complete: [S.ApprovalPassed],
} as const satisfies Record<string, readonly number[]>

const p = (f: ApprovalFacts) => ({ no: f.no })
const inStatus = (key: string, allowed: readonly number[]) => (f: ApprovalFacts): Verdict =>
  (allowed as readonly number[]).includes(f.status) ? true : refuseStatus(key, APPROVAL_DICT, f.status, allowed, p(f))

/** The four-eyes rule alone (the server checks it again on the record it locks). */
export const fourEyesRefused = (f: Pick<ApprovalFacts, 'fourEyes' | 'initiatorId'>, a: Actor): boolean =>
  f.fourEyes && f.initiatorId !== null && f.initiatorId === a.userId

const decide = (f: ApprovalFacts, a: Actor): Verdict => {
  const s = inStatus('approval:errors.decideStatus', APPROVAL_FROM.decide)(f)
  if (s !== true) return s
  return fourEyesRefused(f, a) ? refuse('approval:errors.fourEyes', p(f)) : true
}

export interface ApprovalCommands { approve: string; reject: string; complete: string }

/** A kind's machine: its own command ids for approve / reject / complete, the one rule set. */
export function approvalMachine(o: { name: string; commands: ApprovalCommands; extra?: MachineDef<ApprovalFacts>['commands'] }): MachineDef<ApprovalFacts> {
  return defineMachine<ApprovalFacts>({
    name: o.name,
    statuses: Object.values(S),
    commands: {
      [o.commands.approve]: decide,
      [o.commands.reject]: decide,
      [o.commands.complete]: inStatus('approval:errors.completeStatus', APPROVAL_FROM.complete),
      ...o.extra,
    },
    facts: (r) => {
      const status = numOf(r.status)
      const no = r.no ?? r.outNo ?? r.subjectNo
      if (status === undefined || !no) return undefined
      return { no: textOf(no), status, initiatorId: numOf(r.initiatorId ?? r.createdBy) ?? null, fourEyes: r.fourEyes === undefined ? true : r.fourEyes === true }
    },
  })
}

/** Sample out requests (YP…): four eyes always. */
export const SAMPLE_OUT_COMMANDS: ApprovalCommands = { approve: 'sampleOut.approve', reject: 'sampleOut.reject', complete: 'sampleOut.complete' }
export const sampleOutMachine = approvalMachine({ name: 'sampleOut', commands: SAMPLE_OUT_COMMANDS })
