// Sales outbound report (report-new → sales-outbound-report): the shipped ToC sales orders of the current
// warehouse+tenant per UTC day × platform × shop — orders, parcels, units — with the totals of the whole
// filter above the grid (src/server/areas/reports/sales-outbound.ts). The DataGrid does the rest like
// every list: server paging and sort, the filter bar (grouping, shipped range ≤ 92 days — refused here
// first with the server's message —, platform, shop, shipping method, carrier; Tab between the inputs,
// Enter applies, Esc back to the rows, '/' from the rows), the keyboard grid and the xlsx export of the
// filter or of the selected rows. On arrival the shell puts the cursor on the rows (or the first filter).
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/clients'
import { DataGrid, type EnumOption, type GridColumn, type GridQuery } from '../../grid'
import { PLATFORM_OPTIONS, platformLabelKey } from '../outbound/orders/api'
import {
  SALES_OUTBOUND_API, SALES_OUTBOUND_GROUPS, SALES_OUTBOUND_PERMISSIONS, type SalesOutboundPage, type SalesOutboundRow,
} from '../../../../commands/reports'

/** The server's longest shipped range (days; MAX_DATE_SPAN_DAYS of the order list). */
export const SHIPPED_MAX_DAYS = 92
export const SALES_OUTBOUND_GRID_ID = 'sales-outbound-report'
const C = (f: string) => `reports:salesOutbound.col.${f}`

const GROUP_OPTIONS: EnumOption[] = SALES_OUTBOUND_GROUPS.map((g) => ({ value: g, labelKey: `reports:salesOutbound.groupBy.${g}` }))

const columns: GridColumn<SalesOutboundRow>[] = [
  { id: 'day', titleKey: C('day'), width: 120, sortable: true, hideable: false },
  { id: 'platform', titleKey: C('platform'), width: 130, sortable: true, render: (r) => <PlatformCell platform={r.platform} /> },
  { id: 'shopCode', titleKey: C('shopCode'), width: 130 },
  { id: 'shopName', titleKey: C('shopName'), width: 200, sortable: true },
  { id: 'orders', titleKey: C('orders'), width: 100, sortable: true, align: 'right' },
  { id: 'parcels', titleKey: C('parcels'), width: 100, sortable: true, align: 'right' },
  { id: 'units', titleKey: C('units'), width: 100, sortable: true, align: 'right' },
]
// Filters that are not columns: the grouping first, then the shipped range and the order's facts.
const filterColumns: GridColumn<SalesOutboundRow>[] = [
  { id: 'groupBy', titleKey: 'reports:salesOutbound.groupBy.label', filter: 'enum', enumDict: GROUP_OPTIONS },
  { id: 'shippedAt', titleKey: C('shippedAt'), filter: 'dateRange', maxSpan: { days: SHIPPED_MAX_DAYS, messageKey: 'outbound:order.errors.dateSpan' } },
  // Same id as the platform column (which has no filter of its own): the parameter is `platform`.
  { id: 'platform', titleKey: C('platform'), filter: 'enum', enumDict: PLATFORM_OPTIONS },
  { id: 'shop', titleKey: C('shop'), filter: 'text' },
  { id: 'shippingMethod', titleKey: C('shippingMethod'), filter: 'text' },
  { id: 'carrier', titleKey: C('carrier'), filter: 'text' },
]

function PlatformCell({ platform }: { platform: string | null }) {
  const { t } = useTranslation()
  return <>{platform ? t(platformLabelKey(platform)) : ''}</>
}

export default function SalesOutboundReportPage() {
  const { t } = useTranslation()
  const [summary, setSummary] = useState<Pick<SalesOutboundPage, 'totals' | 'shippedAtFrom' | 'shippedAtTo'> | null>(null)
  const fetcher = useCallback(async (q: GridQuery, signal?: AbortSignal) => {
    const page = await api.get<SalesOutboundPage>(SALES_OUTBOUND_API.list, q, { signal })
    setSummary({ totals: page.totals, shippedAtFrom: page.shippedAtFrom, shippedAtTo: page.shippedAtTo })
    return page
  }, [])
  // Arrival focus is the shell's (router/arrival.ts): the report's rows, or its first filter when empty.
  return (
    <div className="flex flex-col" data-testid="sales-outbound-report">
      <h2 className="text-base font-semibold">{t('reports:salesOutbound.title')}</h2>
      {summary && (
        <div className="flex flex-wrap items-baseline gap-4 text-sm" data-testid="sales-outbound-summary">
          <span className="text-gray-600">{t('reports:salesOutbound.intro', { from: summary.shippedAtFrom, to: summary.shippedAtTo })}</span>
          <strong data-testid="sales-outbound-totals">{t('reports:salesOutbound.totalsLine', { ...summary.totals })}</strong>
        </div>
      )}
      <DataGrid<SalesOutboundRow>
        gridId={SALES_OUTBOUND_GRID_ID} titleKey="reports:salesOutbound.title" columns={columns} filterColumns={filterColumns} fetcher={fetcher}
        defaultSort="day:desc" exportUrl={SALES_OUTBOUND_API.export} exportPermission={SALES_OUTBOUND_PERMISSIONS.export}
      />
    </div>
  )
}
