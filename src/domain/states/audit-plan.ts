// Audit plans (JC) and their checklists (JD) (issue 20 "Audit plans and checklists"; spec section 4
// "audit (new, audit complete)"): both New 0 → AuditComplete 1. A checklist's rows are recorded
// (actual quantity, box count) while it is New; it completes by itself when every row is recorded. A
// plan completes by command once every checklist of it is complete (the refusal names the first that
// is not). Nothing is recorded on, and nothing completes, a document already complete.
import { AuditStatus as S } from '../dictionaries'
import { defineMachine, numOf, refuse, refuseStatus, textOf, type Verdict } from './machine'

const DICT = 'auditStatus'
export const AUDIT_FROM = { record: [S.New], complete: [S.New] } as const satisfies Record<string, readonly number[]>

export interface AuditChecklistFacts { checklistNo: string; status: number }
export interface AuditPlanFacts { planNo: string; status: number; /** The first checklist not complete yet, if any. */ openChecklistNo: string | null }

export const auditChecklistMachine = defineMachine<AuditChecklistFacts>({
  name: 'auditChecklist',
  statuses: Object.values(S),
  commands: {
    'auditChecklist.record': (c): Verdict => ((AUDIT_FROM.record as readonly number[]).includes(c.status) ? true
      : refuseStatus('tasks:audit.errors.recordStatus', DICT, c.status, AUDIT_FROM.record, { checklistNo: c.checklistNo })),
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.checklistNo ? undefined : { checklistNo: textOf(r.checklistNo), status }
  },
})

export const auditPlanMachine = defineMachine<AuditPlanFacts>({
  name: 'auditPlan',
  statuses: Object.values(S),
  commands: {
    'auditPlan.complete': (p): Verdict => {
      if (!(AUDIT_FROM.complete as readonly number[]).includes(p.status)) return refuseStatus('tasks:audit.errors.completeStatus', DICT, p.status, AUDIT_FROM.complete, { planNo: p.planNo })
      return p.openChecklistNo ? refuse('tasks:audit.errors.checklistOpen', { planNo: p.planNo, checklistNo: p.openChecklistNo }) : true
    },
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.planNo ? undefined
      : { planNo: textOf(r.planNo), status, openChecklistNo: r.openChecklistNo ? textOf(r.openChecklistNo) : null }
  },
})
