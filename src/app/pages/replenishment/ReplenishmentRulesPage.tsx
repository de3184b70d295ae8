// Rule management → replenishment-rule (component 'rules/replenishment-rule'): the replenishment rules of the
// warehouse+tenant — a pick face and SKU, or a picking area and SKU pattern (* and ?) — with min, max, the
// round-up quantity (a case or box), the bulk source area, enabled and snoozed until. Enter on a rule
// opens its dialog, "new rule" (or the palette's command, ?new=1) an empty one; Enter saves
// (replenishment.rule.create / .update); a refusal stays on the field it names (min ≤ max, multiple ≥ 1,
// a face is a scattered location of a picking area, a source area holds bulk locations …).
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { DataGrid, type GridColumn } from '../../grid'
import { formatTime } from '../../../domain/format'
import { commandVisible } from '../../../domain/commands'
import { Modal } from '../../palette/focus'
import { useCommandContext, useCommandRegistry } from '../../palette'
import { usePageSearchParams } from '../kit'
import { CreateRuleArgs, REPLENISHMENT_RULE_PATH, UpdateRuleArgs } from '../../../../commands/replenishment'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../documents/formParts'
import { fetchRules, RULE_GRID_ID, RULE_STATUS_OPTIONS, type RuleRecord } from './api'

const F = (f: string) => `replenishment:fields.${f}`

const columns: GridColumn<RuleRecord>[] = [
  { id: 'id', titleKey: F('id'), width: 70, sortable: true, hideable: false },
  { id: 'status', titleKey: F('enabled'), width: 100, filter: 'enum', enumDict: RULE_STATUS_OPTIONS, render: (r) => <Enabled on={r.status === 1} /> },
  { id: 'locationCode', titleKey: F('locationCode'), width: 120, render: (r) => r.locationCode ?? '—' },
  { id: 'skuCode', titleKey: F('skuCode'), width: 160, render: (r) => r.skuCode ?? '—' },
  { id: 'areaCode', titleKey: F('areaCode'), width: 110, render: (r) => r.areaCode ?? '—' },
  { id: 'skuPattern', titleKey: F('skuPattern'), width: 140, filter: 'text', render: (r) => r.skuPattern ?? '—' },
  { id: 'minQty', titleKey: F('minQty'), width: 70, align: 'right', sortable: true },
  { id: 'maxQty', titleKey: F('maxQty'), width: 70, align: 'right', sortable: true },
  { id: 'multiple', titleKey: F('multiple'), width: 110, align: 'right' },
  { id: 'sourceAreaCode', titleKey: F('sourceAreaCode'), width: 120, render: (r) => r.sourceAreaCode ?? '—' },
  { id: 'snoozedUntil', titleKey: F('snoozedUntil'), width: 150, render: (r) => formatTime(r.snoozedUntil) || '—' },
  { id: 'updatedAt', titleKey: F('updatedAt'), width: 150, sortable: true, render: (r) => formatTime(r.updatedAt) },
]

function Enabled({ on }: { on: boolean }) {
  const { t } = useTranslation()
  return <>{t(on ? 'replenishment:rules.enabled' : 'replenishment:rules.disabled')}</>
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v))
const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.trim()))
/** A datetime-local value (local time) ↔ the ISO instant the server stores. */
const toLocalInput = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '')

function RuleDialog({ rule, onClose }: { rule: RuleRecord | null; onClose(): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const [f, setF] = useState({
    locationCode: str(rule?.locationCode), skuCode: str(rule?.skuCode), areaCode: str(rule?.areaCode), skuPattern: str(rule?.skuPattern),
    minQty: str(rule?.minQty), maxQty: str(rule?.maxQty), multiple: str(rule?.multiple ?? 1), sourceAreaCode: str(rule?.sourceAreaCode),
    snoozedUntil: toLocalInput(rule?.snoozedUntil ?? null), remark: str(rule?.remark),
  })
  const [enabled, setEnabled] = useState(rule ? rule.status === 1 : true)
  const { errors, setErrors, formError, busy, submit } = useCommandSubmit()
  const { errOf, fieldProps, fieldBox } = useFieldParts(uid, errors, F)
  const text = (k: keyof typeof f, opts: { numeric?: boolean; autoFocus?: boolean; max?: number; type?: string } = {}) => (
    <input {...fieldProps(k)} autoFocus={opts.autoFocus} type={opts.type} inputMode={opts.numeric ? 'numeric' : undefined} className={inputCls(!!errOf(k))} value={f[k]} maxLength={opts.max ?? 80}
      autoComplete="off" data-testid={`replenishment-rule-${k}`} onChange={(e) => { setF({ ...f, [k]: e.target.value }); setErrors({}) }} />
  )
  const save = async () => {
    const args = {
      ...(rule ? { id: rule.id } : {}),
      locationCode: f.locationCode || null, skuCode: f.skuCode || null, areaCode: f.areaCode || null, skuPattern: f.skuPattern || null,
      minQty: num(f.minQty), maxQty: num(f.maxQty), multiple: num(f.multiple || '1'), sourceAreaCode: f.sourceAreaCode || null, enabled,
      snoozedUntil: f.snoozedUntil ? new Date(f.snoozedUntil).toISOString() : null, remark: f.remark || null,
    }
    if (await submit(rule ? 'replenishment.rule.update' : 'replenishment.rule.create', rule ? UpdateRuleArgs : CreateRuleArgs, args)) onClose()
  }
  const titleId = `${uid}-title`
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} testId="replenishment-rule-dialog" className="max-h-[90vh] w-full max-w-2xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <form noValidate onSubmit={(e) => { e.preventDefault(); void save() }} className="flex flex-col gap-3">
        <h2 id={titleId} className="text-base font-semibold">{t(rule ? 'replenishment:rules.edit' : 'replenishment:rules.new')}</h2>
        <p className="text-sm text-slate-700">{t('replenishment:rules.face')}</p>
        <div className="grid grid-cols-2 gap-3">
          {fieldBox('locationCode', text('locationCode', { autoFocus: true, max: 40 }))}
          {fieldBox('skuCode', text('skuCode'))}
        </div>
        <p className="text-sm text-slate-700">{t('replenishment:rules.area')}</p>
        <div className="grid grid-cols-2 gap-3">
          {fieldBox('areaCode', text('areaCode', { max: 40 }))}
          {fieldBox('skuPattern', text('skuPattern'))}
        </div>
        <div className="grid grid-cols-3 gap-3">
          {fieldBox('minQty', text('minQty', { numeric: true, max: 7 }), { required: true })}
          {fieldBox('maxQty', text('maxQty', { numeric: true, max: 7 }), { required: true })}
          {fieldBox('multiple', text('multiple', { numeric: true, max: 6 }))}
        </div>
        <div className="grid grid-cols-2 gap-3">
          {fieldBox('sourceAreaCode', text('sourceAreaCode', { max: 40 }))}
          {fieldBox('snoozedUntil', text('snoozedUntil', { type: 'datetime-local' }))}
        </div>
        {fieldBox('remark', text('remark', { max: 200 }))}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={enabled} data-testid="replenishment-rule-enabled" onChange={(e) => setEnabled(e.target.checked)}
            onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void save() } }} />
          {t(F('enabled'))}
        </label>
        {formError && <p role="alert" className="text-sm text-red-600" data-testid="replenishment-rule-error">{formError}</p>}
        <div className="flex justify-end gap-2">
          <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose}>{t('common:cancel')}</button>
          <button type="submit" className="h-8 rounded bg-[var(--theme,#1890ff)] px-3 text-sm text-white disabled:opacity-50" disabled={busy} data-testid="replenishment-rule-save">{t('replenishment:rules.save')}</button>
        </div>
      </form>
    </Modal>
  )
}

export default function ReplenishmentRulesPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const fresh = usePageSearchParams().get('new') === '1'
  const [editing, setEditing] = useState<RuleRecord | 'new' | null>(fresh ? 'new' : null)
  const registry = useCommandRegistry()
  const ctx = useCommandContext()
  const canAdd = commandVisible(registry.get('replenishment.rule.create')!, ctx)
  const canEdit = commandVisible(registry.get('replenishment.rule.update')!, ctx)
  const close = () => { setEditing(null); if (fresh) navigate(REPLENISHMENT_RULE_PATH, { replace: true }) }
  return (
    <div className="flex flex-col" data-testid="replenishment-rules">
      <DataGrid<RuleRecord>
        gridId={RULE_GRID_ID} titleKey="replenishment:rules.title" columns={columns} fetcher={fetchRules} defaultSort="id:desc"
        onOpen={canEdit ? (r) => setEditing(r) : undefined}
        toolbar={canAdd ? <button type="button" className="h-7 rounded border px-3 hover:bg-gray-50" data-testid="replenishment-rule-new" onClick={() => setEditing('new')}>{t('replenishment:rules.new')}</button> : undefined}
      />
      {editing && <RuleDialog key={editing === 'new' ? 'new' : editing.id} rule={editing === 'new' ? null : editing} onClose={close} />}
    </div>
  )
}
