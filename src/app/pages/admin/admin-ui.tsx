// Pieces shared by the administration screens (users, mail outbox, tenants): the `?form=` parameter
// the form commands navigate with, a toolbar of the SAME commands the palette offers (refreshing the
// grid after a run), page hotkeys that run those commands, a listbox over plain (non-i18n) labels
// and a checkbox group — all keyboard-operable.
import { Fragment, type KeyboardEvent, type ReactNode } from 'react'
import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { commandEnabled, commandVisible, type CommandDef } from '../../../domain/commands'
import { reasonLabel } from '../../commands/reason'
import { runCommand, useCommandContext, useCommandRegistry } from '../../palette'
import { getActiveRegistry } from '../../commands/registry'
import { usePageActive, usePageSearch } from '../kit'

/**
 * The page's `?form=` value, honoured only while this page is the visible route (a page kept alive in
 * a hidden tab must not open its dialog for another screen's `?form=`), and a closer that drops it.
 */
export function useFormParam(routePath: string | undefined): { value: string | null; open(v: string): void; close(): void } {
  const [loc, navigate] = useLocation()
  const search = usePageSearch()
  const active = usePageActive()
  const here = !routePath || loc === routePath
  const value = active && here ? new URLSearchParams(search).get('form') : null
  return {
    value,
    open: (v) => navigate(`${loc}?form=${encodeURIComponent(v)}`),
    // Replace: closing a dialog is not a step worth going Back to; the same command can reopen it.
    close: () => navigate(loc, { replace: true }),
  }
}

/** `edit:12` → 12 for kind 'edit'; anything else → undefined. */
export function formId(value: string | null, kind: string): number | undefined {
  const m = new RegExp(`^${kind}:(\\d+)$`).exec(value ?? '')
  return m ? Number(m[1]) : undefined
}

/** The active registry's command by id, read in an event handler (not a hook). */
export function commandById(id: string): CommandDef<any> {
  const c = getActiveRegistry().get(id)
  if (!c) throw new Error(`unknown command ${id}`)
  return c
}

/** A page hotkey: `alt+n` style (lower-case key; modifiers alt, shift, ctrl). */
export interface PageKey { key: string; command: string }

// The physical letter (e.code) where known: Alt+N types '˜' on a Mac layout, yet it is still Alt+N.
const keyName = (e: KeyboardEvent) => `${e.ctrlKey || e.metaKey ? 'ctrl+' : ''}${e.altKey ? 'alt+' : ''}${e.shiftKey ? 'shift+' : ''}${(/^Key([A-Z])$/.exec(e.code ?? '')?.[1] ?? e.key).toLowerCase()}`

/** Key caps as shown in titles and the hint line (Alt+N). */
export const keyLabel = (k: string) => k.split('+').map((p) => (p.length === 1 ? p.toUpperCase() : p[0].toUpperCase() + p.slice(1))).join('+')

/**
 * onKeyDown for a page container: runs the command bound to the key (visibility, selection and the
 * confirmation are checked by runCommand as from the palette); keys typed into fields or dialogs are theirs.
 */
export function pageKeyHandler(keys: readonly PageKey[], after: (id: string) => void) {
  return (e: KeyboardEvent<HTMLElement>) => {
    if (e.defaultPrevented) return
    const target = e.target as HTMLElement
    if (target.closest('input, textarea, select, [role="dialog"], [role="listbox"], form')) return
    const k = keys.find((x) => x.key === keyName(e))
    if (!k) return
    e.preventDefault()
    void runCommand(commandById(k.command)).then((out) => { if (out.status === 'ok') after(k.command) })
  }
}

/** Command buttons: hidden without the permission, disabled with the reason (as the palette); `after` runs on success. */
export function AdminToolbar({ ids, label, keys = [], after }: { ids: readonly string[]; label: string; keys?: readonly PageKey[]; after?(id: string): void }) {
  const { t } = useTranslation()
  const registry = useCommandRegistry()
  const ctx = useCommandContext()
  const cmds = ids.map((id) => registry.get(id)).filter((c): c is CommandDef<any> => !!c && commandVisible(c, ctx))
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={label}>
      {cmds.map((c) => {
        const enabled = commandEnabled(c, ctx)
        const reason = enabled === true ? undefined : reasonLabel(enabled)
        const key = keys.find((k) => k.command === c.id)?.key
        return (
          <button key={c.id} type="button" data-testid={`cmd-${c.id}`} aria-disabled={reason ? true : undefined} title={reason ?? (key ? keyLabel(key) : undefined)}
            className={`h-7 rounded border px-3 ${reason ? 'cursor-not-allowed opacity-50' : 'hover:bg-gray-50'}`}
            // A disabled command still answers (runCommand toasts its reason), so keyboard users learn why.
            onClick={() => void runCommand(c).then((out) => { if (out.status === 'ok') after?.(c.id) })}>
            {t(c.title)}
            {key && <kbd className="ml-1 text-[10px] text-gray-500">{keyLabel(key)}</kbd>}
            {reason && <span className="sr-only"> — {reason}</span>}
          </button>
        )
      })}
    </div>
  )
}

export interface PlainOption<V> { value: V; label: string }

/** A listbox over labels that are data (tenant names…), not i18n keys: ↓/Enter opens, arrows move, Enter picks. */
export function PlainSelect<V extends string | number>({ id, value, options, onChange, onBlur, invalid, describedBy, testId, disabled }: {
  id: string; value: V | null | undefined; options: readonly PlainOption<V>[]; onChange(v: V): void; onBlur?(): void
  invalid?: boolean; describedBy?: string; testId?: string; disabled?: boolean
}) {
  const { t } = useTranslation()
  const current = options.find((o) => o.value === value)
  return (
    <Listbox value={value ?? null} onChange={(v: V | null) => { if (v !== null) onChange(v); onBlur?.() }} disabled={disabled}>
      <div className="relative">
        <ListboxButton id={id} data-testid={testId} aria-invalid={invalid || undefined} aria-describedby={invalid ? describedBy : undefined}
          className={`h-8 w-full rounded border px-2 text-left text-sm outline-none focus:ring-2 focus:ring-[var(--theme,#1890ff)] ${invalid ? 'border-red-500' : 'border-gray-300'}`}>
          {current ? current.label : <span className="text-gray-400">{t('forms:select.placeholder')}</span>}
        </ListboxButton>
        <ListboxOptions anchor="bottom start" className="z-[120] max-h-60 w-[var(--button-width)] overflow-auto rounded border bg-white py-1 text-sm shadow-lg focus:outline-none">
          {options.map((o) => (
            <ListboxOption key={String(o.value)} value={o.value} as={Fragment}>
              {({ focus, selected }) => <div className={`cursor-default px-2 py-1 ${focus ? 'bg-blue-50' : ''} ${selected ? 'font-medium' : ''}`}>{o.label}</div>}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </div>
    </Listbox>
  )
}

/** A labelled group of checkboxes (Tab moves between them, Space toggles) with the group's error line. */
export function CheckGroup({ legend, error, errorId, children, testId }: { legend: string; error?: string; errorId: string; children: ReactNode; testId?: string }) {
  return (
    <fieldset className="flex flex-col gap-1 text-sm" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} data-testid={testId}>
      <legend className="mb-1 text-gray-700">{legend}</legend>
      <div className="flex max-h-40 flex-wrap gap-x-4 gap-y-1 overflow-auto rounded border border-gray-200 p-2">{children}</div>
      {error && <p id={errorId} role="alert" className="text-xs text-red-600">{error}</p>}
    </fieldset>
  )
}

export function Check({ checked, onChange, label, testId, disabled, note }: { checked: boolean; onChange(v: boolean): void; label: string; testId?: string; disabled?: boolean; note?: string }) {
  return (
    <label className={`flex items-center gap-1.5 ${disabled ? 'text-gray-500' : ''}`}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span>{label}</span>
      {note && <span className="text-xs text-gray-500">{note}</span>}
    </label>
  )
}
