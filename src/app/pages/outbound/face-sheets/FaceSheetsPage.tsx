// Face sheets (stock-out → ToC → faceorder-manage, component 'stock-out/faceorder-manage'): picked orders
// of the current warehouse+tenant with their face sheet — not bought / queued / purchasing (with the
// carrier's progress) / bought / failed / postage cancelled — the purchase status (bought, not bought,
// partly bought — some of an order's parcels bought), the parcels bought of the order's, carrier and tracking number. Keyboard: the grid's arrows and Space select, Alt+B buys
// (at most 10), Alt+L prints on print setup's printer, Alt+Shift+L on a printer chosen from printer management, Alt+D downloads PDF or ZPL, Alt+X cancels the postage; the toolbar holds the
// same commands (commands/outbound-face-sheets.ts), disabled with the face sheet machine's reason. A
// purchase runs at the carrier (5–10 s) while the page stays usable; the list refreshes every second
// while a purchase it shows is under way (every 5 s otherwise, for purchases started elsewhere).
import { useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { DataGrid, type GridColumn, type GridQuery } from '../../../grid'
import { formatTime } from '../../../../domain/format'
import { dictLabelKey, WaybillState } from '../../../../domain/dictionaries'
import { CommandButtons } from '../../documents/CommandButtons'
import { usePageActive } from '../../kit'
import {
  FACE_SHEET_GRID_ID, FACE_SHEET_STATUS_OPTIONS, ORDER_STATUS_OPTIONS, WAYBILL_STATE_OPTIONS, fetchFaceSheets, inFlight, type FaceSheetRecord,
} from './api'
import { usePrinters } from './printers'

const C = (f: string) => `outbound-label:columns.${f}`

/** The face sheet state, with the carrier's progress while purchasing and its message after a failure. */
function SheetState({ row }: { row: FaceSheetRecord }) {
  const { t } = useTranslation()
  const label = t(dictLabelKey('waybillState', row.status))
  if (row.status === WaybillState.Purchasing || row.status === WaybillState.Queued) {
    const p = row.progress ?? 0
    return (
      <span className="flex items-center gap-2" title={t('outbound-label:ui.purchasing', { progress: p })}>
        <span className="h-2 w-16 overflow-hidden rounded bg-gray-200" role="progressbar" aria-valuenow={p} aria-valuemin={0} aria-valuemax={100} aria-label={label}>
          <span className="block h-full bg-blue-500" style={{ width: `${p}%` }} />
        </span>
        <span>{label}</span>
      </span>
    )
  }
  const tone = row.status === WaybillState.Bought ? 'text-green-700' : row.status === WaybillState.Failed ? 'text-red-700' : ''
  return <span className={tone}>{label}</span>
}

/** The tracking number; while the carrier's waybill is polled, the spec's "logistics info not yet obtained". */
function Tracking({ row }: { row: FaceSheetRecord }) {
  const { t } = useTranslation()
  if (row.trackingNo) return <>{row.trackingNo}</>
  if (row.status === WaybillState.Purchasing) return <span className="italic text-gray-600" data-testid="logistics-pending">{t('outbound-label:ui.logisticsPending')}</span>
  return <>—</>
}

function CarrierMessage({ row }: { row: FaceSheetRecord }) {
  const { t } = useTranslation()
  return <span className="text-red-700">{row.errorKey && row.status === WaybillState.Failed ? t(row.errorKey, { orderNo: row.orderNo }) : ''}</span>
}

export const faceSheetColumns: GridColumn<FaceSheetRecord>[] = [
  { id: 'orderNo', titleKey: C('orderNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'status', titleKey: C('status'), width: 190, filter: 'enum', enumDict: WAYBILL_STATE_OPTIONS, render: (r) => <SheetState row={r} /> },
  { id: 'faceSheetStatus', titleKey: C('faceSheetStatus'), width: 120, filter: 'enum', enumDict: FACE_SHEET_STATUS_OPTIONS },
  // An order packed into several parcels buys one face sheet each: bought of parcels ("1 / 2" is partly bought).
  { id: 'parcels', titleKey: C('parcels'), width: 150, align: 'right', render: (r) => `${r.boughtParcels} / ${r.parcelCount}` },
  { id: 'trackingNo', titleKey: C('trackingNo'), width: 250, filter: 'text', render: (r) => <Tracking row={r} /> },
  { id: 'carrierCode', titleKey: C('carrierCode'), width: 100, render: (r) => r.carrierCode ?? '—' },
  { id: 'shippingMethod', titleKey: C('shippingMethod'), width: 140, render: (r) => r.shippingMethod ?? '—' },
  { id: 'orderStatus', titleKey: C('orderStatus'), width: 130, sortable: true, filter: 'enum', enumDict: ORDER_STATUS_OPTIONS },
  { id: 'error', titleKey: C('error'), width: 260, render: (r) => <CarrierMessage row={r} /> },
  { id: 'consigneeName', titleKey: C('consigneeName'), width: 140, render: (r) => r.consigneeName ?? '—' },
  { id: 'consigneePhone', titleKey: C('consigneePhone'), width: 140, render: (r) => r.consigneePhone ?? '—' },
  { id: 'country', titleKey: C('country'), width: 70, render: (r) => r.country ?? '—' },
  { id: 'platform', titleKey: C('platform'), width: 110 },
  { id: 'printedCount', titleKey: C('printedCount'), width: 70, align: 'right', render: (r) => r.printedCount ?? 0 },
  { id: 'boughtAt', titleKey: C('boughtAt'), width: 160, render: (r) => formatTime(r.boughtAt) },
  { id: 'pickedAt', titleKey: C('pickedAt'), width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.pickedAt) },
]

const TOOLBAR = ['outbound.faceSheet.buy', 'outbound.faceSheet.print', 'outbound.faceSheet.download', 'outbound.faceSheet.cancel']

export default function FaceSheetsPage() {
  const { t } = useTranslation()
  const client = useQueryClient()
  const active = usePageActive()
  const busy = useRef(false)
  usePrinters(active)
  // Remember whether the rows shown include a purchase under way (then poll).
  const fetcher = useCallback(async (q: GridQuery, signal?: AbortSignal) => {
    const page = await fetchFaceSheets(q, signal)
    busy.current = page.records.some(inFlight)
    return page
  }, [])
  useEffect(() => {
    if (!active) return
    let idle = 0
    const timer = setInterval(() => {
      // Every second while a purchase is shown; every 5 s otherwise (purchases started elsewhere).
      if (busy.current || ++idle >= 5) {
        idle = 0
        void client.invalidateQueries({ queryKey: ['grid', FACE_SHEET_GRID_ID] })
      }
    }, 1000)
    return () => clearInterval(timer)
  }, [active, client])
  return (
    <div className="flex flex-col" data-testid="face-sheets">
      <p className="px-2 pb-1 text-xs text-gray-600">{t('outbound-label:ui.hint')}</p>
      <DataGrid<FaceSheetRecord>
        gridId={FACE_SHEET_GRID_ID} titleKey="outbound-label:title" columns={faceSheetColumns} fetcher={fetcher} defaultSort="id:desc"
        toolbar={<CommandButtons ids={TOOLBAR} label="outbound-label:title" />}
      />
    </div>
  )
}
