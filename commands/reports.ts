// Reports (report-new): the sales outbound report's endpoints, permissions, query vocabulary and row
// shape, shared by the server (src/server/areas/reports/sales-outbound.ts) and the screen
// (src/app/pages/reports/SalesOutboundReportPage.tsx). Pure: no commands of its own — the grid's export
// command (commands/grid.ts) acts on its grid like on every list.

export const SALES_OUTBOUND_API = {
  list: '/api/reports/sales-outbound',
  export: '/api/reports/sales-outbound/export',
} as const

/** Menu 17003 (sales-outbound-report) and its export button (src/domain/menu/catalog.ts). */
export const SALES_OUTBOUND_PERMISSIONS = {
  view: 'menu:sales-outbound-report',
  export: 'sales-outbound-report:export',
} as const

/** How the rows are folded: day × platform × shop (default), per day, per platform, per platform × shop. */
export const SALES_OUTBOUND_GROUPS = ['dayShop', 'day', 'platform', 'shop'] as const
export type SalesOutboundGroup = (typeof SALES_OUTBOUND_GROUPS)[number]
export const SALES_OUTBOUND_SORTS = ['day', 'platform', 'shopName', 'orders', 'parcels', 'units'] as const
/** Without a shipped range the report covers the last this many days (today included, UTC). */
export const SALES_OUTBOUND_DEFAULT_DAYS = 31

export type SalesOutboundTotals = { orders: number; parcels: number; units: number }
export type SalesOutboundRow = SalesOutboundTotals & {
  /** day|platform|shopId of the group (empty parts where the grouping folds them). */
  id: string
  day: string | null; platform: string | null; shopId: number | null; shopCode: string | null; shopName: string | null
}
export interface SalesOutboundPage {
  records: SalesOutboundRow[]; total: number; page: number; size: number; totals: SalesOutboundTotals
  groupBy: SalesOutboundGroup; shippedAtFrom: string; shippedAtTo: string
}

export const salesOutboundRowId = (r: Pick<SalesOutboundRow, 'day' | 'platform' | 'shopId'>) => `${r.day ?? ''}|${r.platform ?? ''}|${r.shopId ?? ''}`
