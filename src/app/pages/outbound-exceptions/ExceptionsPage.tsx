// Outbound exceptions (stock-out-abnormal → list, component 'stock-out-abnormal/stock-out-abnormal-list';
// issue 21 part N): stopped orders, pick differences, review exceptions and loading refusals in one grid —
// kind, document number, what happened, when, who, handling (pending / processed), the note and the action
// that resolves it. Enter on a row opens that action (the return-to-shelf station, the CY resolve, the
// exception review station); Alt+H marks the selected rows processed with a note (one question naming
// how many); "open document" jumps to the row's order, CY or loading document. ?docNo=… narrows the list
// to one document's exceptions.
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { DataGrid, type GridColumn, type GridQuery } from '../../grid'
import { dictOptions } from '../../resources/columns'
import { dictLabelKey } from '../../../domain/dictionaries'
import { formatTime } from '../../../domain/format'
import { api } from '../../api/clients'
import { runCommandById } from '../../commands/run'
import { CommandButtons } from '../documents/CommandButtons'
import { usePageSearchParams } from '../kit'
import { EXCEPTION_ACTIONS, EXCEPTION_API, EXCEPTION_KINDS, EXCEPTION_PATH, actionPath } from '../../../../commands/outbound-exceptions'

export interface ExceptionRecord extends Record<string, unknown> {
  rowKey: string; kind: string; docType: string | null; docNo: string | null; orderNo: string | null; refNo: string | null
  messageKey: string | null; params: Record<string, unknown> | null; occurredAt: string | null; occurredByName: string | null
  status: number; note: string | null; handledAt: string | null; handledByName: string | null; action: string | null; actionNo: string | null
}

export const EXCEPTION_GRID_ID = 'outbound-exceptions'
const F = (f: string) => `exceptions:fields.${f}`
const KINDS = EXCEPTION_KINDS.map((k) => ({ value: k, labelKey: `exceptions:kind.${k}` }))
const ACTIONS = EXCEPTION_ACTIONS.map((a) => ({ value: a, labelKey: `exceptions:action.${a}` }))
const STATUS = dictOptions('handlingStatus').map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
const TOOLBAR = ['outbound.exception.resolve', 'outbound.exception.handle', 'outbound.exception.openDocument']

function What({ r }: { r: ExceptionRecord }) {
  const { t } = useTranslation()
  return <span title={r.messageKey ? t(r.messageKey, r.params ?? {}) : undefined}>{r.messageKey ? t(r.messageKey, r.params ?? {}) : '—'}</span>
}
function Handling({ status }: { status: number }) {
  const { t } = useTranslation()
  return <span className={status === 0 ? 'font-medium text-red-800' : 'text-green-800'} data-testid="exception-status">{t(dictLabelKey('handlingStatus', status))}</span>
}
function Action({ r }: { r: ExceptionRecord }) {
  const { t } = useTranslation()
  if (!r.action) return <>—</>
  return <span data-testid="exception-action">{t(`exceptions:action.${r.action}`, { no: r.actionNo ?? r.docNo ?? '' })}</span>
}
function Kind({ kind }: { kind: string }) {
  const { t } = useTranslation()
  return <>{t(`exceptions:kind.${kind}`)}</>
}

const columns: GridColumn<ExceptionRecord>[] = [
  { id: 'kind', titleKey: F('kind'), width: 130, sortable: true, filter: 'enum', enumDict: KINDS, render: (r) => <Kind kind={r.kind} /> },
  { id: 'docNo', titleKey: F('docNo'), width: 150, sortable: true, filter: 'text', hideable: false, render: (r) => <span className="font-mono">{r.docNo ?? '—'}</span> },
  { id: 'status', titleKey: F('status'), width: 90, sortable: true, filter: 'enum', enumDict: STATUS, render: (r) => <Handling status={r.status} /> },
  { id: 'action', titleKey: F('action'), width: 190, filter: 'enum', enumDict: ACTIONS, render: (r) => <Action r={r} /> },
  { id: 'what', titleKey: F('what'), width: 360, render: (r) => <What r={r} /> },
  { id: 'orderNo', titleKey: F('orderNo'), width: 140, filter: 'text', render: (r) => <span className="font-mono">{r.orderNo ?? '—'}</span> },
  { id: 'refNo', titleKey: F('refNo'), width: 130, filter: 'text', render: (r) => r.refNo ?? '—' },
  { id: 'occurredAt', titleKey: F('occurredAt'), width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.occurredAt) },
  { id: 'occurredByName', titleKey: F('occurredByName'), width: 110, render: (r) => r.occurredByName ?? '—' },
  { id: 'note', titleKey: F('note'), width: 180, render: (r) => r.note ?? '' },
  { id: 'handledByName', titleKey: F('handledByName'), width: 110, render: (r) => r.handledByName ?? '—' },
  { id: 'handledAt', titleKey: F('handledAt'), width: 160, sortable: true, render: (r) => (r.handledAt ? formatTime(r.handledAt) : '—') },
]

type Page = { records: ExceptionRecord[]; total: number }

export default function ExceptionsPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  // ?docNo=… (a link from a document): that document's exceptions only.
  const docNo = usePageSearchParams().get('docNo')?.trim().toUpperCase() || null
  const fetcher = (q: GridQuery, signal?: AbortSignal) => api.get<Page>(EXCEPTION_API.list, docNo ? { ...q, docNo } : q, { signal })
  // Enter: the action that resolves the row; a row resolved here asks for the note (Alt+H's command).
  const open = (r: ExceptionRecord) => {
    const path = actionPath(r)
    if (path) navigate(path)
    else if (r.action === 'handle') void runCommandById('outbound.exception.handle')
  }
  return (
    <div className="flex flex-col" data-testid="outbound-exceptions">
      <h2 className="text-base font-semibold">{t('exceptions:title')}</h2>
      <p className="text-xs text-slate-600">{t('exceptions:ui.hint')}</p>
      {docNo && (
        <p className="text-sm" data-testid="exceptions-doc-filter">
          {t('exceptions:ui.filterDoc', { docNo })}{' '}
          <button type="button" className="text-sky-700 underline" onClick={() => navigate(EXCEPTION_PATH, { replace: true })}>{t('exceptions:ui.showAll')}</button>
        </p>
      )}
      <DataGrid<ExceptionRecord>
        key={docNo ?? ''}
        gridId={EXCEPTION_GRID_ID} titleKey="exceptions:title" columns={columns} fetcher={fetcher}
        defaultSort="occurredAt:desc" rowId={(r) => r.rowKey} onOpen={open}
        toolbar={<CommandButtons ids={TOOLBAR} label="exceptions:ui.actionsLabel" />}
      />
    </div>
  )
}
