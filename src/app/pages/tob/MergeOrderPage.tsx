// Merge ToB orders (stock-out → ToB → sales-outbound → merge-order): the ToB orders in force (the only
// ones a merge takes) in the ToB list's columns; select 2 to 30 (Space, Shift+arrows) and run "Merge"
// (outbound.order.merge, Ctrl+Shift+M): the button says why it is disabled (fewer than 2, more than 30,
// a status that cannot merge), the server refuses orders of another type, site, shipping method,
// platform or order type naming both orders (spec section 4 "merge ≤ 30 and ≥ 2 …"); the merged order
// opens on the ToB details.
import { useTranslation } from 'react-i18next'
import { DataGrid, type GridQuery } from '../../grid'
import { MERGE_MAX, MERGE_MIN } from '../../../domain/states/outbound-order'
import { OutboundOrderStatus } from '../../../domain/dictionaries'
import { CommandButtons } from '../documents/CommandButtons'
import { fetchTobOrders, type TobOrderRecord } from './api'
import { tobColumns } from './TobOrdersPage'

const fetchMergeable = (q: GridQuery, signal?: AbortSignal) => fetchTobOrders({ ...q, status: String(OutboundOrderStatus.Effective) }, signal)

export default function MergeOrderPage() {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col" data-testid="tob-merge">
      <h2 className="text-base font-semibold">{t('tob-ui:merge.title')}</h2>
      <p className="text-sm text-gray-700" data-testid="tob-merge-rule">{t('tob-ui:merge.rule', { min: MERGE_MIN, max: MERGE_MAX })}</p>
      <DataGrid<TobOrderRecord> gridId="tob-merge" titleKey="tob-ui:merge.title" columns={tobColumns(t).filter((c) => c.id !== 'status')} fetcher={fetchMergeable}
        defaultSort="createdAt:desc" toolbar={<CommandButtons ids={['outbound.order.merge']} label="tob-ui:merge.title" />} />
    </div>
  )
}
