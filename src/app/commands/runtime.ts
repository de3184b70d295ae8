// CommandRuntime of the browser: what a command's `run` may do. navigate → wouter, callServer →
// POST /api/commands/:id with a fresh Idempotency-Key per invocation (arguments parsed with the
// command's own zod schema first: a refusal shows the field and sends nothing), open → shell panels,
// toast → translated toasts, prompt → palette pickers, effect → handlers the shell/grids registered,
// read → GET of an API read route (a bulk command's dry run).
// After a successful call the app's grids are invalidated (whichever surface ran the command).
import { navigate as browserNavigate } from 'wouter/use-browser-location'
import type { CommandRegistry, CommandRuntime } from '../../domain/commands'
import { api } from '../api/clients'
import { openPanel, type PanelId } from '../state/ui'
import { showToast } from '../state/toast'
import { i18next } from '../i18n'
import { getActiveRegistry } from './registry'
import { CommandInputError, fieldErrorsOf } from './validation'
import { requestPrompt } from './interaction'
import { performEffect } from './effects'
import { queryClient } from '../state/query-client'
import { gridIdOf } from '../resources/ids'

/**
 * After a successful server command: the mounted grids refetch, ref pickers' option lists go stale,
 * and a resource command (`resource.<name>.<action>`) also marks every cached query of that resource's
 * grid stale, mounted or not (the dictionary cache listens there: lib/dictionaries.ts). Done here, once,
 * so a command run from the palette refreshes the visible grid just like one run from the page toolbar.
 * Unmounted grids are left alone: their pages are stale at once anyway (staleTime 0) and refetch on mount.
 */
export function markStaleAfter(commandId: string): void {
  void queryClient.invalidateQueries({ queryKey: ['grid'], predicate: (q) => q.getObserversCount() > 0 })
  void queryClient.invalidateQueries({ queryKey: ['refOptions'] })
  const resource = /^resource\.([^.]+)\./.exec(commandId)?.[1]
  if (resource) void queryClient.invalidateQueries({ queryKey: ['grid', gridIdOf({ name: resource })] })
}

export interface RuntimeOptions {
  navigate?: (path: string) => void
  registry?: () => CommandRegistry
  /** Source of idempotency keys (tests pin it); default crypto.randomUUID. */
  newKey?: () => string
}

export function commandUrl(id: string): string {
  return `/api/commands/${encodeURIComponent(id)}`
}

export function createRuntime(opts: RuntimeOptions = {}): CommandRuntime {
  const nav = opts.navigate ?? ((path: string) => browserNavigate(path))
  const registry = opts.registry ?? getActiveRegistry
  const newKey = opts.newKey ?? (() => crypto.randomUUID())
  return {
    navigate(path) {
      // Spec (header search): external paths open in a new tab, internal ones navigate.
      if (/^https?:\/\//i.test(path)) window.open(path, '_blank', 'noopener')
      else nav(path)
    },
    async callServer<T>(commandId: string, args: unknown): Promise<T> {
      const def = registry().get(commandId)
      let body = args ?? {}
      if (def?.input) {
        const r = def.input.safeParse(body)
        if (!r.success) throw new CommandInputError(commandId, fieldErrorsOf(r.error.issues, body, def.fieldLabel))
        body = r.data as object
      }
      // One key per invocation: a retried request of the same invocation replays, a new run is new.
      const result = await api.post<T>(commandUrl(commandId), body, { headers: { 'Idempotency-Key': newKey() } })
      markStaleAfter(commandId)
      return result
    },
    open(panel, props) {
      openPanel(panel as PanelId, props)
    },
    toast(kind, messageKey, params) {
      showToast(kind, i18next.t(messageKey, params))
    },
    prompt<T>(kind: string, props?: Record<string, unknown>) {
      return requestPrompt<T>(kind, props)
    },
    effect(name, props) {
      return performEffect(name, props)
    },
    read<T>(path: string, query?: Record<string, unknown>) {
      return api.get<T>(path, query)
    },
  }
}
