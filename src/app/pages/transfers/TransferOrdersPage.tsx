// Transfer orders (stock-out-allot → list, component 'stock-out-allot/stock-out-allot-list'): number, stage
// (constructionStage, filterable), receiving warehouse, lines, quantity, what shipped (units, boxes), the
// packing task and the receiving inbound order. Enter on a row opens it (allot-detail?no=…). Toolbar (and
// palette): new (→ allot-add), batch add (→ allot-batch-add), confirm, assign picking, ship, void (the
// selected orders pending collection, one confirmation naming how many). Below: the goods
// in transit of this warehouse's transfers, out and in (shipped − received per transfer and SKU).
import { useLocation } from 'wouter'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DataGrid, type GridColumn } from '../../grid'
import { dictOptions } from '../../resources/columns'
import { dictLabelKey } from '../../../domain/dictionaries'
import { formatTime } from '../../../domain/format'
import { CommandButtons } from '../documents/CommandButtons'
import { transferDetailPath } from '../../../../commands/transfers'
import { fetchInTransit, fetchTransfers, type TransferRecord } from './api'

const STAGES = dictOptions('constructionStage').map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
const F = (f: string) => `transfers:fields.${f}`
export const TRANSFER_GRID_ID = 'transfer-orders'
const TOOLBAR = ['transfer.order.create', 'transfer.order.batchCreate', 'transfer.order.confirm', 'transfer.order.assignPicking', 'transfer.order.ship', 'transfer.order.cancel']

function StageCell({ status }: { status: number }) {
  const { t } = useTranslation()
  return <span data-testid="transfer-status">{t(dictLabelKey('constructionStage', status))}</span>
}

const columns: GridColumn<TransferRecord>[] = [
  { id: 'transferNo', titleKey: F('transferNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'status', titleKey: F('status'), width: 140, sortable: true, filter: 'enum', enumDict: STAGES, render: (r) => <StageCell status={r.status} /> },
  { id: 'toWarehouseName', titleKey: F('toWarehouseName'), width: 180, render: (r) => r.toWarehouseName ?? String(r.toWarehouseId) },
  { id: 'lines', titleKey: F('lineCount'), width: 70, align: 'right' },
  { id: 'qty', titleKey: F('qty'), width: 90, align: 'right' },
  { id: 'shippedQty', titleKey: F('shippedQty'), width: 90, align: 'right' },
  { id: 'shippedBoxes', titleKey: F('shippedBoxes'), width: 110, align: 'right' },
  { id: 'packingTaskNo', titleKey: F('packingTaskNo'), width: 150, render: (r) => r.packingTaskNo ?? '—' },
  { id: 'inboundOrderNo', titleKey: F('inboundOrderNo'), width: 170, filter: 'text', render: (r) => r.inboundOrderNo ?? '—' },
  { id: 'expectedArrival', titleKey: F('expectedArrival'), width: 120, render: (r) => r.expectedArrival ?? '—' },
  { id: 'createdAt', titleKey: F('createdAt'), width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt) },
]

function InTransit() {
  const { t } = useTranslation()
  const q = useQuery({ queryKey: ['grid', 'transfer-in-transit'], queryFn: fetchInTransit, staleTime: 10_000 })
  const rows = (q.data?.rows ?? []).filter((r) => r.inTransit !== 0)
  return (
    <section className="mt-4" aria-labelledby="transfer-transit-title" data-testid="transfer-in-transit">
      <h3 id="transfer-transit-title" className="mb-1 text-sm font-semibold">
        {t('transfers:list.inTransitTitle')} · <span data-testid="transfer-in-transit-total">{t('transfers:list.totalInTransit', { total: q.data?.total ?? 0 })}</span>
      </h3>
      {rows.length === 0 ? <p className="text-sm text-slate-600">{t('transfers:list.noTransit')}</p> : (
        <table className="w-full max-w-4xl text-sm">
          <thead className="bg-slate-100 text-left">
            <tr>{(['transferNo', 'inboundOrderNo', 'skuCode', 'shippedQty', 'received', 'inTransit'] as const).map((c) => <th key={c} className="px-2 py-1">{t(F(c))}</th>)}</tr>
          </thead>
          <tbody>
            {rows.slice(0, 50).map((r) => (
              <tr key={`${r.transferNo}-${r.skuCode}`} className="border-b">
                <td className="px-2 py-1 font-mono">{r.transferNo}</td>
                <td className="px-2 py-1 font-mono">{r.inboundOrderNo ?? '—'}</td>
                <td className="px-2 py-1 font-mono">{r.skuCode}</td>
                <td className="px-2 py-1 text-right">{r.shipped}</td>
                <td className="px-2 py-1 text-right">{r.received}</td>
                <td className="px-2 py-1 text-right font-semibold">{r.inTransit}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

export default function TransferOrdersPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  return (
    <div className="flex flex-col" data-testid="transfer-orders">
      <h2 className="text-base font-semibold">{t('transfers:title.list')}</h2>
      <DataGrid<TransferRecord>
        gridId={TRANSFER_GRID_ID} titleKey="transfers:title.list" columns={columns} fetcher={fetchTransfers}
        defaultSort="createdAt:desc" rowId={(r) => String(r.id)}
        onOpen={(r) => navigate(transferDetailPath(r.transferNo))}
        toolbar={<CommandButtons ids={TOOLBAR} label="transfers:title.list" />}
      />
      <InTransit />
    </div>
  )
}
