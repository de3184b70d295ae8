// Inputs for the field kinds the shared form blocks (src/app/forms) do not cover: text areas, codes
// (upper-cased as typed), yes/no, date-times, ref pickers (type to search the referenced resource's
// options), multi-ref pickers, image/file uploads (POST /api/files/upload) and the sub-rows editor
// of `json` fields. Every one is keyboard-operable and reports blur for validation.
import { Fragment, useEffect, useState, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { api, ApiError } from '../api/clients'
import { checkUpload, UPLOAD_RULES, type UploadPurpose } from '../../domain/upload'
import { resourceOptions, type RefOption } from './api'

export const inputCls = (invalid = false) =>
  `h-8 rounded border px-2 text-sm outline-none focus:ring-2 focus:ring-[var(--theme,#1890ff)] ${invalid ? 'border-red-500' : 'border-gray-300'}`

export interface ControlProps<V> {
  id: string
  value: V
  onChange(v: V): void
  onBlur(): void
  invalid?: boolean
  describedBy?: string
  disabled?: boolean
}

const aria = (p: ControlProps<unknown>) => ({ 'aria-invalid': p.invalid || undefined, 'aria-describedby': p.invalid ? p.describedBy : undefined })

function useDebounced<T>(v: T, ms: number): T {
  const [d, setD] = useState(v)
  useEffect(() => { const h = setTimeout(() => setD(v), ms); return () => clearTimeout(h) }, [v, ms])
  return d
}

/**
 * Searches the referenced resource's options as the operator types (`/options?q=`). `busy` while the
 * list does not yet answer the typed text (debounce or fetch): the listbox says so (aria-busy), and
 * keyboard tests wait for it instead of arrowing through a list about to be replaced.
 */
function useRefOptions(refName: string, query: string) {
  const q = useDebounced(query, 150)
  const options = useQuery({
    queryKey: ['refOptions', refName, q],
    queryFn: ({ signal }) => resourceOptions(refName, { q }, signal),
    staleTime: 30_000, retry: false,
  })
  return { options, busy: q !== query || options.isFetching }
}

/** Labels of ids not seen among the options yet (`/options?ids=`). */
function useRefLabels(refName: string, ids: readonly number[], known: ReadonlyMap<number, string>) {
  const missing = ids.filter((id) => !known.has(id))
  return useQuery({
    queryKey: ['refOptions', refName, 'ids', missing],
    queryFn: () => resourceOptions(refName, { ids: missing, size: Math.max(missing.length, 1) }),
    enabled: missing.length > 0, staleTime: 60_000, retry: false,
  })
}

// Labels seen per referenced resource, shared by every picker (an id's label does not depend on who asks).
const labelCache = new Map<string, Map<number, string>>()

function labelMap(refName: string, ...lists: (readonly RefOption[] | undefined)[]): Map<number, string> {
  let m = labelCache.get(refName)
  if (!m) labelCache.set(refName, (m = new Map()))
  for (const l of lists) for (const o of l ?? []) m.set(o.id, o.label)
  return m
}

const optionsCls = 'z-[120] max-h-60 w-[var(--input-width)] min-w-48 overflow-auto rounded border bg-white py-1 text-sm shadow-lg empty:invisible'

/** One referenced row: type to search, arrows + Enter pick, the × button (or Delete on the empty box) clears. */
export function RefPicker(p: ControlProps<number | null | undefined> & { refName: string; initialLabel?: string | null; clearable?: boolean }) {
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  const { options, busy } = useRefOptions(p.refName, query)
  const labels = labelMap(p.refName, options.data)
  if (p.value != null && p.initialLabel && !labels.has(p.value)) labels.set(p.value, p.initialLabel)
  const current = useRefLabels(p.refName, p.value != null ? [p.value] : [], labels)
  for (const o of current.data ?? []) labels.set(o.id, o.label)
  const list = options.data ?? []
  return (
    <div className="relative flex items-center gap-1">
      <Combobox value={p.value ?? null} onChange={(v: number | null) => { p.onChange(v ?? null); setQuery('') }} onClose={() => setQuery('')} disabled={p.disabled} immediate>
        <ComboboxInput
          id={p.id} className={`${inputCls(p.invalid)} w-full`} autoComplete="off" {...aria(p as ControlProps<unknown>)}
          placeholder={t('resources-ui:picker.placeholder')}
          displayValue={(v: number | null) => (v == null ? '' : labels.get(v) ?? `#${v}`)}
          onChange={(e) => setQuery(e.target.value)}
          onBlur={p.onBlur}
        />
        <ComboboxOptions anchor="bottom start" className={optionsCls} data-testid={`${p.id}-options`} aria-busy={busy}>
          {options.isFetching && list.length === 0 && <div className="px-2 py-1 text-gray-400">{t('common:loading')}</div>}
          {!options.isFetching && list.length === 0 && <div className="px-2 py-1 text-gray-400">{t('forms:select.none')}</div>}
          {list.map((o) => (
            <ComboboxOption key={o.id} value={o.id} as={Fragment}>
              {({ focus, selected }) => <div className={`cursor-default px-2 py-1 ${focus ? 'bg-blue-50' : ''} ${selected ? 'font-medium' : ''}`}>{o.label}</div>}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      {p.clearable !== false && p.value != null && !p.disabled && (
        <button type="button" className="h-8 px-2 text-gray-500" aria-label={t('resources-ui:picker.clear')} onClick={() => { p.onChange(null); p.onBlur() }}>×</button>
      )}
    </div>
  )
}

/** Several referenced rows: chips with remove buttons; Backspace on the empty box removes the last one. */
export function RefManyPicker(p: ControlProps<number[] | null | undefined> & { refName: string; initialLabels?: readonly string[] | null }) {
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  const value = p.value ?? []
  const { options, busy } = useRefOptions(p.refName, query)
  const labels = labelMap(p.refName, options.data)
  if (p.initialLabels && p.initialLabels.length === value.length) value.forEach((id, i) => { if (!labels.has(id)) labels.set(id, p.initialLabels![i]) })
  const missing = useRefLabels(p.refName, value, labels)
  for (const o of missing.data ?? []) labels.set(o.id, o.label)
  const remove = (id: number) => { p.onChange(value.filter((x) => x !== id)); p.onBlur() }
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && query === '' && value.length) { e.preventDefault(); remove(value[value.length - 1]) }
  }
  return (
    <div className="flex flex-col gap-1">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label={t('resources-ui:picker.chosen')}>
          {value.map((id) => (
            <li key={id} className="flex items-center gap-1 rounded bg-blue-50 px-2 text-xs">
              {labels.get(id) ?? `#${id}`}
              {!p.disabled && <button type="button" aria-label={t('resources-ui:picker.remove', { label: labels.get(id) ?? `#${id}` })} onClick={() => remove(id)}>×</button>}
            </li>
          ))}
        </ul>
      )}
      <Combobox multiple value={value} onChange={(v: number[]) => { p.onChange(v); setQuery('') }} onClose={() => setQuery('')} disabled={p.disabled} immediate>
        <ComboboxInput
          id={p.id} className={`${inputCls(p.invalid)} w-full`} autoComplete="off" {...aria(p as ControlProps<unknown>)}
          placeholder={t('resources-ui:picker.placeholder')} value={query}
          onChange={(e) => setQuery(e.target.value)} onBlur={p.onBlur} onKeyDown={onKey}
        />
        <ComboboxOptions anchor="bottom start" className={optionsCls} aria-busy={busy}>
          {(options.data ?? []).map((o) => (
            <ComboboxOption key={o.id} value={o.id} as={Fragment}>
              {({ focus, selected }) => <div className={`cursor-default px-2 py-1 ${focus ? 'bg-blue-50' : ''}`}>{selected ? '✓ ' : ''}{o.label}</div>}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
    </div>
  )
}

/** Ref filter of the grid's filter bar: the same picker; the parameter value is the id as text. */
export function RefFilterPicker({ refName, id, value, onChange }: { refName: string; id: string; value: string; onChange(v: string): void }) {
  const n = value ? Number(value) : null
  return <RefPicker id={id} refName={refName} value={Number.isFinite(n) ? n : null} onChange={(v) => onChange(v == null ? '' : String(v))} onBlur={() => {}} />
}

export function TextArea(p: ControlProps<string | null | undefined> & { maxLength?: number }) {
  return (
    <textarea id={p.id} className={`${inputCls(p.invalid)} h-auto min-h-16 py-1`} rows={3} value={p.value ?? ''} maxLength={p.maxLength} disabled={p.disabled}
      onChange={(e) => p.onChange(e.target.value)} onBlur={p.onBlur} {...aria(p as ControlProps<unknown>)}
      // Enter is a new line here; Ctrl/⌘+Enter submits the form like Enter elsewhere.
      onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); e.currentTarget.form?.requestSubmit() } }}
    />
  )
}

/** Codes are stored upper-case: convert as typed so what the operator sees is what is saved. */
export function CodeInput(p: ControlProps<string | null | undefined> & { maxLength?: number }) {
  return (
    <input id={p.id} className={`${inputCls(p.invalid)} font-mono`} value={p.value ?? ''} maxLength={p.maxLength} disabled={p.disabled} autoComplete="off"
      onChange={(e) => p.onChange(e.target.value.toUpperCase())} onBlur={p.onBlur} {...aria(p as ControlProps<unknown>)} />
  )
}

export function BoolInput(p: ControlProps<boolean | null | undefined>) {
  const { t } = useTranslation()
  return (
    <label className="flex h-8 items-center gap-2 text-sm">
      <input id={p.id} type="checkbox" checked={!!p.value} disabled={p.disabled} onChange={(e) => { p.onChange(e.target.checked); p.onBlur() }} onBlur={p.onBlur} {...aria(p as ControlProps<unknown>)} />
      {t(p.value ? 'common:yes' : 'common:no')}
    </label>
  )
}

/** datetime-local ⇄ ISO string. */
export function DateTimeInput(p: ControlProps<string | null | undefined>) {
  const local = p.value ? toLocalInput(p.value) : ''
  return (
    <input id={p.id} type="datetime-local" className={inputCls(p.invalid)} value={local} disabled={p.disabled}
      onChange={(e) => p.onChange(e.target.value ? new Date(e.target.value).toISOString() : null)} onBlur={p.onBlur} {...aria(p as ControlProps<unknown>)} />
  )
}

function toLocalInput(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

const IMAGE_RULE = { extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'], maxMb: UPLOAD_RULES.attachment.maxMb }

/**
 * image (one url) or files (list of urls): each chosen file goes to POST /api/files/upload under the
 * field's upload purpose (FieldDef.uploadPurpose; the server applies the same rule again).
 */
export function FileUpload(p: ControlProps<string | string[] | null | undefined> & { multiple: boolean; image: boolean; purpose?: UploadPurpose }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const urls = Array.isArray(p.value) ? p.value : p.value ? [p.value] : []
  const rule = p.purpose ? UPLOAD_RULES[p.purpose] : p.image ? IMAGE_RULE : UPLOAD_RULES.attachment
  const purpose: UploadPurpose = p.purpose ?? 'attachment'
  // A package (apk/wgt) is not a picture even in a single-url field: show it as a link.
  const preview = p.image && (!p.purpose || p.purpose === 'attachment')
  const set = (list: string[]) => { p.onChange(p.multiple ? list : list[0] ?? null); p.onBlur() }
  const onFiles = async (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])]
    input.value = ''
    setError(null)
    for (const f of files) {
      const check = checkUpload(rule, f.name, f.size)
      if (!check.ok) { setError(t(check.messageKey, check.params)); return }
    }
    setBusy(true)
    try {
      const added: string[] = []
      for (const f of files) {
        const fd = new FormData()
        fd.append('file', f, f.name)
        const stored = await api.form<{ url: string }>(`/api/files/upload?purpose=${purpose}`, fd, { silent: true })
        added.push(stored.url)
      }
      set(p.multiple ? [...urls, ...added] : added.slice(-1))
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('resources-ui:files.failed'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="flex flex-col gap-1 text-sm">
      {urls.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {urls.map((u) => (
            <li key={u} className="flex items-center gap-1">
              {preview ? <img src={u} alt="" className="h-12 w-12 rounded border object-cover" /> : <a href={u} target="_blank" rel="noreferrer" className="underline">{t('resources-ui:files.file')}</a>}
              {!p.disabled && <button type="button" aria-label={t('resources-ui:files.remove')} onClick={() => set(urls.filter((x) => x !== u))}>×</button>}
            </li>
          ))}
        </ul>
      )}
      <input id={p.id} type="file" multiple={p.multiple} disabled={p.disabled || busy} className="text-sm"
        accept={rule.extensions.map((x) => `.${x}`).join(',')} onChange={(e) => void onFiles(e.currentTarget)} {...aria(p as ControlProps<unknown>)} />
      {busy && <p className="text-xs text-gray-500" role="status">{t('resources-ui:files.uploading')}</p>}
      {error && <p className="text-xs text-red-600" role="alert">{error}</p>}
    </div>
  )
}
