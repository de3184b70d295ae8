// Questions a command asks the operator: a confirmation (Enter confirms, Esc cancels) or a prompt
// (a picker shown inside the palette: warehouse pairs, languages, any option list, free text).
// The question lives in a valtio store the dialogs render; the answer resolves the command's promise.
import { proxy, ref } from 'valtio'
import { LANGUAGES, type Language } from '../../domain/i18n'
import { session } from '../state/session'
import { ui } from '../state/ui'
import { i18next } from '../i18n'

/** One confirmation question (the console's only confirm dialog renders it: palette/ConfirmDialog). */
export interface ConfirmRequest {
  id: number
  messageKey: string
  titleKey?: string
  params: Record<string, unknown>
  /** i18n key of a line naming how many documents a bulk command touches (with `params`, plurals by params.count). */
  countKey?: string
  /** Already-translated detail under the message (e.g. a server error text). */
  detail?: string
  /** i18n keys of the buttons (default palette:confirm.ok / palette:confirm.cancel). */
  confirmKey?: string
  cancelKey?: string
  /** Only an acknowledgement: no cancel button, Escape does not dismiss it. */
  noCancel?: boolean
}
export type ConfirmOptions = Omit<ConfirmRequest, 'id' | 'messageKey' | 'params'> & { params?: Record<string, unknown> }

export interface PromptOption {
  /** Returned to the command when chosen (kept out of valtio's proxying). */
  value: unknown
  /** Display text, already translated. */
  label: string
  hint?: string
  /** The value currently in effect (marked in the list). */
  current?: boolean
}

export interface PromptRequest {
  id: number
  kind: string
  /** i18n key of the picker's title (shown as the input placeholder). */
  titleKey: string
  /** Free-text prompts resolve with what was typed; option prompts with the chosen option's value. */
  freeText: boolean
  /**
   * Free text only: an empty answer is a valid one (resolves ''), e.g. "range — empty = all". Required
   * prompts (the default) offer nothing to submit until something is typed.
   */
  optional: boolean
  options: PromptOption[]
}

export const interaction = proxy({
  confirm: null as ConfirmRequest | null,
  prompt: null as PromptRequest | null,
})

let seq = 0
const confirmWaiters = new Map<number, (ok: boolean) => void>()
const promptWaiters = new Map<number, (value: unknown) => void>()

/**
 * Resolves true when confirmed, false when cancelled (or replaced by a newer question). Commands, forms
 * and the shell (state/confirm.ts) all ask here, so there is one dialog with one keyboard behaviour.
 */
export function askConfirm(messageKey: string, opts: ConfirmOptions = {}): Promise<boolean> {
  if (interaction.confirm) answerConfirm(false)
  const id = ++seq
  interaction.confirm = { ...opts, id, messageKey, params: opts.params ?? {} }
  return new Promise((resolve) => confirmWaiters.set(id, resolve))
}

export function answerConfirm(ok: boolean): void {
  const c = interaction.confirm
  if (!c) return
  interaction.confirm = null
  confirmWaiters.get(c.id)?.(ok)
  confirmWaiters.delete(c.id)
}

export interface PromptKindDef {
  titleKey: string
  freeText?: boolean
  options?: (props: Record<string, unknown>) => PromptOption[]
}

const kinds = new Map<string, PromptKindDef>()

/** Later areas add pickers (e.g. a status picker) by kind; the palette renders every kind the same way. */
export function registerPromptKind(kind: string, def: PromptKindDef): void {
  kinds.set(kind, def)
}

const tr = (s: string) => (/^[a-z][\w-]*:[\w.-]+$/.test(s) ? i18next.t(s) : s)

registerPromptKind('warehouse', {
  titleKey: 'palette:prompt.warehouse',
  // Spec: option value warehouseId-tenantId, label warehouseName-tenantName.
  options: () => session.warehouseList.map((p) => ({
    value: { warehouseId: p.warehouseId, tenantId: p.tenantId },
    label: `${p.warehouseName}-${p.tenantName}`,
    hint: `${p.warehouseId}-${p.tenantId}`,
    current: p.warehouseId === session.warehouseId && p.tenantId === session.tenantId,
  })),
})
registerPromptKind('language', {
  titleKey: 'palette:prompt.language',
  options: (props) => ((props.options as readonly Language[] | undefined) ?? LANGUAGES).map((l) => ({
    value: l, label: i18next.t(`palette:language.${l}`), hint: l, current: l === session.language,
  })),
})
/** props.options: [{ value, label (i18n key or literal), hint? }], props.title: i18n key. */
registerPromptKind('select', {
  titleKey: 'palette:prompt.select',
  options: (props) => ((props.options as { value: unknown; label: string; hint?: string }[] | undefined) ?? []).map((o) => ({
    value: o.value, label: tr(o.label), hint: o.hint, current: o.value === props.current,
  })),
})
/** props.title: i18n key; props.optional: true when an empty answer is allowed (resolves ''). */
registerPromptKind('text', { titleKey: 'palette:prompt.text', freeText: true })

export class UnknownPromptError extends Error {
  constructor(readonly kind: string) { super(`unknown prompt kind ${kind}`); this.name = 'UnknownPromptError' }
}

/** Opens the palette as a picker; resolves the chosen value, or undefined when cancelled. */
export function requestPrompt<T>(kind: string, props: Record<string, unknown> = {}): Promise<T | undefined> {
  const def = kinds.get(kind)
  if (!def) return Promise.reject(new UnknownPromptError(kind))
  if (interaction.prompt) answerPrompt(undefined)
  const id = ++seq
  const options = (def.options?.(props) ?? []).map((o) => ({ ...o, value: wrap(o.value) }))
  interaction.prompt = { id, kind, titleKey: typeof props.title === 'string' ? props.title : def.titleKey, freeText: !!def.freeText, optional: props.optional === true, options }
  ui.paletteQuery = ''
  ui.paletteOpen = true
  return new Promise((resolve) => promptWaiters.set(id, resolve as (v: unknown) => void))
}

export function answerPrompt(value: unknown): void {
  const p = interaction.prompt
  if (!p) return
  interaction.prompt = null
  promptWaiters.get(p.id)?.(value === undefined ? undefined : unwrap(value))
  promptWaiters.delete(p.id)
}

// Option values may be objects: keep them out of valtio's proxy so the command gets its own object back.
function wrap(v: unknown): unknown { return v !== null && typeof v === 'object' ? ref({ boxed: v }) : v }
function unwrap(v: unknown): unknown { return v !== null && typeof v === 'object' && 'boxed' in (v as object) ? (v as { boxed: unknown }).boxed : v }
