// Stock list (stock-manage → stock-manage-list, component 'stock-manage/stock-manage-list'): balances
// of the current warehouse+tenant in the DataGrid, filtered by SKU, style, location, area, status and
// batch. Enter on a row (or `stock.balance.explain` from the palette, which navigates with ?explain=<id>)
// opens the balance's ledger: every change with its document, operator and time.
import { useQuery } from '@tanstack/react-query'
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { api } from '../../api/clients'
import { DataGrid, type GridColumn, type GridQuery } from '../../grid'
import { useFocusScope } from '../../palette'
import { dictOptions } from '../../resources/columns'
import { formatTime } from '../../../domain/format'
import { dictLabelKey } from '../../../domain/dictionaries'
import { docTypeLabel, reasonLabel } from '../documents/ledger-labels'
import { usePageSearch } from '../kit'

export interface StockRecord extends Record<string, unknown> {
  id: number; skuCode: string; styleNo: string; colorName: string; sizeName: string; locationCode: string; areaCode: string
  batchNo: string; stockStatus: number; onHand: number; locked: number; available: number; firstInAt: string
}

interface LedgerEntry {
  id: number; createdAt: string; docType: string; docNo: string; docLine: number | null; reason: string | null; reasonParams: Record<string, string | number>
  deltaOnHand: number; deltaLocked: number; onHandAfter: number; lockedAfter: number; operatorName: string | null
}
interface Explain {
  balance: { id: number; onHand: number; locked: number; batchNo: string; stockStatus: number; locationCode: string; skuCode: string }
  entries: LedgerEntry[]
}

const STATUS = dictOptions('stockStatus').map((o) => ({ value: String(o.value), labelKey: o.labelKey }))

export const stockColumns: GridColumn<StockRecord>[] = [
  { id: 'skuCode', titleKey: 'stock:col.skuCode', width: 190, sortable: true, filter: 'text', hideable: false },
  { id: 'styleNo', titleKey: 'stock:col.styleNo', width: 110, sortable: true, filter: 'text' },
  { id: 'colorName', titleKey: 'stock:col.colorName', width: 100 },
  { id: 'sizeName', titleKey: 'stock:col.sizeName', width: 80 },
  { id: 'locationCode', titleKey: 'stock:col.locationCode', width: 130, sortable: true, filter: 'text', hideable: false },
  { id: 'areaCode', titleKey: 'stock:col.areaCode', width: 90, sortable: true, filter: 'text' },
  { id: 'batchNo', titleKey: 'stock:col.batchNo', width: 120, sortable: true, filter: 'text' },
  { id: 'stockStatus', titleKey: 'stock:col.stockStatus', width: 110, sortable: true, filter: 'enum', enumDict: STATUS },
  { id: 'onHand', titleKey: 'stock:col.onHand', width: 90, sortable: true, filter: 'numberRange', align: 'right' },
  { id: 'locked', titleKey: 'stock:col.locked', width: 90, sortable: true, align: 'right' },
  { id: 'available', titleKey: 'stock:col.available', width: 90, align: 'right' },
  { id: 'firstInAt', titleKey: 'stock:col.firstInAt', width: 160, sortable: true, render: (r) => formatTime(r.firstInAt) },
]

export const fetchStock = (q: GridQuery) => api.get<{ records: StockRecord[]; total: number }>('/api/stock/list', q)

export default function StockListPage() {
  const search = usePageSearch()
  const [loc, navigate] = useLocation()
  // The URL is the one source of the open balance: Enter on a row and the palette command alike.
  const explainId = Number(new URLSearchParams(search).get('explain') ?? NaN)
  const open = Number.isInteger(explainId) && explainId > 0 ? explainId : null
  const close = () => navigate(loc, { replace: true })
  return (
    <div className="flex flex-col" data-testid="stock-list">
      <DataGrid<StockRecord>
        gridId="stock-manage-list" titleKey="stock:title" columns={stockColumns} fetcher={fetchStock}
        defaultSort="locationCode:asc" exportUrl="/api/stock/export" exportPermission="stock-manage-list:export"
        onOpen={(r) => navigate(`${loc}?explain=${r.id}`)}
      />
      <ExplainDialog id={open} onClose={close} />
    </div>
  )
}

function ExplainDialog({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation()
  useFocusScope('dialog', id !== null)
  const q = useQuery({
    queryKey: ['stock-explain', id], enabled: id !== null, staleTime: 0, retry: false,
    queryFn: () => api.get<Explain>(`/api/stock/balances/${id}/explain`),
  })
  const data = id !== null ? q.data : undefined
  const error = q.error ? (q.error as Error).message : null
  const b = data?.balance
  return (
    <Dialog open={id !== null} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="max-h-[85vh] w-[min(1100px,92vw)] overflow-auto rounded bg-white p-4 shadow-xl" data-testid="stock-explain">
          <DialogTitle className="text-base font-semibold">
            {b ? t('stock:explain.title', { sku: b.skuCode, location: b.locationCode }) : t('stock:explain.loading')}
          </DialogTitle>
          {b && (
            <p className="mt-1 text-sm text-gray-600" data-testid="stock-explain-summary">
              {t('stock:explain.summary', { batch: b.batchNo || '—', status: t(dictLabelKey('stockStatus', String(b.stockStatus))), onHand: b.onHand, locked: b.locked })}
            </p>
          )}
          {error && <p className="mt-2 text-sm text-red-700" role="alert">{error}</p>}
          {data && (data.entries.length === 0 ? <p className="mt-3 text-sm">{t('stock:explain.empty')}</p> : (
            <table className="mt-3 w-full text-sm" data-testid="stock-explain-rows">
              <thead className="whitespace-nowrap text-left text-gray-500">
                <tr>
                  <th className="py-1">{t('stock:explain.time')}</th><th>{t('stock:explain.doc')}</th><th>{t('stock:explain.line')}</th>
                  <th className="text-right">{t('stock:explain.deltaOnHand')}</th><th className="text-right">{t('stock:explain.deltaLocked')}</th>
                  <th className="text-right">{t('stock:explain.after')}</th><th className="pl-3">{t('stock:explain.operator')}</th>
                  <th className="pl-3">{t('stock:explain.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((e) => (
                  <tr key={e.id} className="border-t">
                    <td className="py-1">{formatTime(e.createdAt)}</td>
                    <td>{docTypeLabel(e.docType)} <span className="font-mono">{e.docNo}</span></td>
                    <td>{e.docLine ?? '—'}</td>
                    <td className={`text-right ${e.deltaOnHand < 0 ? 'text-red-700' : 'text-green-700'}`}>{e.deltaOnHand > 0 ? `+${e.deltaOnHand}` : e.deltaOnHand}</td>
                    <td className="text-right">{e.deltaLocked > 0 ? `+${e.deltaLocked}` : e.deltaLocked}</td>
                    <td className="text-right">{e.onHandAfter} / {e.lockedAfter}</td>
                    <td className="pl-3">{e.operatorName ?? '—'}</td>
                    <td className="pl-3" data-testid="explain-reason">{reasonLabel(e.reason, e.reasonParams)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
          <div className="mt-4 flex justify-end">
            <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose} autoFocus>{t('common:close')}</button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
