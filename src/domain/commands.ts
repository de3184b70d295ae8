// The command model (ARCHITECTURE.md "Declarations"). Every menu entry, document action and status
// change is one CommandDef; the palette, the hotkeys, buttons and menus all read the same object.
// Definitions are static data — nothing here is rebuilt during render; a context is passed at run time.
import type { z } from 'zod'
import type { Language } from './i18n'

export type CommandSection = 'navigation' | 'document' | 'status' | 'shell' | 'grid' | 'admin' | 'scan' | 'help'
/** Focus scopes, innermost wins: a shortcut fires only when its scope is on top of the focus stack (or global). */
export type FocusScope = 'global' | 'grid' | 'form' | 'dialog' | 'palette' | 'scan'
export type SelectionKind = 'none' | 'one' | 'many'

/** Everything a predicate may look at. Built by the app (browser) or the server, never stored. */
export interface CommandContext {
  permissions: ReadonlySet<string>
  roles: readonly string[]
  userId: number
  tenantId: number
  warehouseId: number
  language: Language
  /** Current route path in the browser; '' on the server. */
  route: string
  /** Rows selected in the focused grid (shape depends on the grid's resource). */
  selection: readonly Record<string, unknown>[]
  /** Id of the document open on the current page, when there is one. */
  documentId?: string | number
  /**
   * The open document's facts its status machine reads (status, number, received quantity …), as
   * its page publishes them; commands acting on it enable or disable from these (src/domain/states).
   */
  document?: Readonly<Record<string, unknown>>
  /** Browser only: the current page is in the user's favourites (undefined: the page cannot be a favourite). */
  favourite?: boolean
  /** Browser only: entries in the shell's error log (the error-log control shows only when > 0). */
  errorCount?: number
  /** Browser only: focus scopes currently on the focus stack (bottom first); undefined when unknown. */
  scopes?: readonly FocusScope[]
}

/**
 * Shell behaviour a command may trigger that is neither navigation nor a panel: the app shell owns the
 * state these touch (sidebar, tabs, session, favourites, palette, focused grid), so commands name the
 * effect and the runtime performs it. A closed union: a typo fails to compile.
 */
export type ShellEffect =
  | 'palette.open'          // props: { mode?: 'commands' | 'documents' | 'menu' }
  | 'sidebar.toggle'
  | 'fullscreen.toggle'     // browser fullscreen; 'you browser can not work' when unsupported
  | 'pageFullscreen.toggle'
  | 'cache.clear'           // wipes local storage and cookies, reloads
  | 'session.logout'
  | 'language.set'          // props: { language: Language }
  | 'warehouse.switch'      // props: { warehouseId: number; tenantId: number }
  | 'favourite.add'         // the current page
  | 'favourite.remove'
  | 'tab.refresh'           // the current tab
  | 'tab.close'
  | 'tab.closeOthers'
  | 'tab.closeAll'
  | 'grid.export'           // the focused grid: export with its current filter
  | 'grid.columns'          // the focused grid: column settings dialog
  | 'grid.selectAll'
  | 'grid.openRow'          // the focused grid: open the active row
  | 'grid.focusToggle'      // the page's grid: its filters ↔ its rows

/** Why a command cannot run: an i18n key and its params (a document's number, its status …). */
export interface Reason { key: string; params?: Record<string, unknown> }
/** `true` when enabled, else the reason it is disabled: an i18n key, or a key with params. */
export type EnabledResult = true | string | Reason

/** A disabled verdict as key + params. */
export const reasonOf = (r: string | Reason): Reason => (typeof r === 'string' ? { key: r } : r)
/** A disabled verdict in words, with the caller's translate function (i18next's `t`, the server's translate). */
export const reasonText = (t: (key: string, params?: Record<string, unknown>) => string, r: string | Reason): string => {
  const { key, params } = reasonOf(r)
  return params ? t(key, params) : t(key)
}

/** What a command's client `run` may do; implemented by the app shell. */
export interface CommandRuntime {
  navigate(path: string): void
  /** POST /api/commands/:id with an idempotency key; resolves to the envelope's data. */
  callServer<T = unknown>(commandId: string, args: unknown): Promise<T>
  /** Opens a named dialog/panel of the shell (feedback, settings, keymap, …). */
  open(panel: string, props?: Record<string, unknown>): void
  toast(kind: 'success' | 'error' | 'info', messageKey: string, params?: Record<string, unknown>): void
  /**
   * Asks the operator for input (e.g. a status picker); resolves undefined when cancelled. Free text
   * ('text'): props.title (i18n key), props.optional — an empty answer allowed (resolves '').
   */
  prompt?<T>(kind: string, props?: Record<string, unknown>): Promise<T | undefined>
  /** Performs a shell effect (sidebar, tabs, logout, focused grid …); see ShellEffect. */
  effect(name: ShellEffect, props?: Record<string, unknown>): void | Promise<void>
  /** GET a read route of the API in the caller's warehouse+tenant (e.g. a bulk command's dry run); resolves to the envelope's data. */
  read?<T>(path: string, query?: Record<string, unknown>): Promise<T>
}

/** What a bulk run would touch: `count` documents, plus any other figure its question names (e.g. waves). */
export interface BulkCount { count: number; params?: Record<string, unknown> }

/**
 * A command that creates or changes several documents in one run (issue 18 §3). Whichever surface
 * runs it — palette, shortcut, button — runCommand asks ONE confirmation first: the command's
 * `confirm` question (or palette:bulk.question) under its title, and a line naming how many
 * documents it touches (`noun`). A command carrying a list of document ids in its input, or acting
 * on a selection of many rows, must declare this (tests/contract/bulk-commands.test.ts).
 */
export interface BulkDef<I = unknown> {
  /** i18n key of the count line with {{count}} and i18next plurals, e.g. "{{count}} outbound orders". */
  noun: string
  /**
   * How many documents a run without arguments touches in this context (default: the selected rows,
   * else the open document). With arguments the count is the length of their id lists (idListKeys).
   */
  targets?: (ctx: CommandContext) => number
  /**
   * Instead of counting the targets: asks the server what a run would do now (a dry run sharing the
   * handler's selection, e.g. generate waves by rule: the orders and the waves). 0 → `none` is said
   * and nothing runs.
   */
  preview?: (ctx: CommandContext, rt: CommandRuntime, args: I | undefined) => Promise<BulkCount>
  /** i18n key said (info toast) when the preview finds nothing to do; default palette:bulk.none. */
  none?: string
  /**
   * Ask from this many documents on (default 1: every run asks, for what cannot be undone); a
   * reversible move of one document (validate the order open on its page) runs without a question.
   */
  askFrom?: number
  /**
   * A run without arguments only opens a dialog that gathers them (a form, a status preview): the
   * question is asked when the dialog runs the command with them — or the dialog is itself the
   * question naming the count and says so (runCommand's `confirmed`).
   */
  dialog?: boolean
}

export interface CommandDef<I = unknown> {
  /** Unique, dotted: `<area>.<thing>.<verb>` e.g. `outbound.order.merge`. Duplicate ids throw. */
  id: string
  /** i18n key `namespace:key.path`, present in zh, en and es-MX. */
  title: string
  section: CommandSection
  /** Extra search words (i18n keys or literal codes such as document prefixes). */
  keywords?: readonly string[]
  /** tinykeys syntax: '$mod+k', 'g i', 'Shift+?' … */
  shortcut?: string
  /** Focus scope of the shortcut; default 'global'. */
  scope?: FocusScope
  /**
   * Where the shortcut fires, beyond `when` (which also rules the palette and buttons): e.g. only on
   * the command's own page. The keymap help lists the shortcut only where it fires (shortcutLive).
   */
  shortcutWhen?: (ctx: CommandContext) => boolean
  /** Route path of the screen the command belongs to (a resource's list): the palette ranks it first there. */
  page?: string
  /** Permission code from the catalog; codes beginning `self:` are held by every signed-in user. */
  permission: string
  /** Visibility beyond the permission (e.g. only on a page); hidden when false. */
  when?: (ctx: CommandContext) => boolean
  /** Shown but disabled with a reason when not true. */
  enabled?: (ctx: CommandContext) => EnabledResult
  selection?: SelectionKind
  /** zod schema of the arguments; the server parses with the same one. */
  input?: z.ZodType<I>
  /**
   * zod schema of a server command's answer (the envelope's `data`), where it is stated: the OpenAPI
   * document gives it as the operation's answer (else `data` is any JSON value), and
   * tests/api/command-api.test.ts parses real answers with it.
   */
  output?: z.ZodType
  /**
   * i18n key of an argument's label in refusals of `input` (client pre-flight and server), e.g. a
   * resource's `<ns>:<name>.fields.<f>` or a screen's (screenFieldLabels in domain/validation.ts).
   * Asked with the field's path ('lines.2.qty'), then its top-level field ('lines'); undefined → the
   * shared `fields:<name>`.
   */
  fieldLabel?: (field: string) => string | undefined
  /** Mutating on the server: POST /api/commands/<id> runs exactly one registered handler. */
  server?: boolean
  /** i18n key of a confirmation question asked before running. */
  confirm?: string
  /**
   * Acts on several documents in one run: the confirmation names how many (see BulkDef). `false`:
   * carries a list of ids but changes one document (a role's menus, a new record's areas).
   */
  bulk?: BulkDef<I> | false
  /** Client behaviour. Server commands without `run` simply call the server with `args`. */
  run?: (ctx: CommandContext, rt: CommandRuntime, args?: I) => unknown | Promise<unknown>
}

export const SELF_PERMISSION_PREFIX = 'self:'

export function defineCommand<I>(def: CommandDef<I>): CommandDef<I> {
  return def
}

/** A registry that refuses duplicate ids (a hard error, as in VS Code). */
export class CommandRegistry {
  private readonly byId = new Map<string, CommandDef<any>>()

  constructor(defs: readonly CommandDef<any>[] = []) {
    for (const d of defs) this.register(d)
  }

  register(def: CommandDef<any>): void {
    if (this.byId.has(def.id)) throw new Error(`duplicate command id: ${def.id}`)
    this.byId.set(def.id, def)
  }

  get(id: string): CommandDef<any> | undefined { return this.byId.get(id) }
  all(): CommandDef<any>[] { return [...this.byId.values()] }
  get size(): number { return this.byId.size }
}

/** Hidden when the permission is missing or `when` is false (spec section 6: missing permission removes the control). */
export function commandVisible(def: CommandDef<any>, ctx: CommandContext): boolean {
  if (!holds(def.permission, ctx)) return false
  return def.when ? def.when(ctx) : true
}

/** The command's shortcut may fire here (and the keymap lists it): visible, and its `shortcutWhen` holds. */
export function shortcutLive(def: CommandDef<any>, ctx: CommandContext): boolean {
  return commandVisible(def, ctx) && (def.shortcutWhen ? def.shortcutWhen(ctx) : true)
}

export function commandEnabled(def: CommandDef<any>, ctx: CommandContext): EnabledResult {
  if (def.selection === 'one' && ctx.selection.length !== 1) return 'common:validation.selectExactlyOne'
  if (def.selection === 'many' && ctx.selection.length < 1) return 'common:validation.selectAtLeastOne'
  return def.enabled ? def.enabled(ctx) : true
}

export function holds(permission: string, ctx: Pick<CommandContext, 'permissions' | 'roles'>): boolean {
  if (permission.startsWith(SELF_PERMISSION_PREFIX)) return true
  if (ctx.roles.includes('admin')) return true
  return ctx.permissions.has(permission) || ctx.permissions.has(`${permission}_new`)
}

const MODIFIER_ORDER = ['$mod', 'alt', 'shift'] as const

/**
 * Canonical form of a tinykeys shortcut for comparison: presses separated by one space, modifiers
 * lower-cased and ordered, Control/Meta folded into $mod (on one platform or the other they are the
 * same key), the key lower-cased. 'Shift+$mod+K' and '$mod+shift+k' compare equal.
 */
export function normalizeShortcut(shortcut: string): string {
  return shortcut.trim().split(/\s+/).map((press) => {
    const parts = press.split('+').filter((p, i, a) => p !== '' || i === a.length - 1)
    const key = parts.pop()!.toLowerCase() || '+'
    const mods = new Set(parts.map((m) => m.toLowerCase()).map((m) => (m === 'control' || m === 'ctrl' || m === 'meta' || m === 'cmd' ? '$mod' : m)))
    return [...MODIFIER_ORDER.filter((m) => mods.has(m)), key].join('+')
  }).join(' ')
}

/** Scopes in which a shortcut of `a` and one of `b` can both be live: global overlaps every scope. */
function scopesOverlap(a: FocusScope, b: FocusScope): boolean {
  return a === b || a === 'global' || b === 'global'
}

/**
 * Pairs of commands whose shortcuts would fight: the same keys, or one's keys being the first
 * presses of the other's sequence ('g' vs 'g h'), in overlapping focus scopes.
 */
export function shortcutClashes(defs: readonly CommandDef<any>[]): { a: string; b: string; shortcut: string }[] {
  const keyed = defs.filter((d) => d.shortcut).map((d) => ({ id: d.id, scope: d.scope ?? 'global', keys: normalizeShortcut(d.shortcut!) }))
  const out: { a: string; b: string; shortcut: string }[] = []
  for (let i = 0; i < keyed.length; i++) {
    for (let j = i + 1; j < keyed.length; j++) {
      const x = keyed[i], y = keyed[j]
      if (!scopesOverlap(x.scope, y.scope)) continue
      const prefix = (p: string, q: string) => p === q || q.startsWith(`${p} `)
      if (prefix(x.keys, y.keys) || prefix(y.keys, x.keys)) out.push({ a: x.id, b: y.id, shortcut: x.keys.length <= y.keys.length ? x.keys : y.keys })
    }
  }
  return out
}
