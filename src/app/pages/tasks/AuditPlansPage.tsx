// Audit plans (stock-in → audit-plan-separate-table, component 'stock-in/audit-plan-separate-table'), JC…:
// status (auditStatus: new, audit complete), criteria, checklists done / total, expected / actual / boxes.
// Alt+N (or the toolbar, or ?new=1) opens the new-plan form (area, location range, SKU, remark; Ctrl+Enter
// creates); complete acts on the selected plan (disabled with the machine's reason while a checklist is
// open). Enter — or ?no=<plan> from the palette — shows the plan's checklists; Enter on one opens it.
import { useId, useState } from 'react'
import { useLocation } from 'wouter'
import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/clients'
import { DataGrid, type GridColumn, type GridQuery } from '../../grid'
import { dictOptions } from '../../resources/columns'
import { dictLabelKey } from '../../../domain/dictionaries'
import { formatTime } from '../../../domain/format'
import { usePageSearch } from '../kit'
import { AUDIT_API, AUDIT_PLAN_PATH, CreateAuditPlanArgs, auditPlanPath, checklistPath } from '../../../../commands/audit-plans'
import { CommandButtons } from '../documents/CommandButtons'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../documents/formParts'

export interface AuditPlanRecord extends Record<string, unknown> {
  id: number; planNo: string; status: number; areaCode: string | null; locationFrom: string | null; locationTo: string | null; skuCode: string | null
  checklistCount: number; completedChecklists: number; openChecklistNo: string | null; lineCount: number; expectedQty: number; actualQty: number; boxCount: number
  remark: string | null; createdByName: string | null; createdAt: string; completedByName: string | null; completedAt: string | null
}
export interface ChecklistRecord extends Record<string, unknown> {
  id: number; checklistNo: string; planNo: string; status: number; areaCode: string; lineCount: number; expectedQty: number; actualQty: number; boxCount: number; completedAt: string | null
}
export const AF = (f: string) => `tasks:audit.fields.${f}`
export const AUDIT_STATUS = dictOptions('auditStatus').map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
export function AuditStatusCell({ status }: { status: number }) {
  const { t } = useTranslation()
  return <span data-testid="audit-status">{t(dictLabelKey('auditStatus', status))}</span>
}

const columns: GridColumn<AuditPlanRecord>[] = [
  { id: 'planNo', titleKey: AF('planNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'status', titleKey: AF('status'), width: 130, sortable: true, filter: 'enum', enumDict: AUDIT_STATUS, render: (r) => <AuditStatusCell status={r.status} /> },
  { id: 'areaCode', titleKey: AF('areaCode'), width: 110, render: (r) => r.areaCode ?? '—' },
  { id: 'locationFrom', titleKey: AF('locationFrom'), width: 120, render: (r) => r.locationFrom ?? '—' },
  { id: 'locationTo', titleKey: AF('locationTo'), width: 120, render: (r) => r.locationTo ?? '—' },
  { id: 'skuCode', titleKey: AF('skuCode'), width: 130, render: (r) => r.skuCode ?? '—' },
  { id: 'completedChecklists', titleKey: AF('completedChecklists'), width: 100, align: 'right', render: (r) => `${r.completedChecklists}/${r.checklistCount}` },
  { id: 'expectedQty', titleKey: AF('expectedQty'), width: 90, align: 'right' },
  { id: 'actualQty', titleKey: AF('actualQty'), width: 90, align: 'right' },
  { id: 'boxCount', titleKey: AF('boxCount'), width: 80, align: 'right' },
  { id: 'createdByName', titleKey: AF('createdByName'), width: 110, render: (r) => r.createdByName ?? '—' },
  { id: 'createdAt', titleKey: AF('createdAt'), width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt) },
  { id: 'remark', titleKey: AF('remark'), width: 160, render: (r) => r.remark ?? '' },
]
const fetchPlans = (q: GridQuery) => api.get<{ records: AuditPlanRecord[]; total: number }>(AUDIT_API.plans, q)
const TOOLBAR = ['auditPlan.create', 'auditPlan.complete']

function NewPlanForm({ onDone }: { onDone(planNo?: string): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const [v, setV] = useState({ areaCode: '', locationFrom: '', locationTo: '', skuCode: '', remark: '' })
  const { errors, formError, busy, submit } = useCommandSubmit()
  const { fieldBox, fieldProps } = useFieldParts(uid, errors, AF)
  const save = async () => {
    const out = await submit('auditPlan.create', CreateAuditPlanArgs, { areaCode: v.areaCode || null, locationFrom: v.locationFrom || null, locationTo: v.locationTo || null, skuCode: v.skuCode || null, remark: v.remark || null })
    if (out) onDone((out.result as { planNo: string }).planNo)
  }
  const input = (name: keyof typeof v, first = false) => fieldBox(name, (
    <input {...fieldProps(name)} autoFocus={first} className={inputCls(!!errors[name])} value={v[name]} onChange={(e) => setV({ ...v, [name]: name === 'remark' ? e.target.value : e.target.value.toUpperCase() })} />
  ))
  return (
    <form className="flex flex-wrap items-end gap-3 rounded border p-3" aria-label={t('tasks:audit.newPlan')} data-testid="audit-plan-form"
      onSubmit={(e) => { e.preventDefault(); void save() }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save() }
        if (e.key === 'Escape') { e.preventDefault(); onDone() }
      }}>
      {input('areaCode', true)}{input('locationFrom')}{input('locationTo')}{input('skuCode')}{input('remark')}
      <button type="submit" disabled={busy} className="h-8 rounded bg-sky-700 px-4 text-sm text-white">{t('tasks:audit.create')} <kbd className="text-xs">Ctrl+Enter</kbd></button>
      <button type="button" className="h-8 rounded border px-3 text-sm" onClick={() => onDone()}>{t('tasks:audit.cancel')}</button>
      {formError && <p role="alert" className="w-full text-sm text-red-600">{formError}</p>}
    </form>
  )
}

function PlanChecklists({ planNo }: { planNo: string }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const r = useQuery({ queryKey: ['grid', 'audit-plan-checklists', planNo], queryFn: () => api.get<{ records: ChecklistRecord[] }>(AUDIT_API.checklists, { planNo, size: 200, sort: 'checklistNo:asc' }) })
  return (
    <section className="rounded border p-3" data-testid="audit-plan" aria-label={t('tasks:audit.checklistsOf', { planNo })}>
      <h2 className="mb-2 text-base font-semibold">{t('tasks:audit.checklistsOf', { planNo })}</h2>
      <table className="w-full text-sm">
        <thead className="bg-slate-100 text-left"><tr>{['checklistNo', 'status', 'areaCode', 'lineCount', 'expectedQty', 'actualQty', 'boxCount'].map((c) => <th key={c} className="px-2 py-1">{t(AF(c))}</th>)}</tr></thead>
        <tbody>
          {(r.data?.records ?? []).map((c) => (
            <tr key={c.id} className="border-b">
              <td className="px-2 py-1 font-mono"><a href={checklistPath(c.checklistNo)} className="text-sky-700 underline" onClick={(e) => { e.preventDefault(); navigate(checklistPath(c.checklistNo)) }}>{c.checklistNo}</a></td>
              <td className="px-2 py-1"><AuditStatusCell status={c.status} /></td>
              <td className="px-2 py-1">{c.areaCode}</td>
              <td className="px-2 py-1 text-right">{c.lineCount}</td>
              <td className="px-2 py-1 text-right">{c.expectedQty}</td>
              <td className="px-2 py-1 text-right">{c.actualQty}</td>
              <td className="px-2 py-1 text-right">{c.boxCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

export default function AuditPlansPage() {
  const search = new URLSearchParams(usePageSearch())
  const [, navigate] = useLocation()
  const planNo = search.get('no')
  return (
    <div className="flex flex-col gap-3" data-testid="audit-plans"
      onKeyDown={(e) => { if (e.altKey && e.code === 'KeyN') { e.preventDefault(); navigate(`${AUDIT_PLAN_PATH}?new=1`) } }}>
      {search.get('new') === '1' && <NewPlanForm onDone={(no) => navigate(no ? auditPlanPath(no) : AUDIT_PLAN_PATH, { replace: true })} />}
      {/* The open plan above the list: the list fills the page's height, so below it would sit under the fold. */}
      {planNo && <PlanChecklists planNo={planNo} />}
      <DataGrid<AuditPlanRecord>
        gridId="audit-plans" titleKey="tasks:audit.planTitle" columns={columns} fetcher={fetchPlans} defaultSort="createdAt:desc" rowId={(r) => String(r.id)}
        onOpen={(r) => navigate(auditPlanPath(r.planNo))}
        toolbar={<CommandButtons ids={TOOLBAR} label="tasks:audit.planTitle" />}
      />
    </div>
  )
}
