// The outbound exception register (stock-out-abnormal → list; issue 21 "One exception register", part N):
// stopped orders, pick differences, review exceptions ("outbound terminated, no review, handle exception",
// spec §8) and container-loading refusals in one list, each with its handling (spec §4: pending,
// processed) and the action that resolves it:
//   returnShelf     — a stopped order whose picked goods wait on a return-to-shelf task: that task's station
//   resolveDiff     — a pending pick difference: the existing CY resolve (reissue, reallocate, out of stock)
//   reviewException — an order picked short for good: review it at the exception station
//   handle          — nothing else to do: mark it processed with a note (outbound.exception.handle, bulk)
// Rows are derived from the tables that hold each exception (view outbound_exception_register, migration
// 0061); the machine src/domain/states/outbound-exception.ts decides what may be marked processed.
// Handlers: src/server/areas/outbound-exceptions (one transaction per command).
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef, type EnabledResult } from '../src/domain/commands'
import { enabledOver, targetsOf } from '../src/domain/states/machine'
import { outboundExceptionMachine } from '../src/domain/states/outbound-exception'
import { pickDiffPath } from './outbound-picking'
import { REVIEW_PATH, returnShelfPath } from './outbound-shipping'
import { outboundOrderDetailsPath } from './outbound-orders'
import { loadingDetailPath } from './container-loading'

export const EXCEPTION_PATH = '/stock-out-abnormal/list'
/** The register showing one document's exceptions (palette, links). */
export const exceptionPath = (docNo: string) => `${EXCEPTION_PATH}?docNo=${encodeURIComponent(docNo)}`

/** Permission codes: the screen and its handle button (src/domain/menu/catalog.ts, 10001 / 10101). */
export const EXCEPTION_PERMISSIONS = {
  view: 'menu:stock-out-abnormal-list',
  handle: 'stock-out-abnormal-list:handle',
} as const

export const EXCEPTION_KINDS = ['stopped', 'pickDiff', 'review', 'loading'] as const
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number]
export const EXCEPTION_ACTIONS = ['returnShelf', 'resolveDiff', 'reviewException', 'handle'] as const
export type ExceptionAction = (typeof EXCEPTION_ACTIONS)[number]

/** Most rows one handle run takes (spec §5: "max 50 rows for selection"). */
export const MAX_HANDLE_ROWS = 50
export const NOTE_MAX = 300

export const EXCEPTION_API = {
  list: '/api/outbound/exceptions',
} as const

const rowKey = z.string().trim().min(3, 'errors:field.required').max(120)
export const HandleExceptionArgs = z.strictObject({
  keys: z.array(rowKey).min(1, 'common:validation.selectAtLeastOne').max(MAX_HANDLE_ROWS, 'exceptions:errors.tooMany'),
  note: z.string().trim().min(1, 'exceptions:errors.noteRequired').max(NOTE_MAX, 'errors:field.tooLong'),
})
export type HandleExceptionArgs = z.input<typeof HandleExceptionArgs>
export const ExceptionsHandled = z.object({ processed: z.array(z.string()), count: z.number().int() })
export type ExceptionsHandled = z.infer<typeof ExceptionsHandled>

type Row = Readonly<Record<string, unknown>>
const isExceptionRow = (r: Row | undefined): r is Row => !!r && typeof r.rowKey === 'string' && r.rowKey !== ''
const onRegister = (ctx: CommandContext) => ctx.route === '' || ctx.route.split(/[?#]/)[0] === EXCEPTION_PATH
function rowsOf(ctx: CommandContext): readonly Row[] {
  return targetsOf(ctx).filter(isExceptionRow)
}
const keysOf = (rows: readonly Row[]) => rows.map((r) => String(r.rowKey))

/** Where a row's resolving action is done (null: it is handled here, or nothing is left to do). */
export function actionPath(r: { action?: unknown; actionNo?: unknown; docNo?: unknown }): string | null {
  const no = typeof r.actionNo === 'string' && r.actionNo ? r.actionNo : String(r.docNo ?? '')
  switch (r.action) {
    case 'returnShelf': return returnShelfPath(no)
    case 'resolveDiff': return pickDiffPath(no)
    // The station in its exception mode; the operator scans the parcel (starting a review is the station's own step).
    case 'reviewException': return `${REVIEW_PATH}?exception=1`
    default: return null
  }
}

/** The row's document (an outbound order, a CY, a ZG loading document): where its number jumps. */
export function documentPath(r: { docType?: unknown; docNo?: unknown }): string | null {
  const no = typeof r.docNo === 'string' ? r.docNo : ''
  if (!no) return null
  switch (r.docType) {
    case 'outboundOrder': return outboundOrderDetailsPath(no)
    case 'pickDiff': return pickDiffPath(no)
    case 'containerLoading': return loadingDetailPath(no)
    default: return null
  }
}

const FIELDS = (f: string) => (f === 'keys' ? 'exceptions:fields.rows' : f === 'note' ? 'exceptions:fields.note' : undefined)

export const outboundExceptionCommands: readonly CommandDef<any>[] = [
  defineCommand<HandleExceptionArgs>({
    id: 'outbound.exception.handle', title: 'commands:outbound.exception.handle', section: 'status', permission: EXCEPTION_PERMISSIONS.handle,
    input: HandleExceptionArgs, output: ExceptionsHandled, server: true, keywords: ['exception', 'abnormal', 'processed', 'handle', 'YC'],
    shortcut: 'Alt+h', scope: 'grid', shortcutWhen: onRegister, when: onRegister, fieldLabel: FIELDS,
    confirm: 'exceptions:confirm.handle',
    bulk: { noun: 'exceptions:confirm.count', targets: (ctx) => rowsOf(ctx).length },
    enabled: (ctx): EnabledResult => enabledOver(outboundExceptionMachine, 'outbound.exception.handle', rowsOf(ctx), ctx),
    run: async (ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const note = await rt.prompt?.<string>('text', { title: 'exceptions:fields.note', required: true })
        if (!note) return undefined
        a = { keys: keysOf(rowsOf(ctx)), note }
      }
      const r = await rt.callServer<ExceptionsHandled>('outbound.exception.handle', a)
      rt.toast('success', 'exceptions:done.handled', { count: r.count })
      return r
    },
  }),
  // The resolving action of the active row: where it is done (the return-to-shelf station, the CY resolve,
  // the exception review station); a row handled here asks for the note instead.
  defineCommand({
    id: 'outbound.exception.resolve', title: 'commands:outbound.exception.resolve', section: 'document', permission: EXCEPTION_PERMISSIONS.view,
    keywords: ['exception', 'abnormal', 'resolve', 'return to shelf', 'pick-diff'], when: onRegister, selection: 'one',
    enabled: (ctx): EnabledResult => {
      const [r] = rowsOf(ctx)
      if (!r) return 'common:validation.selectExactlyOne'
      if (actionPath(r)) return true
      return { key: r.action === 'handle' ? 'exceptions:errors.handleHere' : 'exceptions:errors.nothingToDo', params: { docNo: String(r.docNo ?? '') } }
    },
    run: (ctx, rt) => {
      const [r] = rowsOf(ctx)
      const path = r ? actionPath(r) : null
      if (!path) return undefined
      rt.navigate(path)
      return { path }
    },
  }),
  // The row's document by its number (the order, the CY, the loading document).
  defineCommand({
    id: 'outbound.exception.openDocument', title: 'commands:outbound.exception.openDocument', section: 'document', permission: EXCEPTION_PERMISSIONS.view,
    keywords: ['exception', 'document', 'order', 'CY', 'ZG'], when: onRegister, selection: 'one',
    enabled: (ctx): EnabledResult => {
      const [r] = rowsOf(ctx)
      if (!r) return 'common:validation.selectExactlyOne'
      return documentPath(r) ? true : { key: 'exceptions:errors.noDocument', params: { docNo: String(r.docNo ?? '') } }
    },
    run: (ctx, rt) => {
      const [r] = rowsOf(ctx)
      const path = r ? documentPath(r) : null
      if (!path) return undefined
      rt.navigate(path)
      return { path }
    },
  }),
]
