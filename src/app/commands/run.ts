// Running a command from any surface (palette, shortcut, button): re-check visibility and enablement
// against a fresh context, ask the confirmation, remember it as recent, then run it (client `run`,
// or a plain server call for server commands without one). Failures become translated toasts.
import { commandEnabled, commandVisible, type CommandContext, type CommandDef, type CommandRuntime, type Reason } from '../../domain/commands'
import { reasonLabel } from './reason'
import { ApiError } from '../api/clients'
import { showToast } from '../state/toast'
import { i18next } from '../i18n'
import { buildCommandContext } from './context'
import { askConfirm } from './interaction'
import { pushRecent } from './recent'
import { createRuntime } from './runtime'
import { getActiveRegistry } from './registry'
import { CommandInputError } from './validation'
import { EffectUnavailableError } from './effects'

export type RunOutcome =
  | { status: 'ok'; result: unknown }
  | { status: 'hidden' }
  | { status: 'disabled'; reason: string | Reason }
  | { status: 'cancelled' }
  | { status: 'failed'; error: unknown }

let defaultRuntime: CommandRuntime | null = null
export function getRuntime(): CommandRuntime {
  return (defaultRuntime ??= createRuntime())
}
/** The shell may install a runtime with its own navigate (e.g. a wouter base path). */
export function setRuntime(rt: CommandRuntime | null): void { defaultRuntime = rt }

export async function runCommand<I>(def: CommandDef<I>, opts: { ctx?: CommandContext; args?: I; runtime?: CommandRuntime } = {}): Promise<RunOutcome> {
  const ctx = opts.ctx ?? buildCommandContext()
  if (!commandVisible(def, ctx)) return { status: 'hidden' }
  const enabled = commandEnabled(def, ctx)
  if (enabled !== true) {
    showToast('warning', reasonLabel(enabled))
    return { status: 'disabled', reason: enabled }
  }
  if (def.confirm) {
    const ok = await askConfirm(def.confirm, { titleKey: def.title, params: { count: ctx.selection.length } })
    if (!ok) return { status: 'cancelled' }
  }
  pushRecent(def.id)
  const rt = opts.runtime ?? getRuntime()
  try {
    const result = def.run ? await def.run(ctx, rt, opts.args) : def.server ? await rt.callServer(def.id, opts.args ?? {}) : undefined
    return { status: 'ok', result }
  } catch (error) {
    reportFailure(def, error)
    return { status: 'failed', error }
  }
}

/** For buttons and menus: run by id; unknown ids are a programming error worth a console line. */
export function runCommandById(id: string, args?: unknown): Promise<RunOutcome> {
  const def = getActiveRegistry().get(id)
  if (!def) {
    console.error(`unknown command ${id}`)
    return Promise.resolve({ status: 'hidden' })
  }
  return runCommand(def, { args })
}

function reportFailure(def: CommandDef<any>, error: unknown): void {
  if (error instanceof CommandInputError) {
    showToast('error', error.errors.map((e) => e.message).join('\n'))
    return
  }
  // The api clients already toasted and reported it (apiEvents.onError).
  if (error instanceof ApiError) return
  if (error instanceof EffectUnavailableError) {
    showToast('error', i18next.t('palette:errors.unavailable', { title: i18next.t(def.title) }))
    return
  }
  console.error(error)
  showToast('error', i18next.t('palette:errors.failed', { title: i18next.t(def.title) }))
}
