// Create a count plan (count.plan.create): by hand — location codes typed or scanned (space, comma or a
// new line between them), or an area / location range / SKU — or from an inventory check rule; the
// recount threshold (units, %) and how many locations each task takes (at most 10, the spec's limit).
// Enter saves; a refusal stays on the field it names (a location code by its place in the list), the form
// as typed; Esc closes.
import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../palette/focus'
import { ABC_CLASSES, CreatePlanArgs, MAX_COUNT_TASK_LOCATIONS, type PlanMade } from '../../../../commands/stock-count'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../documents/formParts'
import { fetchRules } from './api'

const LABEL = (f: string) => `stocktake:fields.${f.startsWith('locationCodes') ? 'locationCodes' : f}`
const num = (s: string) => (s.trim() === '' ? null : Number(s.trim()))

export function CreatePlanDialog({ onClose, onMade }: { onClose(): void; onMade(planNo: string): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const [mode, setMode] = useState<'hand' | 'rule'>('hand')
  const [f, setF] = useState({ ruleId: '', locationCodes: '', areaCode: '', locationFrom: '', locationTo: '', skuCode: '', abcClass: '', thresholdUnits: '', thresholdPct: '', thresholdValue: '', locationsPerTask: String(MAX_COUNT_TASK_LOCATIONS), remark: '' })
  const rules = useQuery({ queryKey: ['count-rules-options'], queryFn: () => fetchRules({ page: 1, size: 200, status: '1' } as never), staleTime: 30_000 })
  const { errors, setErrors, formError, busy, submit } = useCommandSubmit()
  const { errOf, fieldProps, fieldBox } = useFieldParts(uid, errors, LABEL)
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => { setF({ ...f, [k]: e.target.value }); setErrors({}) }

  const save = async () => {
    const codes = f.locationCodes.split(/[\s,;]+/).filter(Boolean)
    const common = { thresholdUnits: num(f.thresholdUnits), thresholdPct: num(f.thresholdPct), thresholdValue: num(f.thresholdValue), locationsPerTask: num(f.locationsPerTask) ?? MAX_COUNT_TASK_LOCATIONS, remark: f.remark || null }
    const args = mode === 'rule'
      ? { ...common, ruleId: num(f.ruleId) }
      : { ...common, ...(codes.length ? { locationCodes: codes } : {}), areaCode: f.areaCode || null, locationFrom: f.locationFrom || null, locationTo: f.locationTo || null, skuCode: f.skuCode || null, abcClass: f.abcClass || null }
    const out = await submit('count.plan.create', CreatePlanArgs, args)
    if (out) onMade((out.result as PlanMade).planNo)
  }
  // A location code refused by its place in the list shows under the list.
  const codesError = Object.keys(errors).filter((k) => k.startsWith('locationCodes')).map((k) => errOf(k)).find(Boolean)
  const text = (k: keyof typeof f, opts: { numeric?: boolean; decimal?: boolean; autoFocus?: boolean; max?: number } = {}) => (
    <input {...fieldProps(k)} autoFocus={opts.autoFocus} inputMode={opts.decimal ? 'decimal' : opts.numeric ? 'numeric' : undefined} className={inputCls(!!errOf(k))} value={f[k]}
      maxLength={opts.max ?? 80} autoComplete="off" data-testid={`count-plan-${k}`} onChange={set(k)} />
  )

  const titleId = `${uid}-title`
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} testId="count-plan-dialog" className="max-h-[90vh] w-full max-w-2xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <form noValidate onSubmit={(e) => { e.preventDefault(); void save() }} className="flex flex-col gap-3"
        onKeyDown={(e) => { if (e.key === 'Enter' && (e.target as HTMLInputElement).type === 'radio') { e.preventDefault(); void save() } }}>
        <h2 id={titleId} className="text-base font-semibold">{t('commands:count.plan.create')}</h2>
        <fieldset className="flex gap-4 text-sm">
          <legend className="sr-only">{t('count-ui:plan.mode')}</legend>
          {(['hand', 'rule'] as const).map((m) => (
            <label key={m} className="flex items-center gap-2">
              <input type="radio" name={`${uid}-mode`} value={m} checked={mode === m} autoFocus={mode === m} data-testid={`count-plan-mode-${m}`} onChange={() => { setMode(m); setErrors({}) }} />
              {t(`count-ui:plan.source.${m}`)}
            </label>
          ))}
        </fieldset>
        {mode === 'rule' ? fieldBox('ruleId', (
          <select {...fieldProps('ruleId')} className={inputCls(!!errOf('ruleId'))} value={f.ruleId} data-testid="count-plan-ruleId" onChange={set('ruleId')}>
            <option value="">{t('count-ui:plan.pickRule')}</option>
            {(rules.data?.records ?? []).map((r) => <option key={r.id} value={String(r.id)}>{r.name}</option>)}
          </select>
        ), { required: true }) : (
          <>
            <div className="flex flex-col gap-1 text-sm" data-field="locationCodes">
              <label htmlFor={`${uid}-locationCodes`} className="text-gray-700">{t('stocktake:fields.locationCodes')}</label>
              <textarea id={`${uid}-locationCodes`} rows={2} className={`${inputCls(!!codesError)} h-auto py-1 font-mono`} value={f.locationCodes} data-testid="count-plan-locationCodes"
                aria-invalid={codesError ? true : undefined} aria-describedby={codesError ? `${uid}-codes-err` : `${uid}-codes-hint`} onChange={set('locationCodes')}
                onKeyDown={(e) => { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); void save() } }} />
              <p id={`${uid}-codes-hint`} className="text-xs text-gray-600">{t('count-ui:plan.codesHint')}</p>
              {codesError && <p id={`${uid}-codes-err`} role="alert" className="text-xs text-red-600">{codesError}</p>}
            </div>
            <div className="grid grid-cols-2 gap-3">
              {fieldBox('areaCode', text('areaCode'))}
              {fieldBox('skuCode', text('skuCode'))}
              {fieldBox('locationFrom', text('locationFrom'))}
              {fieldBox('locationTo', text('locationTo'))}
              {fieldBox('abcClass', (
                <select {...fieldProps('abcClass')} className={inputCls(!!errOf('abcClass'))} value={f.abcClass} data-testid="count-plan-abcClass" onChange={set('abcClass')}>
                  <option value="">{t('count-ui:rule.abcAny')}</option>
                  {ABC_CLASSES.map((c) => <option key={c} value={c}>{t(`count-ui:rule.abc.${c}`)}</option>)}
                </select>
              ))}
            </div>
          </>
        )}
        <div className="grid grid-cols-4 gap-3">
          {fieldBox('thresholdUnits', text('thresholdUnits', { numeric: true, max: 7 }))}
          {fieldBox('thresholdPct', text('thresholdPct', { numeric: true, max: 4 }))}
          {fieldBox('thresholdValue', text('thresholdValue', { decimal: true, max: 14 }))}
          {fieldBox('locationsPerTask', text('locationsPerTask', { numeric: true, max: 2 }))}
        </div>
        {fieldBox('remark', text('remark', { max: 200 }))}
        {formError && <p role="alert" className="text-sm text-red-600" data-testid="count-plan-error">{formError}</p>}
        <p className="text-xs text-gray-600">{t('count-ui:plan.keys')}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose}>{t('common:cancel')}</button>
          <button type="submit" className="h-8 rounded bg-[var(--theme,#1890ff)] px-3 text-sm text-white disabled:opacity-50" disabled={busy} data-testid="count-plan-save">
            {t('count-ui:plan.save')}
          </button>
        </div>
      </form>
    </Modal>
  )
}
