// The posted count adjustments (in-surplus, checklose): the ledger rows under the count tasks' numbers —
// task, location, area, SKU, batch, stock status, quantity, on hand after, operator, time. Enter on a row
// opens its balance's explain in the stock list (every ledger row of that balance, this one under its PT
// number); the task number column filters by task.
import { useLocation } from 'wouter'
import { DataGrid, type GridColumn, type GridQuery, type GridPage } from '../../grid'
import { formatTime } from '../../../domain/format'
import { STOCK_STATUS_OPTIONS, type AdjustmentRecord } from './api'

const F = (f: string) => `count-ui:adjust.fields.${f}`
/** The stock list's explain of one balance (StockListPage, ?explain=<balance id>). */
export const explainPath = (balanceId: number) => `/stock-manage/stock-manage-list?explain=${balanceId}`

const columns: GridColumn<AdjustmentRecord>[] = [
  { id: 'taskNo', titleKey: F('taskNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'locationCode', titleKey: F('locationCode'), width: 130, sortable: true, filter: 'text' },
  { id: 'areaCode', titleKey: F('areaCode'), width: 100 },
  { id: 'skuCode', titleKey: F('skuCode'), width: 190, sortable: true, filter: 'text' },
  { id: 'batchNo', titleKey: F('batchNo'), width: 120, render: (r) => r.batchNo || '—' },
  { id: 'stockStatus', titleKey: F('stockStatus'), width: 100, enumDict: STOCK_STATUS_OPTIONS },
  { id: 'qty', titleKey: F('qty'), width: 80, align: 'right' },
  { id: 'onHandAfter', titleKey: F('onHandAfter'), width: 100, align: 'right' },
  { id: 'operatorName', titleKey: F('operatorName'), width: 110, render: (r) => r.operatorName ?? '—' },
  { id: 'createdAt', titleKey: F('createdAt'), width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt) },
]

export function CountAdjustments({ gridId, titleKey, testId, fetcher }: {
  gridId: string; titleKey: string; testId: string; fetcher: (q: GridQuery, signal?: AbortSignal) => Promise<GridPage<AdjustmentRecord>>
}) {
  const [, navigate] = useLocation()
  return (
    <div className="flex flex-col" data-testid={testId}>
      <DataGrid<AdjustmentRecord> gridId={gridId} titleKey={titleKey} columns={columns} fetcher={fetcher} defaultSort="id:desc" onOpen={(r) => navigate(explainPath(r.balanceId))} />
    </div>
  )
}
