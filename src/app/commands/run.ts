// Running a command from any surface (palette, shortcut, button): re-check visibility and enablement
// against a fresh context, ask the confirmation, remember it as recent, then run it (client `run`,
// or a plain server call for server commands without one). Failures become translated toasts.
import { commandEnabled, commandVisible, type BulkCount, type CommandContext, type CommandDef, type CommandRuntime, type Reason } from '../../domain/commands'
import { bulkTargetCount } from '../../domain/bulk'
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
  /** A bulk command's dry run found nothing to do: said, nothing ran. */
  | { status: 'nothing' }
  | { status: 'failed'; error: unknown }

let defaultRuntime: CommandRuntime | null = null
export function getRuntime(): CommandRuntime {
  return (defaultRuntime ??= createRuntime())
}
/** The shell may install a runtime with its own navigate (e.g. a wouter base path). */
export function setRuntime(rt: CommandRuntime | null): void { defaultRuntime = rt }

/** The question of a bulk command without one of its own (its title and count line say the rest). */
export const BULK_QUESTION = 'palette:bulk.question'

export interface RunOptions<I> {
  ctx?: CommandContext
  args?: I
  runtime?: CommandRuntime
  /** The surface already asked, naming the count (a preview dialog whose button says "Change 12 orders"). */
  confirmed?: boolean
}

export async function runCommand<I>(def: CommandDef<I>, opts: RunOptions<I> = {}): Promise<RunOutcome> {
  const ctx = opts.ctx ?? buildCommandContext()
  if (!commandVisible(def, ctx)) return { status: 'hidden' }
  const enabled = commandEnabled(def, ctx)
  if (enabled !== true) {
    showToast('warning', reasonLabel(enabled))
    return { status: 'disabled', reason: enabled }
  }
  const rt = opts.runtime ?? getRuntime()
  if (!opts.confirmed) {
    const answer = await ask(def, ctx, rt, opts.args)
    if (answer !== true) return answer
  }
  pushRecent(def.id)
  try {
    const result = def.run ? await def.run(ctx, rt, opts.args) : def.server ? await rt.callServer(def.id, opts.args ?? {}) : undefined
    return { status: 'ok', result }
  } catch (error) {
    reportFailure(def, error)
    return { status: 'failed', error }
  }
}

/**
 * The one question before a run, whichever surface runs it. A bulk command (issue 18 §3) names how
 * many documents it touches — counted from its arguments or targets, or asked of the server by its
 * dry run (nothing to do: said, and nothing runs) — from `askFrom` documents on; a run that only
 * opens the command's dialog asks nothing (the dialog's run does). Other commands ask their `confirm`.
 */
async function ask<I>(def: CommandDef<I>, ctx: CommandContext, rt: CommandRuntime, args: I | undefined): Promise<true | RunOutcome> {
  const bulk = def.bulk || undefined
  if (bulk && !(bulk.dialog && args === undefined)) {
    let counted: BulkCount
    if (bulk.preview) {
      try {
        counted = await bulk.preview(ctx, rt, args)
      } catch (error) {
        reportFailure(def, error)
        return { status: 'failed', error }
      }
      if (!(counted.count > 0)) {
        showToast('info', i18next.t(bulk.none ?? 'palette:bulk.none', { title: i18next.t(def.title) }))
        return { status: 'nothing' }
      }
    } else counted = { count: bulkTargetCount(def, ctx, args) }
    if (counted.count >= (bulk.askFrom ?? 1)) {
      const ok = await askConfirm(def.confirm ?? BULK_QUESTION, { titleKey: def.title, countKey: bulk.noun, params: { ...counted.params, count: counted.count } })
      return ok ? true : { status: 'cancelled' }
    }
  }
  if (def.confirm) {
    const ok = await askConfirm(def.confirm, { titleKey: def.title, params: { count: ctx.selection.length } })
    if (!ok) return { status: 'cancelled' }
  }
  return true
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
