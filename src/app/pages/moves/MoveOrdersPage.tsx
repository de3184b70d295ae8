// Move orders (in-house-work → move-manager/list, component 'in-house-work/move-manager-list'): number,
// status (moveOrderStatus), source (by hand, transfer warning, move station), lines, quantity, who and when.
// Enter on a row opens the order (move-manager/details?no=…; a station session still moving opens at its
// scan field). Alt+N (or ?form=new, prefilled by a transfer warning's fix) makes an order by hand; Alt+O
// opens a move station session; execute (Alt+Y) and cancel act on the selected new order.
import { useLocation } from 'wouter'
import { useTranslation } from 'react-i18next'
import { DataGrid, type GridColumn } from '../../grid'
import { dictOptions } from '../../resources/columns'
import { dictLabelKey } from '../../../domain/dictionaries'
import { formatTime } from '../../../domain/format'
import { CommandButtons } from '../documents/CommandButtons'
import { usePageSearch } from '../kit'
import { MOVE_LIST_PATH, moveDetailsPath } from '../../../../commands/moves'
import { fetchMoveOrders, type MoveOrderRecord } from './api'
import { MoveFormDialog, prefillFrom } from './MoveFormDialog'

const STATUS = dictOptions('moveOrderStatus').map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
const SOURCES = ['hand', 'warning', 'station'].map((v) => ({ value: v, labelKey: `moves:source.${v}` }))
const F = (f: string) => `moves:fields.${f}`
export const MOVE_GRID_ID = 'move-orders'
const TOOLBAR = ['move.order.create', 'move.station.open', 'move.order.execute', 'move.order.cancel']

function StatusCell({ status }: { status: number }) {
  const { t } = useTranslation()
  return <span data-testid="move-status">{t(dictLabelKey('moveOrderStatus', status))}</span>
}

const columns: GridColumn<MoveOrderRecord>[] = [
  { id: 'moveNo', titleKey: F('moveNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'status', titleKey: F('status'), width: 110, sortable: true, filter: 'enum', enumDict: STATUS, render: (r) => <StatusCell status={r.status} /> },
  { id: 'source', titleKey: F('source'), width: 130, filter: 'enum', enumDict: SOURCES },
  { id: 'lineCount', titleKey: F('lineCount'), width: 70, align: 'right' },
  { id: 'totalQty', titleKey: F('totalQty'), width: 100, align: 'right' },
  { id: 'createdByName', titleKey: F('createdByName'), width: 120, render: (r) => r.createdByName ?? '—' },
  { id: 'createdAt', titleKey: F('createdAt'), width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt) },
  { id: 'completedByName', titleKey: F('completedByName'), width: 120, render: (r) => r.completedByName ?? '—' },
  { id: 'completedAt', titleKey: F('completedAt'), width: 160, sortable: true, render: (r) => (r.completedAt ? formatTime(r.completedAt) : '—') },
  { id: 'remark', titleKey: F('remark'), width: 180, render: (r) => r.remark ?? '' },
]

export default function MoveOrdersPage() {
  const { t } = useTranslation()
  const search = new URLSearchParams(usePageSearch())
  const [, navigate] = useLocation()
  const close = () => navigate(MOVE_LIST_PATH, { replace: true })
  return (
    <div className="flex flex-col" data-testid="move-orders">
      <h2 className="text-base font-semibold">{t('moves:ui.listTitle')}</h2>
      <DataGrid<MoveOrderRecord>
        gridId={MOVE_GRID_ID} titleKey="moves:ui.listTitle" columns={columns} fetcher={fetchMoveOrders}
        defaultSort="createdAt:desc" rowId={(r) => String(r.id)}
        onOpen={(r) => navigate(moveDetailsPath(r.moveNo))}
        toolbar={<CommandButtons ids={TOOLBAR} label="moves:ui.listTitle" />}
      />
      {search.get('form') === 'new' && <MoveFormDialog initial={prefillFrom(search)} onClose={close} onSaved={(no) => navigate(moveDetailsPath(no))} />}
    </div>
  )
}
