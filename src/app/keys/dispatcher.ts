// The one keyboard dispatcher: a single tinykeys listener on window built from the registry's
// shortcuts. Which command a keystroke runs is decided at key time from the focus stack and the
// command context, so the listener is rebuilt only when the registry changes (menus loaded), never
// per render.
import { tinykeys } from 'tinykeys'
import { commandEnabled, shortcutLive, type CommandContext, type CommandDef, type FocusScope, type Reason } from '../../domain/commands'
import { bindingKey, hasCommandModifier, normalizeShortcut, parsePresses } from './shortcuts'
import { topScope } from './focus-stack'

/** Scopes that own the keyboard: global single-key shortcuts stay quiet while they are on top. */
const MODAL_SCOPES: ReadonlySet<FocusScope> = new Set(['dialog', 'palette', 'scan'])

const TEXT_INPUT_EXCLUDED = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'])

/** True when keystrokes on this element are text entry (the typing guard). */
export function isTypingTarget(el: EventTarget | null | undefined): boolean {
  if (!el || typeof (el as Element).tagName !== 'string') return false
  const e = el as HTMLElement
  const tag = e.tagName.toUpperCase()
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  if (tag === 'INPUT') return !TEXT_INPUT_EXCLUDED.has(((e as HTMLInputElement).type || 'text').toLowerCase())
  return e.isContentEditable === true || e.getAttribute?.('contenteditable') === 'true'
}

const ACTIVATING_ROLES = new Set(['button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'checkbox', 'switch', 'radio'])

/**
 * True when a plain Enter or Space on this element activates it (a button, a link, a checkbox, a
 * summary …): the key belongs to the control, never to a scoped shortcut — a toolbar button inside
 * a grid runs itself on Enter instead of the grid's "open row".
 */
export function isActivationTarget(el: EventTarget | null | undefined): boolean {
  if (!el || typeof (el as Element).tagName !== 'string') return false
  const e = el as HTMLElement
  const tag = e.tagName.toUpperCase()
  if (tag === 'BUTTON' || tag === 'SUMMARY') return true
  if (tag === 'A' && e.hasAttribute('href')) return true
  if (tag === 'INPUT') return TEXT_INPUT_EXCLUDED.has(((e as HTMLInputElement).type || 'text').toLowerCase())
  return ACTIVATING_ROLES.has(e.getAttribute?.('role') ?? '')
}
const ACTIVATION_KEYS = new Set(['enter', ' ', 'space'])
function isActivationShortcut(shortcut: string): boolean {
  const presses = parsePresses(shortcut)
  return presses.length === 1 && presses[0].mods.length === 0 && ACTIVATION_KEYS.has(presses[0].key.toLowerCase())
}

/** Clipboard/undo/select-all belong to the field being edited even when a command claims the combo. */
const EDITING_KEYS = new Set(['a', 'c', 'v', 'x', 'z', 'y'])
function isEditingCombo(shortcut: string): boolean {
  const presses = parsePresses(shortcut)
  if (presses.length !== 1) return false
  const { mods, key } = presses[0]
  return EDITING_KEYS.has(key.toLowerCase()) && mods.every((m) => m === '$mod' || m === 'Control' || m === 'Meta' || m === 'Shift')
}

export type Resolution =
  | { kind: 'none'; why: 'no-candidate' | 'typing' | 'blocked' | 'hidden' }
  | { kind: 'clash'; commands: CommandDef<any>[] }
  | { kind: 'disabled'; command: CommandDef<any>; reason: string | Reason }
  | { kind: 'fire'; command: CommandDef<any> }

/**
 * Decides what one keystroke does, given every command bound to it. Pure, so the rules are tested
 * without a browser: scope (global or the top of the stack; the innermost scope wins over global),
 * modal scopes block global single keys, the typing guard, visibility (and the command's shortcutWhen),
 * clash refusal, enablement.
 */
export function resolveShortcut(candidates: readonly CommandDef<any>[], opts: { ctx: CommandContext; top: FocusScope; typing: boolean }): Resolution {
  const { ctx, top, typing } = opts
  const live = candidates.filter((c) => {
    const scope = c.scope ?? 'global'
    const modifier = hasCommandModifier(c.shortcut ?? '')
    if (scope !== 'global' && scope !== top) return false
    if (!modifier && scope === 'global' && MODAL_SCOPES.has(top)) return false
    if (typing && (!modifier || isEditingCombo(c.shortcut ?? ''))) return false
    return true
  })
  if (!live.length) {
    if (!candidates.length) return { kind: 'none', why: 'no-candidate' }
    return { kind: 'none', why: typing ? 'typing' : 'blocked' }
  }
  // Visible here, and where the command confines its keys (shortcutWhen: e.g. only on its own page).
  const visible = live.filter((c) => shortcutLive(c, ctx))
  if (!visible.length) return { kind: 'none', why: 'hidden' }
  // The innermost scope wins over global; within one scope two matches are a clash.
  const inner = visible.filter((c) => (c.scope ?? 'global') === top && top !== 'global')
  const group = inner.length ? inner : visible
  if (group.length > 1) return { kind: 'clash', commands: group }
  const command = group[0]
  const enabled = commandEnabled(command, ctx)
  if (enabled !== true) return { kind: 'disabled', command, reason: enabled }
  return { kind: 'fire', command }
}

export interface DispatcherOptions {
  getContext: () => CommandContext
  run: (command: CommandDef<any>, ctx: CommandContext) => void
  onDisabled: (command: CommandDef<any>, reason: string | Reason) => void
  warn?: (message: string) => void
  target?: Window | HTMLElement
}

/** Installs the single listener; returns its remover. */
export function installDispatcher(commands: readonly CommandDef<any>[], opts: DispatcherOptions): () => void {
  const groups = new Map<string, { shortcut: string; commands: CommandDef<any>[] }>()
  for (const c of commands) {
    if (!c.shortcut) continue
    const k = bindingKey(c.shortcut)
    const g = groups.get(k)
    if (g) g.commands.push(c)
    else groups.set(k, { shortcut: normalizeShortcut(c.shortcut), commands: [c] })
  }
  const warn = opts.warn ?? ((m: string) => console.warn(m))
  const map: Record<string, (e: KeyboardEvent) => void> = {}
  for (const { shortcut, commands: bound } of groups.values()) {
    const activation = isActivationShortcut(shortcut)
    map[shortcut] = (event) => {
      if (event.repeat || event.defaultPrevented) return
      if (activation && isActivationTarget(event.target)) return
      const typing = isTypingTarget(event.target) || (event.isComposing ?? false)
      const ctx = opts.getContext()
      const r = resolveShortcut(bound, { ctx, top: topScope(), typing })
      if (r.kind === 'clash') {
        warn(`shortcut ${shortcut} matches ${r.commands.map((c) => c.id).join(', ')} in one scope; running none`)
        return
      }
      if (r.kind === 'none') return
      event.preventDefault()
      if (r.kind === 'disabled') opts.onDisabled(r.command, r.reason)
      else opts.run(r.command, ctx)
    }
  }
  return tinykeys(opts.target ?? window, map)
}
