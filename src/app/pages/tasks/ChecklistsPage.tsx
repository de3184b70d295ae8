// Audit checklists (stock-in → list-of-checklists, component 'stock-in/list-of-checklists'), JD…: one per
// storage area of an audit plan. Enter — or ?no=<checklist> from the palette — opens its rows: location,
// SKU, expected, and the actual quantity and box count typed in (Tab moves along the row, Ctrl+Enter records
// every filled row through auditChecklist.record; a refused row is named under its field). A checklist
// completes itself once every row is recorded; a complete one is read-only (the machine's reason shown).
import { useId, useState } from 'react'
import { useLocation } from 'wouter'
import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/clients'
import { DataGrid, type GridColumn, type GridQuery } from '../../grid'
import { formatTime } from '../../../domain/format'
import { AuditStatus } from '../../../domain/dictionaries'
import { check } from '../../../domain/states/machine'
import { auditChecklistMachine } from '../../../domain/states/audit-plan'
import { reasonLabel } from '../../commands/reason'
import { usePageSearch } from '../kit'
import { AUDIT_API, RecordChecklistArgs, checklistPath } from '../../../../commands/audit-plans'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../documents/formParts'
import { AF, AUDIT_STATUS, AuditStatusCell, type ChecklistRecord } from './AuditPlansPage'

interface LineRecord { id: number; lineNo: number; locationCode: string; skuCode: string; expectedQty: number; actualQty: number | null; boxCount: number | null; difference: number | null; recordedByName: string | null }

const columns: GridColumn<ChecklistRecord>[] = [
  { id: 'checklistNo', titleKey: AF('checklistNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'planNo', titleKey: AF('planNo'), width: 150, filter: 'text' },
  { id: 'status', titleKey: AF('status'), width: 130, sortable: true, filter: 'enum', enumDict: AUDIT_STATUS, render: (r) => <AuditStatusCell status={r.status} /> },
  { id: 'areaCode', titleKey: AF('areaCode'), width: 110, filter: 'text' },
  { id: 'lineCount', titleKey: AF('lineCount'), width: 70, align: 'right' },
  { id: 'expectedQty', titleKey: AF('expectedQty'), width: 90, align: 'right' },
  { id: 'actualQty', titleKey: AF('actualQty'), width: 90, align: 'right' },
  { id: 'boxCount', titleKey: AF('boxCount'), width: 80, align: 'right' },
  { id: 'createdAt', titleKey: AF('createdAt'), width: 160, sortable: true, render: (r) => formatTime(r.createdAt as string) },
  { id: 'completedAt', titleKey: AF('completedAt'), width: 160, render: (r) => (r.completedAt ? formatTime(r.completedAt) : '—') },
]
const fetchChecklists = (q: GridQuery) => api.get<{ records: ChecklistRecord[]; total: number }>(AUDIT_API.checklists, q)

function ChecklistRows({ checklistNo }: { checklistNo: string }) {
  const { t } = useTranslation()
  const uid = useId()
  const head = useQuery({ queryKey: ['grid', 'audit-checklist', checklistNo], queryFn: () => api.get<{ records: ChecklistRecord[] }>(AUDIT_API.checklists, { checklistNo, size: 1 }) })
  const rows = useQuery({ queryKey: ['grid', 'audit-checklist-lines', checklistNo], queryFn: () => api.get<{ records: LineRecord[] }>(AUDIT_API.lines, { checklistNo, size: 200 }) })
  const [typed, setTyped] = useState<Record<number, { actualQty: string; boxCount: string }>>({})
  const { errors, formError, busy, submit } = useCommandSubmit()
  const { errOf, fieldProps } = useFieldParts(uid, errors, AF)
  const c = head.data?.records.find((x) => x.checklistNo === checklistNo)
  const verdict = c ? check(auditChecklistMachine, 'auditChecklist.record', { checklistNo, status: c.status }, { userId: 0 }) : true
  const lines = rows.data?.records ?? []
  const filled = lines.filter((l) => typed[l.lineNo]?.actualQty)
  const save = async () => {
    const args = { checklistNo, lines: filled.map((l) => ({ lineNo: l.lineNo, actualQty: Number(typed[l.lineNo]!.actualQty), boxCount: Number(typed[l.lineNo]!.boxCount || 0) })) }
    const out = await submit('auditChecklist.record', RecordChecklistArgs, args)
    if (out) setTyped({})
  }
  const set = (lineNo: number, k: 'actualQty' | 'boxCount', v: string) => setTyped((s) => ({ ...s, [lineNo]: { ...(s[lineNo] ?? { actualQty: '', boxCount: '' }), [k]: v.replace(/[^\d]/g, '') } }))
  const idx = (lineNo: number) => filled.findIndex((l) => l.lineNo === lineNo)
  return (
    <section className="rounded border p-3" data-testid="audit-checklist" aria-label={t('tasks:audit.rowsOf', { checklistNo })}
      onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save() } }}>
      <div className="mb-2 flex items-center gap-3">
        <h2 className="text-base font-semibold">{t('tasks:audit.rowsOf', { checklistNo })}</h2>
        {c && <AuditStatusCell status={c.status} />}
        {verdict !== true && <span className="text-sm text-slate-600" data-testid="audit-record-reason">{reasonLabel(verdict)}</span>}
        <button type="button" disabled={busy || verdict !== true || !filled.length} onClick={() => void save()} className="ml-auto h-8 rounded bg-sky-700 px-4 text-sm text-white disabled:opacity-50" data-testid="audit-record">
          {t('tasks:audit.record')} <kbd className="text-xs">Ctrl+Enter</kbd>
        </button>
      </div>
      {formError && <p role="alert" className="text-sm text-red-600">{formError}</p>}
      <table className="w-full text-sm">
        <thead className="bg-slate-100 text-left"><tr>{['lineNo', 'locationCode', 'skuCode', 'expectedQty', 'actualQty', 'boxCount', 'difference', 'recordedByName'].map((k) => <th key={k} className="px-2 py-1">{t(AF(k))}</th>)}</tr></thead>
        <tbody>
          {lines.map((l) => {
            const i = idx(l.lineNo)
            const open = verdict === true && c?.status === AuditStatus.New
            return (
              <tr key={l.id} className="border-b" data-line={l.lineNo}>
                <td className="px-2 py-1">{l.lineNo}</td>
                <td className="px-2 py-1 font-mono">{l.locationCode}</td>
                <td className="px-2 py-1 font-mono">{l.skuCode}</td>
                <td className="px-2 py-1 text-right">{l.expectedQty}</td>
                {(['actualQty', 'boxCount'] as const).map((k) => (
                  <td key={k} className="px-2 py-1">
                    {open
                      ? <input {...(i >= 0 ? fieldProps(`lines.${i}.${k}`) : {})} aria-label={`${t(AF(k))} ${l.lineNo}`} inputMode="numeric" className={`${inputCls(i >= 0 && !!errOf(`lines.${i}.${k}`))} w-24`}
                          value={typed[l.lineNo]?.[k] ?? ''} placeholder={l[k] == null ? '' : String(l[k])} onChange={(e) => set(l.lineNo, k, e.target.value)} />
                      : <span>{l[k] ?? '—'}</span>}
                    {i >= 0 && errOf(`lines.${i}.${k}`) && <p role="alert" className="text-xs text-red-600">{errOf(`lines.${i}.${k}`)}</p>}
                  </td>
                ))}
                <td className={`px-2 py-1 text-right ${l.difference ? 'font-semibold text-red-700' : ''}`}>{l.difference ?? '—'}</td>
                <td className="px-2 py-1">{l.recordedByName ?? '—'}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}

export default function ChecklistsPage() {
  const { t } = useTranslation()
  const search = new URLSearchParams(usePageSearch())
  const [, navigate] = useLocation()
  const no = search.get('no')
  return (
    <div className="flex flex-col gap-3" data-testid="audit-checklists">
      {/* The open checklist above the list: the list fills the page's height, so below it would sit under the fold. */}
      {no ? <ChecklistRows key={no} checklistNo={no} /> : <p className="text-sm text-slate-500">{t('tasks:audit.noSelection')}</p>}
      <DataGrid<ChecklistRecord>
        gridId="audit-checklists" titleKey="tasks:audit.checklistTitle" columns={columns} fetcher={fetchChecklists} defaultSort="createdAt:desc" rowId={(r) => String(r.id)}
        onOpen={(r) => navigate(checklistPath(r.checklistNo))}
      />
    </div>
  )
}
