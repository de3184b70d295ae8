// A document's life, declared once (ARCHITECTURE.md "Documents and their status machines"): its
// statuses and, per command id, whether a document in its present state may run it — `true`, or the
// refusal (i18n key + params). The server's handler refuses through the same check (409 with that key)
// and the browser enables or disables the command's buttons and palette entry with it, so a page can
// never offer what the server refuses. Pure: no database, no DOM.
import type { CommandContext, EnabledResult, Reason } from '../commands'

export type Refusal = Required<Reason>
export type Verdict = true | Refusal
/** Who asks (some checks depend on it: a task claimed by someone else). */
export interface Actor { userId: number }

export interface MachineDef<D extends { status: number }> {
  /** Document name (tests and messages). */
  name: string
  /** Every status the document can be in. */
  statuses: readonly number[]
  /** Command id → may a document in this state run it, else why not. */
  commands: Readonly<Record<string, (doc: D, actor: Actor) => Verdict>>
  /**
   * The facts the checks read, from a grid row or a published document; undefined when the row does
   * not carry its status (then the server alone decides).
   */
  facts(row: Readonly<Record<string, unknown>>): D | undefined
}

export function defineMachine<D extends { status: number }>(def: MachineDef<D>): MachineDef<D> {
  return def
}

export const refuse = (key: string, params: Record<string, unknown> = {}): Refusal => ({ key, params })

/** The i18n key of a status's label: `dict:<dictionary>.<status>`. */
export const statusLabelKey = (dict: string, status: number): string => `dict:${dict}.${status}`

/**
 * The one way a document's status refuses a command (issue 19 §2): the refusal names the document's
 * status and the statuses the command is allowed from — the machine's own rule, passed by the rule
 * that refuses (tests/domain/document-states.test.ts and tests/api/status-refusals.test.ts check the names against the machine) — as
 * lists of status label keys (`current`, `allowed`) its message renders with `{{current, statuses}}`
 * and `{{allowed, statuses}}` in every language. `status` stays the number.
 */
export function refuseStatus(key: string, dict: string | StatusLabel, status: number, allowed: readonly number[], params: Record<string, unknown> = {}): Refusal {
  const label = typeof dict === 'string' ? (s: number) => statusLabelKey(dict, s) : dict
  return refuse(key, { ...params, status, current: [label(status)], allowed: allowed.map(label) })
}
/** A status's label key, for documents whose labels are not a `dict:` dictionary (`inbound:returns.status.<code>`). */
export type StatusLabel = (status: number) => string

/** The machine's verdict for one document (a command the machine does not know is not its business). */
export function check<D extends { status: number }>(m: MachineDef<D>, commandId: string, doc: D, actor: Actor): Verdict {
  const rule = m.commands[commandId]
  return rule ? rule(doc, actor) : true
}

/**
 * A command's `enabled` over its targets (the grid's selected rows, or the open document): disabled
 * with the first refusal when ANY target is refused — the server runs a command over a selection all
 * or nothing, so enabling it for a mixed selection would offer what the server refuses (the bulk
 * status dialog is the way to move a mixed selection: it names the refused rows). Rows that do not
 * carry their status are left to the server.
 */
export function enabledOver<D extends { status: number }>(m: MachineDef<D>, commandId: string, rows: readonly Readonly<Record<string, unknown>>[], actor: Actor, empty = 'common:validation.selectAtLeastOne'): EnabledResult {
  if (rows.length === 0) return empty
  for (const row of rows) {
    const doc = m.facts(row)
    if (!doc) continue
    const v = check(m, commandId, doc, actor)
    // A reason without params is its key alone (the shape every other command's reason has).
    if (v !== true) return Object.keys(v.params).length ? v : v.key
  }
  return true
}

/** The selection rows of a context as targets, or the open document when nothing is selected. */
export function targetsOf(ctx: Pick<CommandContext, 'selection' | 'document'>): readonly Readonly<Record<string, unknown>>[] {
  if (ctx.selection.length) return ctx.selection
  return ctx.document ? [ctx.document] : []
}

/**
 * `enabled` of a command over the context's targets (selected rows, else the open document). With
 * neither, the command names its document in its arguments (a station's scan, a typed number) and
 * the server alone decides.
 */
export const enabledByMachine = <D extends { status: number }>(m: MachineDef<D>, commandId: string) => (ctx: CommandContext): EnabledResult => {
  const rows = targetsOf(ctx)
  return rows.length ? enabledOver(m, commandId, rows, ctx) : true
}

/** Number or undefined (rows from JSON carry numbers; some carry numeric strings). */
export const numOf = (v: unknown): number | undefined => (v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? undefined : Number(v))
export const textOf = (v: unknown): string => (v === null || v === undefined ? '' : String(v))
