// A new transfer order (stock-out-allot → allot-add, component 'stock-out-allot/allot-add'), keyboard first:
// the receiving warehouse (the company's other warehouses; the once-outbound configuration that applies to
// it is said under the field), expected arrival, box mark, remark, then one row per line — SKU (code, UPC or
// FNSKU), batch, quantity. Alt+A adds a line (focus on its SKU), Alt+Backspace removes the line holding the
// focus, Ctrl+Enter creates it through transfer.order.create and opens the new order; every refusal — the
// command's own schema first, then the server's ("transfer count not above maximum" naming the available
// quantity, the same warehouse, an unknown code) — shows under the field of the line it names.
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../documents/formParts'
import { FormFooter } from '../documents/LinesEditor'
import { CreateTransferArgs, TRANSFER_LIST_PATH, transferDetailPath, type TransferMade } from '../../../../commands/transfers'
import { fetchDestinations } from './api'

interface Row { key: number; code: string; batchNo: string; qty: string }
const empty = (key: number): Row => ({ key, code: '', batchNo: '', qty: '1' })
const F = (f: string) => `transfers:fields.${f}`

export default function TransferAddPage() {
  const { t } = useTranslation()
  const uid = useId()
  const [, navigate] = useLocation()
  const nextKey = useRef(2)
  const dests = useQuery({ queryKey: ['transfer-destinations'], queryFn: fetchDestinations, staleTime: 60_000 })
  const [to, setTo] = useState('')
  const [expectedArrival, setExpectedArrival] = useState('')
  const [boxMark, setBoxMark] = useState('')
  const [remark, setRemark] = useState('')
  const [rows, setRows] = useState<Row[]>([empty(1)])
  const { errors, setErrors, formError, busy, submit } = useCommandSubmit()
  const { errOf, fieldProps, fieldBox } = useFieldParts(uid, errors, F)

  const set = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  const focusLine = (i: number) => requestAnimationFrame(() => document.getElementById(`${uid}-lines.${i}.code`)?.focus())
  const addLine = () => { setRows((rs) => [...rs, empty(nextKey.current++)]); setErrors({}); focusLine(rows.length) }
  const removeLine = (i: number) => {
    if (rows.length <= 1) return
    setRows((rs) => rs.filter((_, j) => j !== i)); setErrors({}); focusLine(Math.max(0, i - 1))
  }
  const args = () => ({
    toWarehouseId: to ? Number(to) : 0,
    expectedArrival: expectedArrival || null, boxMark: boxMark || null, remark: remark || null,
    lines: rows.map((r) => ({ code: r.code, batchNo: r.batchNo || null, qty: Number(r.qty) })),
  })
  const save = async () => {
    const out = await submit('transfer.order.create', CreateTransferArgs, args())
    if (out) navigate(transferDetailPath((out.result as TransferMade).transferNo))
  }
  const lineOf = (el: EventTarget | null): number => Number((el as HTMLElement | null)?.closest('[data-line]')?.getAttribute('data-line') ?? -1)
  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save() }
    else if (e.altKey && e.code === 'KeyA') { e.preventDefault(); addLine() }
    else if (e.altKey && e.key === 'Backspace') { const i = lineOf(e.target); if (i >= 0) { e.preventDefault(); removeLine(i) } }
  }
  const dest = dests.data?.find((d) => String(d.id) === to)
  const text = (i: number, name: 'code' | 'batchNo' | 'qty', width: string) => {
    const path = `lines.${i}.${name}`
    const msg = errOf(path)
    return (
      <td className="px-1 py-1 align-top">
        <input {...fieldProps(path)} aria-label={`${t(F(name))} ${i + 1}`} data-testid={`transfer-line-${name}`}
          className={`${inputCls(!!msg)} ${width} ${name === 'qty' ? 'text-right' : 'font-mono uppercase'}`} inputMode={name === 'qty' ? 'numeric' : undefined}
          value={rows[i]![name]} maxLength={80} onChange={(e) => set(i, { [name]: e.target.value } as Partial<Row>)} />
        {msg && <p id={`${uid}-${path}-err`} role="alert" className="mt-0.5 max-w-[18rem] text-xs text-red-700">{msg}</p>}
      </td>
    )
  }
  return (
    <div className="flex max-w-5xl flex-col gap-3" data-testid="transfer-add" onKeyDown={keyDown}>
      <h2 className="text-base font-semibold">{t('transfers:title.add')}</h2>
      <div className="grid grid-cols-2 gap-3">
        {fieldBox('toWarehouseId', (
          <select {...fieldProps('toWarehouseId')} data-testid="transfer-to" className={inputCls(!!errOf('toWarehouseId'))} value={to} onChange={(e) => setTo(e.target.value)}>
            <option value="">{t('transfers:add.chooseWarehouse')}</option>
            {(dests.data ?? []).map((d) => <option key={d.id} value={d.id}>{d.code} · {d.name}</option>)}
          </select>
        ), { required: true })}
        {fieldBox('expectedArrival', <input {...fieldProps('expectedArrival')} type="date" className={inputCls(!!errOf('expectedArrival'))} value={expectedArrival} onChange={(e) => setExpectedArrival(e.target.value)} />)}
        {fieldBox('boxMark', <input {...fieldProps('boxMark')} className={inputCls(!!errOf('boxMark'))} value={boxMark} maxLength={100} onChange={(e) => setBoxMark(e.target.value)} />)}
        {fieldBox('remark', <input {...fieldProps('remark')} className={inputCls(!!errOf('remark'))} value={remark} maxLength={500} onChange={(e) => setRemark(e.target.value)} />)}
      </div>
      {dest && (
        <p className="text-xs text-slate-700" data-testid="transfer-config">
          {t('transfers:add.configNote', { short: t(dest.config.allowShort ? 'transfers:add.yes' : 'transfers:add.no'), issue: t(dest.config.autoIssueInbound ? 'transfers:add.issued' : 'transfers:add.newOrder') })}
        </p>
      )}
      <table className="w-full text-sm" data-testid="transfer-lines">
        <thead className="bg-slate-100 text-left">
          <tr>
            <th className="px-1 py-1">#</th>
            {(['code', 'batchNo', 'qty'] as const).map((c) => <th key={c} className="px-1 py-1">{t(F(c))}</th>)}
            <th className="px-1 py-1"><span className="sr-only">{t('transfers:add.removeLine')}</span></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.key} data-line={i} className="border-b">
              <td className="px-1 py-1 align-top text-slate-600">{i + 1}</td>
              {text(i, 'code', 'w-56')}
              {text(i, 'batchNo', 'w-36')}
              {text(i, 'qty', 'w-24')}
              <td className="px-1 py-1 align-top">
                <button type="button" className="h-8 rounded border px-2 text-xs disabled:opacity-40" disabled={rows.length <= 1} onClick={() => removeLine(i)}
                  aria-label={`${t('transfers:add.removeLine')} ${i + 1}`}>✕</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {errOf('lines') && <p role="alert" className="text-xs text-red-700">{errOf('lines')}</p>}
      <div>
        <button type="button" className="h-8 rounded border px-3 text-sm" onClick={addLine} data-testid="transfer-add-line">{t('transfers:add.addLine')} (Alt+A)</button>
      </div>
      <FormFooter formError={formError} keys="transfers:add.keys" saveLabel="transfers:add.submit" busy={busy} onCancel={() => navigate(TRANSFER_LIST_PATH)} onSave={() => void save()} />
    </div>
  )
}
