// Rule management → inventory-check-rule (component 'rules/inventory-check-rule'): the inventory check
// rules of the warehouse+tenant — name, storage area, location range, SKU, ABC class (computed from the
// last 90 days' outbound ledger rows, README "Counts"), recount threshold (units, %, value), not counted
// within N days (frequencyDays: a location counted within N days is left out of the rule's next plan),
// enabled. Enter on a rule (or the edit button) opens its dialog; "new rule" an empty one; Enter saves
// (count.rule.save), a refusal stays on the field it names.
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataGrid, type GridColumn } from '../../grid'
import { formatTime } from '../../../domain/format'
import { commandVisible } from '../../../domain/commands'
import { Modal } from '../../palette/focus'
import { useCommandContext, useCommandRegistry } from '../../palette'
import { ABC_CLASSES, SaveRuleArgs } from '../../../../commands/stock-count'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../documents/formParts'
import { fetchRules, RULE_GRID_ID, RULE_STATUS_OPTIONS, type RuleRecord } from './api'
import { Threshold } from './CountManagerPage'

const F = (f: string) => `count-ui:rule.fields.${f}`
const LABEL = (f: string) => `stocktake:fields.${f}`

const columns: GridColumn<RuleRecord>[] = [
  { id: 'name', titleKey: F('name'), width: 180, sortable: true, filter: 'text', hideable: false },
  { id: 'status', titleKey: F('status'), width: 100, filter: 'enum', enumDict: RULE_STATUS_OPTIONS },
  { id: 'areaCode', titleKey: F('areaCode'), width: 110, render: (r) => r.areaCode ?? '—' },
  { id: 'locationFrom', titleKey: F('range'), width: 200, render: (r) => (r.locationFrom || r.locationTo ? `${r.locationFrom ?? '…'} – ${r.locationTo ?? '…'}` : '—') },
  { id: 'skuCode', titleKey: F('skuCode'), width: 160, render: (r) => r.skuCode ?? '—' },
  { id: 'abcClass', titleKey: F('abcClass'), width: 90, align: 'center', render: (r) => r.abcClass ?? '—' },
  { id: 'thresholdUnits', titleKey: F('threshold'), width: 190, render: (r) => <Threshold units={r.thresholdUnits} pct={r.thresholdPct} value={r.thresholdValue} /> },
  { id: 'frequencyDays', titleKey: F('frequencyDays'), width: 110, align: 'right', render: (r) => r.frequencyDays ?? '—' },
  { id: 'updatedAt', titleKey: F('updatedAt'), width: 160, sortable: true, render: (r) => formatTime(r.updatedAt) },
]

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v))
const num = (s: string) => (s.trim() === '' ? null : Number(s.trim()))

function RuleDialog({ rule, onClose }: { rule: RuleRecord | null; onClose(): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const [f, setF] = useState({
    name: str(rule?.name), areaCode: str(rule?.areaCode), locationFrom: str(rule?.locationFrom), locationTo: str(rule?.locationTo), skuCode: str(rule?.skuCode),
    thresholdUnits: str(rule?.thresholdUnits), thresholdPct: str(rule?.thresholdPct), frequencyDays: str(rule?.frequencyDays),
    abcClass: str(rule?.abcClass), thresholdValue: str(rule?.thresholdValue),
  })
  const [enabled, setEnabled] = useState(rule ? rule.status === 1 : true)
  const { errors, setErrors, formError, busy, submit } = useCommandSubmit()
  const { errOf, fieldProps, fieldBox } = useFieldParts(uid, errors, LABEL)
  const text = (k: keyof typeof f, opts: { numeric?: boolean; decimal?: boolean; autoFocus?: boolean; max?: number } = {}) => (
    <input {...fieldProps(k)} autoFocus={opts.autoFocus} inputMode={opts.decimal ? 'decimal' : opts.numeric ? 'numeric' : undefined} className={inputCls(!!errOf(k))} value={f[k]} maxLength={opts.max ?? 40}
      autoComplete="off" data-testid={`count-rule-${k}`} onChange={(e) => { setF({ ...f, [k]: e.target.value }); setErrors({}) }} />
  )
  const save = async () => {
    const args = {
      id: rule?.id ?? null, name: f.name, areaCode: f.areaCode || null, locationFrom: f.locationFrom || null, locationTo: f.locationTo || null, skuCode: f.skuCode || null,
      thresholdUnits: num(f.thresholdUnits), thresholdPct: num(f.thresholdPct), frequencyDays: num(f.frequencyDays), enabled,
      abcClass: f.abcClass || null, thresholdValue: num(f.thresholdValue),
    }
    if (await submit('count.rule.save', SaveRuleArgs, args)) onClose()
  }
  const titleId = `${uid}-title`
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} testId="count-rule-dialog" className="max-h-[90vh] w-full max-w-2xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <form noValidate onSubmit={(e) => { e.preventDefault(); void save() }} className="flex flex-col gap-3">
        <h2 id={titleId} className="text-base font-semibold">{rule ? t('count-ui:rule.editTitle', { name: rule.name }) : t('count-ui:rule.newTitle')}</h2>
        {fieldBox('name', text('name', { autoFocus: true, max: 60 }), { required: true })}
        <div className="grid grid-cols-2 gap-3">
          {fieldBox('areaCode', text('areaCode'))}
          {fieldBox('skuCode', text('skuCode'))}
          {fieldBox('locationFrom', text('locationFrom'))}
          {fieldBox('locationTo', text('locationTo'))}
          {fieldBox('abcClass', (
            <select {...fieldProps('abcClass')} className={inputCls(!!errOf('abcClass'))} value={f.abcClass} data-testid="count-rule-abcClass"
              onChange={(e) => { setF({ ...f, abcClass: e.target.value }); setErrors({}) }}>
              <option value="">{t('count-ui:rule.abcAny')}</option>
              {ABC_CLASSES.map((c) => <option key={c} value={c}>{t(`count-ui:rule.abc.${c}`)}</option>)}
            </select>
          ))}
          {fieldBox('frequencyDays', text('frequencyDays', { numeric: true, max: 4 }))}
        </div>
        <p className="text-xs text-gray-600">{t('count-ui:rule.abcHint')}</p>
        <div className="grid grid-cols-3 gap-3">
          {fieldBox('thresholdUnits', text('thresholdUnits', { numeric: true, max: 7 }))}
          {fieldBox('thresholdPct', text('thresholdPct', { numeric: true, max: 4 }))}
          {fieldBox('thresholdValue', text('thresholdValue', { decimal: true, max: 14 }))}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={enabled} data-testid="count-rule-enabled" onChange={(e) => setEnabled(e.target.checked)}
            onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void save() } }} />
          {t('stocktake:fields.enabled')}
        </label>
        {formError && <p role="alert" className="text-sm text-red-600" data-testid="count-rule-error">{formError}</p>}
        <p className="text-xs text-gray-600">{t('count-ui:rule.keys')}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose}>{t('common:cancel')}</button>
          <button type="submit" className="h-8 rounded bg-[var(--theme,#1890ff)] px-3 text-sm text-white disabled:opacity-50" disabled={busy} data-testid="count-rule-save">{t('count-ui:rule.save')}</button>
        </div>
      </form>
    </Modal>
  )
}

export default function CountRulesPage() {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<RuleRecord | 'new' | null>(null)
  const def = useCommandRegistry().get('count.rule.save')
  const canSave = !!def && commandVisible(def, useCommandContext())
  return (
    <div className="flex flex-col" data-testid="count-rules">
      <DataGrid<RuleRecord>
        gridId={RULE_GRID_ID} titleKey="count-ui:rule.title" columns={columns} fetcher={fetchRules} defaultSort="name:asc"
        onOpen={canSave ? (r) => setEditing(r) : undefined}
        toolbar={canSave ? <button type="button" className="h-7 rounded border px-3 hover:bg-gray-50" data-testid="count-rule-new" onClick={() => setEditing('new')}>{t('count-ui:rule.new')}</button> : undefined}
      />
      {editing && <RuleDialog key={editing === 'new' ? 'new' : editing.id} rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  )
}
