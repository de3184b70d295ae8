// CommandRuntime of the browser: what a command's `run` may do. navigate → wouter, callServer →
// POST /api/commands/:id with a fresh Idempotency-Key per invocation (arguments parsed with the
// command's own zod schema first: a refusal shows the field and sends nothing), open → shell panels,
// toast → translated toasts, prompt → palette pickers, effect → handlers the shell/grids registered.
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
      return api.post<T>(commandUrl(commandId), body, { headers: { 'Idempotency-Key': newKey() } })
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
  }
}
