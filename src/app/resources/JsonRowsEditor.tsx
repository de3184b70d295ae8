// Editor of a `json` field whose `item` schema is an array of objects (style materials by part,
// forwarder contacts…): one table row per item, one cell per property, typed from the zod schema.
// "Add row" and each row's "Remove" are ordinary buttons, so rows come and go by Tab + Enter; Alt+Insert
// inside the table adds a row, Alt+Delete removes the focused one. Other json shapes get a JSON text box.
import { useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { inputCls, type ControlProps } from './inputs'

type CellKind = 'string' | 'number' | 'boolean' | 'enum'
export interface ItemColumn { name: string; kind: CellKind; options?: string[]; optional: boolean }

type Def = { type: string; innerType?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType>; entries?: Record<string, string> }
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def

function unwrap(s: z.ZodType): { s: z.ZodType; optional: boolean } {
  let optional = false
  for (let i = 0; i < 8; i++) {
    const d = defOf(s)
    if ((d.type === 'optional' || d.type === 'nullable' || d.type === 'default' || d.type === 'prefault') && d.innerType) {
      if (d.type !== 'default' && d.type !== 'prefault') optional = true
      s = d.innerType
    } else break
  }
  return { s, optional }
}

/** Columns of an array-of-objects schema; null when the schema has another shape. */
export function itemColumns(item: z.ZodType | undefined): ItemColumn[] | null {
  if (!item) return null
  const arr = defOf(unwrap(item).s)
  if (arr.type !== 'array' || !arr.element) return null
  const obj = defOf(unwrap(arr.element).s)
  if (obj.type !== 'object' || !obj.shape) return null
  return Object.entries(obj.shape).map(([name, prop]) => {
    const { s, optional } = unwrap(prop)
    const d = defOf(s)
    const kind: CellKind = d.type === 'number' || d.type === 'int' ? 'number' : d.type === 'boolean' ? 'boolean' : d.type === 'enum' ? 'enum' : 'string'
    return { name, kind, optional, options: d.type === 'enum' && d.entries ? Object.values(d.entries).map(String) : undefined }
  })
}

type Item = Record<string, unknown>

/** Candidate label keys of a sub-field: `<ns>:<name>.items.<field>.<sub>`, `<ns>:<name>.<field minus s>Fields.<sub>`, `fields:<sub>`. */
export const itemLabelKeys = (ns: string, name: string, field: string) => (sub: string) =>
  [`${ns}:${name}.items.${field}.${sub}`, `${ns}:${name}.${field.replace(/s$/, '')}Fields.${sub}`, `fields:${sub}`]

export function JsonRowsEditor(p: ControlProps<unknown> & { columns: ItemColumn[]; labelKeys: (sub: string) => string[]; caption: string }) {
  const { t } = useTranslation()
  const rows: Item[] = Array.isArray(p.value) ? (p.value as Item[]) : []
  const table = useRef<HTMLTableElement>(null)
  const set = (next: Item[]) => p.onChange(next)
  const blank = (): Item => Object.fromEntries(p.columns.map((c) => [c.name, c.kind === 'boolean' ? false : c.optional ? null : c.kind === 'number' ? undefined : '']))
  const focusRow = (i: number) => setTimeout(() => table.current?.querySelector<HTMLElement>(`[data-row="${i}"] input, [data-row="${i}"] select`)?.focus(), 0)
  const add = () => { set([...rows, blank()]); focusRow(rows.length) }
  const remove = (i: number) => { set(rows.filter((_, j) => j !== i)); p.onBlur(); focusRow(Math.max(0, Math.min(i, rows.length - 2))) }
  const cell = (i: number, name: string, v: unknown) => set(rows.map((r, j) => (j === i ? { ...r, [name]: v } : r)))
  const onKey = (e: KeyboardEvent<HTMLTableElement>) => {
    if (!e.altKey) return
    const rowEl = (e.target as HTMLElement).closest<HTMLElement>('[data-row]')
    if (e.key === 'Insert') { e.preventDefault(); add() }
    else if (e.key === 'Delete' && rowEl) { e.preventDefault(); remove(Number(rowEl.dataset.row)) }
  }
  return (
    <div className="flex flex-col gap-1" onBlur={(e) => { if (!e.currentTarget.contains(e.relatedTarget as Node | null)) p.onBlur() }}>
      <table ref={table} className="w-full border text-xs" onKeyDown={onKey} aria-describedby={p.invalid ? p.describedBy : undefined} data-testid={`${p.id}-rows`}>
        <caption className="sr-only">{p.caption}</caption>
        <thead className="bg-gray-50">
          <tr>
            {p.columns.map((c) => <th key={c.name} scope="col" className="px-1 py-1 text-left font-medium">{t(p.labelKeys(c.name), { defaultValue: c.name })}</th>)}
            <th scope="col" className="w-16"><span className="sr-only">{t('resources-ui:rows.actions')}</span></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} data-row={i} className="border-t">
              {p.columns.map((c) => {
                const label = `${t(p.labelKeys(c.name), { defaultValue: c.name })} ${i + 1}`
                const v = r[c.name]
                return (
                  <td key={c.name} className="px-1 py-0.5">
                    {c.kind === 'boolean' ? (
                      <input type="checkbox" aria-label={label} checked={!!v} disabled={p.disabled} onChange={(e) => cell(i, c.name, e.target.checked)} />
                    ) : c.kind === 'enum' ? (
                      <select aria-label={label} className={inputCls()} value={v == null ? '' : String(v)} disabled={p.disabled} onChange={(e) => cell(i, c.name, e.target.value || null)}>
                        <option value="">{t('forms:select.placeholder')}</option>
                        {(c.options ?? []).map((o) => <option key={o} value={o}>{o}</option>)}
                      </select>
                    ) : (
                      <input aria-label={label} className={`${inputCls()} w-full`} inputMode={c.kind === 'number' ? 'decimal' : undefined} disabled={p.disabled}
                        value={v == null || (typeof v === 'number' && Number.isNaN(v)) ? '' : String(v)}
                        onChange={(e) => cell(i, c.name, c.kind === 'number' ? (e.target.value === '' ? (c.optional ? null : undefined) : Number(e.target.value)) : e.target.value)} />
                    )}
                  </td>
                )
              })}
              <td className="px-1">
                {!p.disabled && <button type="button" className="underline" onClick={() => remove(i)} aria-label={t('resources-ui:rows.removeRow', { n: i + 1 })}>{t('resources-ui:rows.remove')}</button>}
              </td>
            </tr>
          ))}
          {rows.length === 0 && <tr><td colSpan={p.columns.length + 1} className="px-1 py-1 text-gray-400">{t('resources-ui:rows.empty')}</td></tr>}
        </tbody>
      </table>
      {!p.disabled && <button id={p.id} type="button" className="self-start rounded border px-2 py-0.5 text-xs" onClick={add}>{t('resources-ui:rows.add')}</button>}
    </div>
  )
}

/** Fallback for json values without an array-of-objects schema: the JSON text, parsed on blur. */
export function JsonText(p: ControlProps<unknown>) {
  const { t } = useTranslation()
  const [text, setText] = useState(() => (p.value === undefined || p.value === null ? '' : JSON.stringify(p.value, null, 2)))
  const [bad, setBad] = useState(false)
  return (
    <>
      <textarea id={p.id} className={`${inputCls(p.invalid || bad)} h-auto min-h-20 py-1 font-mono text-xs`} value={text} disabled={p.disabled}
        aria-invalid={p.invalid || bad || undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          try { p.onChange(text.trim() ? JSON.parse(text) : null); setBad(false) } catch { setBad(true) }
          p.onBlur()
        }} />
      {bad && <p role="alert" className="text-xs text-red-600">{t('resources-ui:rows.badJson')}</p>}
    </>
  )
}
