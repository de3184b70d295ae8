// Pick differences (stock-out-abnormal → pick-diff, component 'stock-out-abnormal/pick-diff'): the short
// picks of the current warehouse+tenant — filters number, status (pending / processed), created range.
// Enter on a row, or the toolbar's resolve button (the outbound.pickDiff.resolve command: hidden without
// its permission, disabled with the pick-diff machine's reason), opens the resolve dialog: reissue,
// reallocate or out of stock.
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { commandEnabled, commandVisible } from '../../../../domain/commands'
import { formatTime } from '../../../../domain/format'
import { reasonLabel } from '../../../commands/reason'
import { DataGrid, type GridColumn } from '../../../grid'
import { useCommandContext, useCommandRegistry } from '../../../palette'
import { DIFF_GRID_ID, DIFF_STATUS_OPTIONS, fetchDiffs, type DiffRecord } from './api'
import { ResolveDiffDialog } from './ResolveDiffDialog'
import { PickDiffDocument } from './PickDiffDocument'
import { usePageSearchParams } from '../../kit'
import { useLocation } from 'wouter'
import { PICK_DIFF_PATH } from '../../../../../commands/outbound-picking'

const F = (f: string) => `outbound:pickDiff.fields.${f}`
const RESOLVE = 'outbound.pickDiff.resolve'

function Resolution({ value }: { value: string | null }) {
  const { t } = useTranslation()
  return <>{value ? t(`outbound:pickDiff.resolution.${value}`) : '—'}</>
}

export const diffColumns: GridColumn<DiffRecord>[] = [
  { id: 'diffNo', titleKey: F('diffNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'status', titleKey: F('status'), width: 100, sortable: true, filter: 'enum', enumDict: DIFF_STATUS_OPTIONS },
  { id: 'orderNo', titleKey: F('orderNo'), width: 140 },
  { id: 'taskNo', titleKey: F('taskNo'), width: 140 },
  { id: 'skuCode', titleKey: F('skuCode'), width: 190 },
  { id: 'locationCode', titleKey: F('locationCode'), width: 120 },
  { id: 'shortQty', titleKey: F('shortQty'), width: 70, align: 'right' },
  { id: 'resolution', titleKey: F('resolution'), width: 120, render: (r) => <Resolution value={r.resolution} /> },
  { id: 'resolvedQty', titleKey: F('resolvedQty'), width: 80, align: 'right', render: (r) => (r.resolvedQty === null ? '—' : r.resolvedQty) },
  { id: 'resolvedByName', titleKey: F('resolvedByName'), width: 110, render: (r) => r.resolvedByName ?? '—' },
  { id: 'resolvedAt', titleKey: F('resolvedAt'), width: 160, render: (r) => formatTime(r.resolvedAt) },
  { id: 'remark', titleKey: F('remark'), width: 160, render: (r) => r.remark ?? '—' },
  { id: 'createdAt', titleKey: F('createdAt'), width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt) },
]

const diffFacts = (r: DiffRecord) => ({ id: r.id, diffNo: r.diffNo, status: r.status })

/** The resolve command's button: the command's title, visibility and machine reason; it opens the dialog. */
function ResolveButton({ onOpen }: { onOpen(row: DiffRecord): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const def = useCommandRegistry().get(RESOLVE)
  const ctx = useCommandContext()
  if (!def || !commandVisible(def, ctx)) return null
  const rows = ctx.selection as DiffRecord[]
  const enabled = rows.length === 1 ? commandEnabled(def, ctx) : 'common:validation.selectExactlyOne'
  const reason = enabled === true ? undefined : reasonLabel(enabled)
  return (
    <>
      <button type="button" data-testid={`cmd-${RESOLVE}`} aria-disabled={reason ? true : undefined} title={reason} aria-describedby={reason ? `${uid}-reason` : undefined}
        className={`h-7 rounded border px-3 ${reason ? 'cursor-not-allowed opacity-50' : 'hover:bg-gray-50'}`} onClick={() => { if (!reason) onOpen(rows[0]!) }}>
        {t(def.title)}
      </button>
      {reason && <span id={`${uid}-reason`} className="sr-only">{reason}</span>}
    </>
  )
}

export default function PickDiffPage() {
  const [resolving, setResolving] = useState<DiffRecord | null>(null)
  // ?diffNo=CY… (palette "go to document"): that difference's facts above the list.
  const diffNo = usePageSearchParams().get('diffNo')?.trim().toUpperCase() || null
  const [, navigate] = useLocation()
  return (
    <div className="flex flex-col" data-testid="pick-diffs">
      {diffNo && <PickDiffDocument diffNo={diffNo} onResolve={setResolving} onAll={() => navigate(PICK_DIFF_PATH, { replace: true })} />}
      <DataGrid<DiffRecord>
        gridId={DIFF_GRID_ID} titleKey="outbound:pickDiff.title" columns={diffColumns} fetcher={fetchDiffs} defaultSort="createdAt:desc"
        onOpen={setResolving} toolbar={<ResolveButton onOpen={setResolving} />}
      />
      {resolving && <ResolveDiffDialog key={resolving.id} diff={resolving} facts={diffFacts(resolving)} onClose={() => setResolving(null)} />}
    </div>
  )
}
