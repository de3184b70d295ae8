// Loading documents (container-load → list, component 'container-load/container-load-list'): number,
// container number, size, AGL, status (loadingStatus), the live boxes / volume / weight against capacity,
// seal, who opened it and when, shipped. Enter opens the document; Alt+N (or ?form=new) opens a container
// — saved, the station opens at it; finish (Alt+F), close (Alt+C, seal number) and ship (Alt+S) act on the
// selected document as its machine allows.
import type { KeyboardEvent } from 'react'
import { useLocation } from 'wouter'
import { useTranslation } from 'react-i18next'
import { DataGrid, type GridColumn } from '../../grid'
import { dictOptions } from '../../resources/columns'
import { dictLabelKey } from '../../../domain/dictionaries'
import { formatTime } from '../../../domain/format'
import { CONTAINER_SIZE_CODES } from '../../../domain/container-loading'
import { runCommandById } from '../../commands/run'
import { CommandButtons } from '../documents/CommandButtons'
import { usePageSearch } from '../kit'
import { CONTAINER_LIST_PATH, loadingDetailPath, stationPath } from '../../../../commands/container-loading'
import { fetchLoadings, type LoadingRecord } from './api'
import { LoadingFormDialog } from './LoadingFormDialog'

const STATUS = dictOptions('loadingStatus').map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
const SIZES = CONTAINER_SIZE_CODES.map((c) => ({ value: c, labelKey: `containers:size.${c}` }))
const F = (f: string) => `containers:fields.${f}`
export const LOADING_GRID_ID = 'container-loadings'
const TOOLBAR = ['containers.loading.create', 'containers.loading.finish', 'containers.loading.close', 'containers.loading.ship']

function StatusCell({ r }: { r: LoadingRecord }) {
  const { t } = useTranslation()
  return <span data-testid="loading-status">{t(dictLabelKey('loadingStatus', r.status))}{r.shippedAt ? ` · ${t('containers:ui.shipped')}` : ''}</span>
}
const of = (v: number, cap: number) => `${v} / ${cap}`

const columns: GridColumn<LoadingRecord>[] = [
  { id: 'loadingNo', titleKey: F('loadingNo'), width: 140, sortable: true, filter: 'text', hideable: false },
  { id: 'containerNo', titleKey: F('containerNo'), width: 140, sortable: true, filter: 'text' },
  { id: 'containerSize', titleKey: F('containerSize'), width: 90, filter: 'enum', enumDict: SIZES },
  { id: 'agl', titleKey: F('agl'), width: 80, render: (r) => (r.agl ? 'AGL' : '—') },
  { id: 'status', titleKey: F('status'), width: 130, sortable: true, filter: 'enum', enumDict: STATUS, render: (r) => <StatusCell r={r} /> },
  { id: 'boxes', titleKey: F('boxes'), width: 70, align: 'right' },
  { id: 'volume', titleKey: F('volume'), width: 120, align: 'right', render: (r) => of(r.volume, r.capacityVolume) },
  { id: 'weight', titleKey: F('weight'), width: 140, align: 'right', render: (r) => of(r.weight, r.maxWeight) },
  { id: 'sealNo', titleKey: F('sealNo'), width: 110, render: (r) => r.sealNo ?? '—' },
  { id: 'createdByName', titleKey: F('createdByName'), width: 110, render: (r) => r.createdByName ?? '—' },
  { id: 'createdAt', titleKey: F('createdAt'), width: 150, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt) },
  { id: 'shippedAt', titleKey: F('shippedAt'), width: 150, render: (r) => (r.shippedAt ? formatTime(r.shippedAt) : '—') },
]

export default function ContainerLoadListPage() {
  const { t } = useTranslation()
  const search = new URLSearchParams(usePageSearch())
  const [, navigate] = useLocation()
  const close = () => navigate(CONTAINER_LIST_PATH, { replace: true })
  // The page's own keys (the grid scope's Alt letters are all taken by other lists' commands): Alt+N opens a
  // container; Alt+F / Alt+C / Alt+S finish, close and ship the selected document (its machine decides).
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!e.altKey || e.ctrlKey || e.metaKey || search.get('form')) return
    const id = { KeyN: 'containers.loading.create', KeyF: 'containers.loading.finish', KeyC: 'containers.loading.close', KeyS: 'containers.loading.ship' }[e.code]
    if (!id) return
    e.preventDefault()
    void runCommandById(id)
  }
  return (
    <div className="flex flex-col" data-testid="container-loadings" onKeyDownCapture={onKey}>
      <h2 className="text-base font-semibold">{t('containers:ui.listTitle')} <span className="ml-2 text-xs font-normal text-slate-600">{t('containers:ui.listKeys')}</span></h2>
      <DataGrid<LoadingRecord>
        gridId={LOADING_GRID_ID} titleKey="containers:ui.listTitle" columns={columns} fetcher={fetchLoadings}
        defaultSort="id:desc" rowId={(r) => String(r.id)}
        onOpen={(r) => navigate(loadingDetailPath(r.loadingNo))}
        toolbar={<CommandButtons ids={TOOLBAR} label="containers:ui.listTitle" />}
      />
      {search.get('form') === 'new' && <LoadingFormDialog onClose={close} onSaved={(r) => navigate(stationPath(r.containerNo))} />}
    </div>
  )
}
