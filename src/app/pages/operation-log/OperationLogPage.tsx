// Operation log (system-manage → operation-log, component key 'system/operation-log'): the audit rows
// every mutating command writes, for the current warehouse+tenant, in the DataGrid. Each row says what
// happened in a sentence (the server's, in the reader's language: who ran which command on which
// documents, and why it was refused); Enter (or a double click) on a row opens its detail — the
// documents, the audited arguments, the request id and address, the handler's note with status moves
// by name — and Esc closes it. Export needs `operation-log:export`.
import { useState } from 'react'
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/clients'
import { DataGrid, type GridColumn, type GridQuery } from '../../grid'
import { useFocusScope } from '../../palette'
import { formatTime } from '../../../domain/format'
import { dictLabelKey } from '../../../domain/dictionaries'
import { statusDictOfCommand, statusMovesText } from '../../../domain/states/status-text'

export interface AuditRecord extends Record<string, unknown> {
  id: number
  createdAt: string
  username: string | null
  userId: number | null
  commandId: string
  /** The command's title in the reader's language (the server's). */
  commandTitle?: string
  /** What happened, in the reader's language (the server's). */
  sentence?: string
  /** The documents the row is about (from its arguments, else its summary). */
  documents?: string[]
  /** The arguments as audited (secrets masked, long values cut); null on older rows. */
  args?: unknown
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
// The request id, address and arguments are in the detail view (Enter), not in the list.
export const auditColumns: GridColumn<AuditRecord>[] = [
  { id: 'createdAt', titleKey: 'audit:col.createdAt', width: 150, sortable: true, filter: 'dateRange' },
  { id: 'sentence', titleKey: 'audit:col.sentence', width: 360, hideable: false, render: (r) => <span title={r.sentence}>{r.sentence ?? r.commandId}</span> },
  { id: 'username', titleKey: 'audit:col.username', width: 100, sortable: true, filter: 'text' },
  // Filtered by the command id (typed or pasted); shown by its title, the id on hover.
  { id: 'commandId', titleKey: 'audit:col.commandId', width: 150, sortable: true, filter: 'text', render: (r) => <span title={r.commandId}>{r.commandTitle ?? r.commandId}</span> },
  {
    id: 'result', titleKey: 'audit:col.result', width: 80, sortable: true, filter: 'enum', enumDict: AUDIT_RESULT_OPTIONS,
    render: (r) => <AuditResult result={r.result} />,
  },
  { id: 'durationMs', titleKey: 'audit:col.durationMs', width: 100, sortable: true, align: 'right' },
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

/** The handler's note with status moves by name when the command's document has a status dictionary. */
function noteOf(r: AuditRecord, t: (k: string) => string): string | null {
  if (!r.summary) return null
  const dict = statusDictOfCommand(r.commandId)
  return dict ? statusMovesText(r.summary, (s) => t(dictLabelKey(dict, s))) : r.summary
}

function AuditDetail({ record, onClose }: { record: AuditRecord | null; onClose(): void }) {
  const { t } = useTranslation()
  useFocusScope('dialog', !!record)
  const rows: [key: string, value: unknown, testId?: string][] = record ? [
    ['sentence', record.sentence, 'sentence'], ['createdAt', formatTime(record.createdAt)], ['username', record.username],
    ['command', `${record.commandTitle ?? record.commandId} (${record.commandId})`], ['result', t(`audit:result.${record.result}`)],
    ['errorCode', record.errorMessage ?? record.errorCode], ['documents', record.documents?.join(', '), 'documents'],
    ['summary', noteOf(record, t)], ['durationMs', record.durationMs], ['requestId', record.requestId, 'request-id'], ['ip', record.ip],
    ['argsDigest', record.argsDigest],
  ] : []
  return (
    <Dialog open={!!record} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="flex max-h-[90vh] w-[760px] max-w-full flex-col rounded bg-white p-4 shadow-xl" data-testid="operation-log-detail">
          <DialogTitle className="text-base font-semibold">{t('audit:detail.title', { id: record?.id ?? '' })}</DialogTitle>
          <div className="mt-3 min-h-0 overflow-auto">
            <dl className="grid grid-cols-[10rem_1fr] gap-x-3 gap-y-1 text-sm">
              {rows.map(([k, v, testId]) => (
                <div key={k} className="contents">
                  <dt className="text-gray-500">{t(`audit:col.${k}`)}</dt>
                  <dd className="break-all" data-testid={testId ? `operation-log-detail-${testId}` : undefined}>{v === null || v === undefined || v === '' ? '—' : String(v)}</dd>
                </div>
              ))}
              <div className="contents">
                <dt className="text-gray-500">{t('audit:col.args')}</dt>
                <dd>
                  {record?.args === null || record?.args === undefined
                    ? <span className="text-gray-500">{t('audit:detail.noArgs')}</span>
                    : <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-gray-50 p-2 font-mono text-xs" data-testid="operation-log-detail-args">{JSON.stringify(record.args, null, 2)}</pre>}
                </dd>
              </div>
            </dl>
          </div>
          <div className="mt-4 flex items-center justify-end gap-3">
            <span className="text-xs text-gray-500">{t('audit:detail.hint')}</span>
            <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose} autoFocus>{t('common:close')}</button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
