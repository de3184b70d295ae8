// Defective goods (in-house-work → defective, button 12106 'report'): the report form first — scan the
// location, then the SKU, the quantity and the reason (remark optional); Enter in the last field or
// Ctrl+Enter reports through `defective.report` (a CP document: the goods move to a Defective-area
// location as Defective stock, which allocation never takes). The location field has focus on arrival
// and again after each report. Below, the Defective stock on hand.
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { commandVisible } from '../../../domain/commands'
import { DataGrid } from '../../grid'
import { useCommandContext, useCommandRegistry } from '../../palette'
import { primaryFocusProps } from '../../router/arrival'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../documents/formParts'
import { DefectiveReportArgs, type DefectiveReported } from '../../../../commands/samples'
import { F, fetchDefectiveStock, GRID, REASON_OPTIONS, type StockRow } from './api'
import { stockColumns } from './columns'

const EMPTY = { locationCode: '', skuCode: '', qty: '1', reason: 'damaged', remark: '' }

function ReportForm() {
  const { t } = useTranslation()
  const uid = useId()
  const first = useRef<HTMLInputElement>(null)
  const [v, setV] = useState(EMPTY)
  const [last, setLast] = useState<DefectiveReported | null>(null)
  const { errors, setErrors, formError, busy, submit } = useCommandSubmit()
  const { errOf, fieldProps, fieldBox } = useFieldParts(uid, errors, F)
  const def = useCommandRegistry().get('defective.report')
  const ctx = useCommandContext()
  if (!def || !commandVisible(def, ctx)) return null
  const save = async () => {
    const args = { locationCode: v.locationCode, skuCode: v.skuCode, qty: Number(v.qty), reason: v.reason, remark: v.remark || null }
    const out = await submit('defective.report', DefectiveReportArgs, args)
    if (out) {
      setLast(out.result as DefectiveReported)
      setV((x) => ({ ...EMPTY, reason: x.reason }))
      setErrors({})
      first.current?.focus()
    }
  }
  /** Enter moves on to the next field (a scan ends with Enter); in the last field, or with Ctrl, it reports. */
  const keyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter') return
    const el = e.target as HTMLElement
    if (el.tagName === 'BUTTON') return
    e.preventDefault()
    const fields = [...e.currentTarget.querySelectorAll<HTMLElement>('input, select')]
    const i = fields.indexOf(el)
    if (e.ctrlKey || e.metaKey || i === fields.length - 1) void save()
    else fields[i + 1]?.focus()
  }
  const input = (k: 'locationCode' | 'skuCode' | 'qty' | 'remark', o: { type?: string; required?: boolean } = {}) => fieldBox(k,
    <input {...fieldProps(k)} ref={k === 'locationCode' ? first : undefined} {...(k === 'locationCode' ? primaryFocusProps() : {})} type={o.type ?? 'text'} autoComplete="off"
      className={inputCls(!!errOf(k))} value={v[k]} onChange={(e) => setV((x) => ({ ...x, [k]: e.target.value }))} />, { required: o.required })
  return (
    <form aria-labelledby={`${uid}-title`} className="flex flex-col gap-2 rounded border border-slate-300 p-3" data-testid="defective-report-form" onKeyDown={keyDown} onSubmit={(e) => { e.preventDefault(); void save() }}>
      <h2 id={`${uid}-title`} className="text-base font-semibold">{t('samples:defective.title')}</h2>
      <p className="text-xs text-gray-500">{t('samples:defective.hint')}</p>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] items-start gap-3">
        {input('locationCode', { required: true })}
        {input('skuCode', { required: true })}
        {input('qty', { type: 'number', required: true })}
        {fieldBox('reason',
          <select {...fieldProps('reason')} className={inputCls(!!errOf('reason'))} value={v.reason} onChange={(e) => setV((x) => ({ ...x, reason: e.target.value }))}>
            {REASON_OPTIONS.map((o) => <option key={o.value} value={o.value}>{t(o.labelKey)}</option>)}
          </select>, { required: true })}
        {input('remark')}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} data-testid="defective-report-submit" className="h-8 rounded bg-[var(--theme,#1890ff)] px-3 text-sm text-white disabled:opacity-50">{t('samples:defective.submit')}</button>
        {formError && <p role="alert" className="text-sm text-red-600">{formError}</p>}
        <p role="status" className="text-sm text-green-800" data-testid="defective-report-last">{last ? t('samples:defective.last', last) : ''}</p>
      </div>
    </form>
  )
}

export default function DefectivePage() {
  return (
    <div className="flex flex-col gap-3" data-testid="defective">
      <ReportForm />
      <DataGrid<StockRow> gridId={GRID.defectiveStock} titleKey="samples:defective.stock" columns={stockColumns} fetcher={fetchDefectiveStock} defaultSort="locationCode:asc" pageSize={20} />
    </div>
  )
}
