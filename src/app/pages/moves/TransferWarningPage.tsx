// Transfer warnings (in-house-work → transfer-warning, component 'in-house-work/transfer-warning'; README
// "Transfer warnings"): stock that should move — pick faces below the open demand of orders in force, stock
// whose status does not match its area's type, stock on a disabled location — each row with its fix: Enter
// on a row (or Alt+F, move.warning.fix) opens a move order prefilled with that move (from, SKU, status,
// batch, quantity, suggested destination), source "transfer warning".
import { useLocation } from 'wouter'
import { useTranslation } from 'react-i18next'
import { DataGrid, type GridColumn } from '../../grid'
import { dictLabelKey } from '../../../domain/dictionaries'
import { CommandButtons } from '../documents/CommandButtons'
import { warningFixPath } from '../../../../commands/moves'
import { fetchWarnings, type TransferWarningRecord } from './api'

const F = (f: string) => `moves:fields.${f}`
const KINDS = ['shortage', 'wrongArea', 'disabledLocation'].map((v) => ({ value: v, labelKey: `moves:warning.kind.${v}` }))

function Kind({ kind }: { kind: string }) {
  const { t } = useTranslation()
  return <span className="rounded bg-amber-100 px-2 text-xs font-semibold text-amber-900" data-testid="warning-kind">{t(`moves:warning.kind.${kind}`)}</span>
}
function Fix({ r }: { r: TransferWarningRecord }) {
  const { t } = useTranslation()
  return <span className="text-sm">{t('moves:warning.fix', { qty: r.qty, from: r.locationCode, to: r.toLocationCode ?? t('moves:warning.choose') })}</span>
}
function Status({ s }: { s: number }) {
  const { t } = useTranslation()
  return <>{t(dictLabelKey('stockStatus', s))}</>
}

const columns: GridColumn<TransferWarningRecord>[] = [
  { id: 'kind', titleKey: F('kind'), width: 150, filter: 'enum', enumDict: KINDS, hideable: false, render: (r) => <Kind kind={r.kind} /> },
  { id: 'skuCode', titleKey: F('skuCode'), width: 150, filter: 'text' },
  { id: 'locationCode', titleKey: F('locationCode'), width: 120, filter: 'text' },
  { id: 'areaCode', titleKey: F('areaCode'), width: 110 },
  { id: 'stockStatus', titleKey: F('stockStatus'), width: 100, render: (r) => <Status s={r.stockStatus} /> },
  { id: 'onHand', titleKey: F('onHand'), width: 80, align: 'right' },
  { id: 'reserved', titleKey: F('reserved'), width: 80, align: 'right' },
  { id: 'demand', titleKey: F('demand'), width: 100, align: 'right', render: (r) => (r.demand ?? '—') },
  { id: 'pickFaceFree', titleKey: F('pickFaceFree'), width: 120, align: 'right', render: (r) => (r.pickFaceFree ?? '—') },
  { id: 'fix', titleKey: F('fix'), width: 280, render: (r) => <Fix r={r} /> },
]

export default function TransferWarningPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  return (
    <div className="flex flex-col" data-testid="transfer-warnings">
      <h2 className="text-base font-semibold">{t('moves:warning.title')}</h2>
      <p className="text-sm text-slate-700">{t('moves:warning.intro')}</p>
      <DataGrid<TransferWarningRecord>
        gridId="transfer-warnings" titleKey="moves:warning.title" columns={columns} fetcher={fetchWarnings} rowId={(r) => r.id} pageSize={200}
        onOpen={(r) => navigate(warningFixPath(r))}
        toolbar={<CommandButtons ids={['move.warning.fix']} label="moves:warning.title" />}
      />
    </div>
  )
}
