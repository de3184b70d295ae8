// Defective outbound (in-house-work → defective-outbound): the defective stock (stock status Defective) by
// location and SKU — on hand, held by open orders, free. Select rows (Space) and create the defective
// outbound: one confirmation naming how many rows, then one other outbound order (reason "defective")
// reserving exactly those rows' free quantity, released to picking at once; it is picked at the picking
// station (other-pick) and shipped on other-ship.
import { useTranslation } from 'react-i18next'
import { DataGrid, type GridColumn } from '../../grid'
import { CommandButtons } from '../documents/CommandButtons'
import { fetchDefective, GRID, YES_NO, type DefectiveRecord } from './api'

const F = (f: string) => `other-inout:fields.${f}`
const columns: GridColumn<DefectiveRecord>[] = [
  { id: 'locationCode', titleKey: F('locationCode'), width: 130, sortable: true, filter: 'text', hideable: false },
  { id: 'skuCode', titleKey: F('skuCode'), width: 200, sortable: true, filter: 'text' },
  { id: 'styleNo', titleKey: F('styleNo'), width: 120, filter: 'text' },
  { id: 'colorName', titleKey: F('colorName'), width: 90 },
  { id: 'sizeName', titleKey: F('sizeName'), width: 70 },
  { id: 'areaCode', titleKey: F('areaCode'), width: 90, sortable: true, filter: 'text' },
  { id: 'batchNo', titleKey: F('batchNo'), width: 90, filter: 'text' },
  { id: 'onHand', titleKey: F('onHand'), width: 80, sortable: true, align: 'right' },
  { id: 'locked', titleKey: F('locked'), width: 110, sortable: true, align: 'right' },
  { id: 'freeQty', titleKey: F('freeQty'), width: 70, align: 'right' },
]
const filterColumns: GridColumn<DefectiveRecord>[] = [{ id: 'free', titleKey: F('free'), filter: 'enum', enumDict: YES_NO }]
const TOOLBAR = ['outbound.defective.create']

export default function DefectiveOutboundPage() {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col" data-testid="defective-outbound">
      <h2 className="text-base font-semibold">{t('other-inout:defective.title')}</h2>
      <p className="mb-1 text-xs text-gray-600">{t('other-inout:defective.hint')}</p>
      <DataGrid<DefectiveRecord>
        gridId={GRID.defective} titleKey="other-inout:defective.title" columns={columns} filterColumns={filterColumns} fetcher={fetchDefective}
        defaultSort="locationCode:asc" toolbar={<CommandButtons ids={TOOLBAR} label="other-inout:defective.title" />}
      />
    </div>
  )
}
