// Operation log (system-manage → operation-log, component key 'system/operation-log'): the audit rows
// every mutating command writes, for the current warehouse+tenant, in the DataGrid. Enter (or a
// double click) on a row shows all of its fields; export needs `operation-log:export`.
import { useState } from 'react'
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/clients'
import { DataGrid, type GridColumn, type GridQuery } from '../../grid'
import { useFocusScope } from '../../palette'
import { formatTime } from '../../../domain/format'

export interface AuditRecord extends Record<string, unknown> {
  id: number
  createdAt: string
  username: string | null
  userId: number | null
  commandId: string
  summary: string | null
  result: 'ok' | 'refused' | 'error'
  errorCode: string | null
  /** errorCode translated in the reader's language by the server. */
  errorMessage?: string | null
  argsDigest: string | null
  durationMs: number | null
  requestId: string | null
  ip: string | null
}

export const AUDIT_RESULT_OPTIONS = [
  { value: 'ok', labelKey: 'audit:result.ok' },
  { value: 'refused', labelKey: 'audit:result.refused' },
  { value: 'error', labelKey: 'audit:result.error' },
] as const

const RESULT_CLASS: Record<string, string> = { ok: 'text-green-700', refused: 'text-amber-700', error: 'text-red-700' }

// Ids are the list helper's names on the server (src/server/areas/audit): sortable/filterable alike.
export const auditColumns: GridColumn<AuditRecord>[] = [
  { id: 'createdAt', titleKey: 'audit:col.createdAt', width: 170, sortable: true, filter: 'dateRange' },
  { id: 'username', titleKey: 'audit:col.username', width: 130, sortable: true, filter: 'text' },
  { id: 'commandId', titleKey: 'audit:col.commandId', width: 240, sortable: true, filter: 'text', hideable: false },
  { id: 'summary', titleKey: 'audit:col.summary', width: 280 },
  {
    id: 'result', titleKey: 'audit:col.result', width: 100, sortable: true, filter: 'enum', enumDict: AUDIT_RESULT_OPTIONS,
    render: (r) => <AuditResult result={r.result} />,
  },
  // The refusal in words (the server translates the stored key); the key itself on hover.
  { id: 'errorCode', titleKey: 'audit:col.errorCode', width: 200, render: (r) => <span title={r.errorCode ?? undefined}>{r.errorMessage ?? r.errorCode ?? ''}</span> },
  { id: 'durationMs', titleKey: 'audit:col.durationMs', width: 110, sortable: true, align: 'right' },
  { id: 'requestId', titleKey: 'audit:col.requestId', width: 280 },
  { id: 'ip', titleKey: 'audit:col.ip', width: 130 },
]

function AuditResult({ result }: { result: string }) {
  const { t } = useTranslation()
  return <span className={RESULT_CLASS[result] ?? ''}>{t(`audit:result.${result}`)}</span>
}

export const fetchAuditLog = (q: GridQuery) => api.get<{ records: AuditRecord[]; total: number }>('/api/audit-log', q)

export default function OperationLogPage() {
  const [open, setOpen] = useState<AuditRecord | null>(null)
  return (
    <div className="flex flex-col" data-testid="operation-log">
      <DataGrid<AuditRecord>
        gridId="operation-log" titleKey="audit:title" columns={auditColumns} fetcher={fetchAuditLog}
        defaultSort="createdAt:desc" exportUrl="/api/audit-log/export" exportPermission="operation-log:export"
        onOpen={setOpen}
      />
      <AuditDetail record={open} onClose={() => setOpen(null)} />
    </div>
  )
}

function AuditDetail({ record, onClose }: { record: AuditRecord | null; onClose(): void }) {
  const { t } = useTranslation()
  useFocusScope('dialog', !!record)
  const rows: [string, unknown][] = record ? [
    ['createdAt', formatTime(record.createdAt)], ['username', record.username], ['commandId', record.commandId],
    ['summary', record.summary], ['result', t(`audit:result.${record.result}`)], ['errorCode', record.errorMessage ?? record.errorCode],
    ['durationMs', record.durationMs], ['requestId', record.requestId], ['ip', record.ip], ['argsDigest', record.argsDigest],
  ] : []
  return (
    <Dialog open={!!record} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-[640px] rounded bg-white p-4 shadow-xl" data-testid="operation-log-detail">
          <DialogTitle className="text-base font-semibold">{t('audit:detail.title', { id: record?.id ?? '' })}</DialogTitle>
          <dl className="mt-3 grid grid-cols-[10rem_1fr] gap-x-3 gap-y-1 text-sm">
            {rows.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-gray-500">{t(`audit:col.${k}`)}</dt>
                <dd className="break-all">{v === null || v === undefined || v === '' ? '—' : String(v)}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-4 flex justify-end">
            <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose} autoFocus>{t('common:close')}</button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
