// Audit plans (JC) and checklists (JD) (issue 20 "Audit plans and checklists"; spec section 4 "audit
// (new, audit complete)"), machine src/domain/states/audit-plan.ts, handlers src/server/areas/audit-plans:
//   auditPlan.create        a plan over the stock of an area / location code range / SKU: the on-hand
//                           quantities at creation are the expected ones, one checklist per storage area
//   auditChecklist.record   actual quantity and box count of checklist rows (by line number); the
//                           checklist completes itself once every row is recorded
//   auditPlan.complete      New → AuditComplete once every checklist is complete
// An audit posts nothing to the ledger: it reports differences (a count plan corrects stock).
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef } from '../src/domain/commands'
import { enabledByMachine } from '../src/domain/states/machine'
import { auditChecklistMachine, auditPlanMachine } from '../src/domain/states/audit-plan'

export const AUDIT_PLAN_PATH = '/stock-in/audit-plan-separate-table'
export const CHECKLIST_PATH = '/stock-in/list-of-checklists'
export const auditPlanPath = (no: string) => `${AUDIT_PLAN_PATH}?no=${encodeURIComponent(no)}`
export const checklistPath = (no: string) => `${CHECKLIST_PATH}?no=${encodeURIComponent(no)}`
export const AUDIT_API = { plans: '/api/audit-plans', checklists: '/api/audit-checklists', lines: '/api/audit-checklists/lines' } as const
/** Most rows one plan takes (area × SKU balances). */
export const MAX_AUDIT_LINES = 5000

export const AUDIT_PERMISSIONS = {
  view: 'menu:audit-plan-separate-table',
  create: 'audit-plan-separate-table:add',
  complete: 'audit-plan-separate-table:complete',
  checklists: 'menu:list-of-checklists',
  record: 'list-of-checklists:record',
} as const
const P = AUDIT_PERMISSIONS
const KEYWORDS = ['JC', 'JD', 'audit', 'checklist']

const optCode = z.string().trim().max(40).nullish().transform((v) => (v ? v.toUpperCase() : null))
const docNo = z.string().trim().min(1, 'errors:field.required').max(40).transform((s) => s.toUpperCase())

export const CreateAuditPlanArgs = z.strictObject({
  areaCode: optCode,
  locationFrom: optCode,
  locationTo: optCode,
  skuCode: optCode,
  remark: z.string().trim().max(200).nullish().transform((v) => (v ? v : null)),
})
export type CreateAuditPlanArgs = z.input<typeof CreateAuditPlanArgs>
export const AuditPlanMade = z.strictObject({ planNo: z.string(), id: z.number().int(), lines: z.number().int(), checklists: z.array(z.string()) })

export const RecordChecklistArgs = z.strictObject({
  checklistNo: docNo,
  lines: z.array(z.strictObject({
    lineNo: z.number().int().positive(),
    actualQty: z.number().int().min(0, 'errors:field.tooSmall').max(1_000_000_000, 'errors:field.tooBig'),
    boxCount: z.number().int().min(0, 'errors:field.tooSmall').max(1_000_000, 'errors:field.tooBig').default(0),
  })).min(1, 'errors:field.required').max(MAX_AUDIT_LINES),
})
export type RecordChecklistArgs = z.input<typeof RecordChecklistArgs>
export const ChecklistRecorded = z.strictObject({ checklistNo: z.string(), recorded: z.number().int(), remaining: z.number().int(), status: z.number().int() })

export const CompleteAuditPlanArgs = z.strictObject({ planNo: docNo })
export const AuditPlanCompleted = z.strictObject({ planNo: z.string(), status: z.number().int(), expectedQty: z.number().int(), actualQty: z.number().int(), boxCount: z.number().int() })

const onAudit = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(AUDIT_PLAN_PATH) || ctx.route.startsWith(CHECKLIST_PATH)
const theDoc = (ctx: CommandContext, key: string): string | undefined => (ctx.selection[0]?.[key] ?? ctx.document?.[key]) as string | undefined

export const auditPlanCommands: readonly CommandDef<any>[] = [
  defineCommand<CreateAuditPlanArgs>({
    id: 'auditPlan.create', title: 'commands:auditPlan.create', section: 'document', permission: P.create,
    input: CreateAuditPlanArgs, output: AuditPlanMade, server: true, bulk: false, keywords: KEYWORDS, when: onAudit,
    fieldLabel: (f) => `tasks:audit.fields.${f}`,
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(`${AUDIT_PLAN_PATH}?new=1`); return undefined }
      const r = await rt.callServer<z.infer<typeof AuditPlanMade>>('auditPlan.create', args)
      rt.toast('success', 'tasks:audit.done.created', { planNo: r.planNo, count: r.checklists.length })
      return r
    },
  }),
  defineCommand<RecordChecklistArgs>({
    id: 'auditChecklist.record', title: 'commands:auditChecklist.record', section: 'document', permission: P.record,
    input: RecordChecklistArgs, output: ChecklistRecorded, server: true, bulk: false, keywords: KEYWORDS, when: onAudit,
    enabled: enabledByMachine(auditChecklistMachine, 'auditChecklist.record'),
    fieldLabel: (f) => `tasks:audit.fields.${f.split('.').pop()}`,
    run: async (ctx, rt, args) => {
      if (args === undefined) {
        const no = theDoc(ctx, 'checklistNo')
        if (no) rt.navigate(checklistPath(no))
        return undefined
      }
      const r = await rt.callServer<z.infer<typeof ChecklistRecorded>>('auditChecklist.record', args)
      rt.toast('success', r.remaining ? 'tasks:audit.done.recorded' : 'tasks:audit.done.checklistComplete', { checklistNo: r.checklistNo, count: r.recorded, remaining: r.remaining })
      return r
    },
  }),
  defineCommand<z.input<typeof CompleteAuditPlanArgs>>({
    id: 'auditPlan.complete', title: 'commands:auditPlan.complete', section: 'status', permission: P.complete,
    input: CompleteAuditPlanArgs, output: AuditPlanCompleted, server: true, keywords: KEYWORDS, when: onAudit, confirm: 'tasks:audit.completeQuestion',
    enabled: (ctx) => (theDoc(ctx, 'planNo') || ctx.route === '' ? enabledByMachine(auditPlanMachine, 'auditPlan.complete')(ctx) : 'common:validation.selectExactlyOne'),
    run: async (ctx, rt, args) => {
      const planNo = args?.planNo ?? theDoc(ctx, 'planNo')
      if (!planNo) return undefined
      const r = await rt.callServer<z.infer<typeof AuditPlanCompleted>>('auditPlan.complete', { planNo })
      rt.toast('success', 'tasks:audit.done.completed', { planNo: r.planNo })
      return r
    },
  }),
]
