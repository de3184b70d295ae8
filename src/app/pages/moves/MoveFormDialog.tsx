// A move order by hand, keyboard first: one row per line — from location, SKU (code, UPC or FNSKU), stock
// status, batch, quantity, to location, and whether reserved goods move with their reservation. Alt+A adds a
// line (focus on its from location), Alt+Backspace removes the line holding the focus, Ctrl+Enter saves
// through move.order.create; every refusal — the command's own schema first, then the server's ("moved not
// above movable" naming the movable quantity, an unknown or disabled destination …) — shows under the field
// of the line it names. A transfer warning's fix opens it prefilled (?form=new&from=…&code=…&qty=…&to=…).
import { useId, useRef, useState, type KeyboardEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../palette/focus'
import { dictOptions } from '../../resources/columns'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../documents/formParts'
import { FormFooter } from '../documents/LinesEditor'
import { CreateMoveArgs, type MoveMade } from '../../../../commands/moves'

interface Row { key: number; fromLocationCode: string; code: string; stockStatus: string; batchNo: string; qty: string; toLocationCode: string; moveReserved: boolean }
const empty = (key: number): Row => ({ key, fromLocationCode: '', code: '', stockStatus: '1', batchNo: '', qty: '1', toLocationCode: '', moveReserved: false })
const F = (f: string) => `moves:fields.${f}`
const STATUSES = dictOptions('stockStatus')

/** The first line from a transfer warning's fix (URL parameters), or nothing. */
export function prefillFrom(search: URLSearchParams): Partial<Row> | undefined {
  const from = search.get('from')
  if (!from) return undefined
  return {
    fromLocationCode: from, code: search.get('code') ?? '', qty: search.get('qty') ?? '1', toLocationCode: search.get('to') ?? '',
    stockStatus: search.get('status') ?? '1', batchNo: search.get('batch') ?? '',
  }
}

export function MoveFormDialog({ initial, onClose, onSaved }: { initial?: Partial<Row>; onClose(): void; onSaved(moveNo: string): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const nextKey = useRef(2)
  const [rows, setRows] = useState<Row[]>([{ ...empty(1), ...(initial ?? {}) }])
  const [remark, setRemark] = useState('')
  const { errors, setErrors, formError, busy, submit } = useCommandSubmit()
  const { errOf, fieldProps } = useFieldParts(uid, errors, F)
  const fromWarning = !!initial

  const set = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  const focusLine = (i: number, field = 'fromLocationCode') => requestAnimationFrame(() => document.getElementById(`${uid}-lines.${i}.${field}`)?.focus())
  const addLine = () => {
    setRows((rs) => [...rs, empty(nextKey.current++)])
    setErrors({})
    focusLine(rows.length)
  }
  const removeLine = (i: number) => {
    if (rows.length <= 1) return
    setRows((rs) => rs.filter((_, j) => j !== i))
    setErrors({})
    focusLine(Math.max(0, i - 1))
  }
  const argsOf = () => ({
    source: fromWarning ? 'warning' : 'hand',
    remark: remark || null,
    lines: rows.map((r) => ({
      fromLocationCode: r.fromLocationCode, code: r.code, stockStatus: Number(r.stockStatus), batchNo: r.batchNo || null,
      qty: Number(r.qty), toLocationCode: r.toLocationCode, moveReserved: r.moveReserved,
    })),
  })
  const save = async () => {
    const out = await submit('move.order.create', CreateMoveArgs, argsOf())
    if (out) onSaved((out.result as MoveMade).moveNo)
  }
  const lineOf = (el: EventTarget | null): number => Number((el as HTMLElement | null)?.closest('[data-line]')?.getAttribute('data-line') ?? -1)
  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save() }
    else if (e.altKey && e.code === 'KeyA') { e.preventDefault(); addLine() }
    else if (e.altKey && e.key === 'Backspace') { const i = lineOf(e.target); if (i >= 0) { e.preventDefault(); removeLine(i) } }
  }
  const cell = (i: number, name: keyof Row, control: (p: ReturnType<typeof fieldProps>) => ReactElement) => {
    const path = `lines.${i}.${name}`
    const msg = errOf(path)
    return (
      <td className="px-1 py-1 align-top">
        {control(fieldProps(path))}
        {msg && <p id={`${uid}-${path}-err`} role="alert" className="mt-0.5 max-w-[16rem] text-xs text-red-600">{msg}</p>}
      </td>
    )
  }
  const text = (i: number, name: 'fromLocationCode' | 'code' | 'batchNo' | 'toLocationCode' | 'qty', width: string, label: string) => cell(i, name, (p) => (
    <input {...p} aria-label={`${label} ${i + 1}`} className={`${inputCls(!!errOf(`lines.${i}.${name}`))} ${width} ${name === 'qty' ? 'text-right' : 'font-mono uppercase'}`}
      inputMode={name === 'qty' ? 'numeric' : undefined} value={rows[i]![name]} maxLength={80} autoFocus={i === 0 && name === 'fromLocationCode'}
      onChange={(e) => set(i, { [name]: e.target.value } as Partial<Row>)} />
  ))
  const titleId = `${uid}-title`
  const linesError = errOf('lines')
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} onKeyDown={keyDown} testId="move-form" className="max-h-[90vh] w-full max-w-6xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <h2 id={titleId} className="mb-3 text-base font-semibold">{t(fromWarning ? 'moves:ui.form.titleWarning' : 'moves:ui.form.title')}</h2>
      <table className="w-full text-sm" data-testid="move-form-lines">
        <thead className="bg-slate-100 text-left">
          <tr>
            <th className="px-1 py-1">#</th>
            {(['fromLocationCode', 'code', 'stockStatus', 'batchNo', 'qty', 'toLocationCode', 'moveReserved'] as const).map((c) => <th key={c} className="px-1 py-1">{t(F(c === 'moveReserved' ? 'moveReservedShort' : c))}</th>)}
            <th className="px-1 py-1"><span className="sr-only">{t('moves:ui.form.remove')}</span></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.key} data-line={i} className="border-b">
              <td className="px-1 py-1 align-top text-slate-500">{i + 1}</td>
              {text(i, 'fromLocationCode', 'w-36', t(F('fromLocationCode')))}
              {text(i, 'code', 'w-44', t(F('code')))}
              {cell(i, 'stockStatus', (p) => (
                <select {...p} aria-label={`${t(F('stockStatus'))} ${i + 1}`} className={inputCls(false)} value={r.stockStatus} onChange={(e) => set(i, { stockStatus: e.target.value })}>
                  {STATUSES.map((o) => <option key={o.value} value={o.value}>{t(o.labelKey)}</option>)}
                </select>
              ))}
              {text(i, 'batchNo', 'w-28', t(F('batchNo')))}
              {text(i, 'qty', 'w-20', t(F('qty')))}
              {text(i, 'toLocationCode', 'w-36', t(F('toLocationCode')))}
              {cell(i, 'moveReserved', (p) => (
                <input type="checkbox" {...p} aria-label={`${t(F('moveReserved'))} ${i + 1}`} className="mt-2 h-4 w-4" checked={r.moveReserved} onChange={(e) => set(i, { moveReserved: e.target.checked })} />
              ))}
              <td className="px-1 py-1 align-top">
                <button type="button" className="h-8 rounded border px-2 text-xs disabled:opacity-40" disabled={rows.length <= 1} onClick={() => removeLine(i)}
                  aria-label={t('moves:ui.form.removeLine', { line: i + 1 })}>✕</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {linesError && <p role="alert" className="mt-1 text-xs text-red-600">{linesError}</p>}
      <div className="mt-2 flex items-end gap-3">
        <button type="button" className="h-8 rounded border px-3 text-sm" onClick={addLine} data-testid="move-add-line">{t('moves:ui.form.addLine')}</button>
        <label className="flex flex-1 flex-col gap-1 text-sm" htmlFor={`${uid}-remark`}>
          <span className="text-gray-700">{t(F('remark'))}</span>
          <input id={`${uid}-remark`} className={inputCls(false)} value={remark} maxLength={200} onChange={(e) => setRemark(e.target.value)} />
        </label>
      </div>
      <FormFooter formError={formError} keys="moves:ui.form.keys" saveLabel="moves:ui.form.save" busy={busy} onCancel={onClose} onSave={() => void save()} />
    </Modal>
  )
}
