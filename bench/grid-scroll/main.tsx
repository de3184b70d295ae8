// The real DataGrid over N rows loaded at once (one page of N; ?rows=100000 by default) from a
// client-side fetcher — no server. bench/grid-scroll.ts drives it; window.__grid tells it when the
// rows are in and where the scroll container is.
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import '../../src/app/styles.css'
import { initI18n } from '../../src/app/i18n'
import { DataGrid, type GridColumn, type GridQuery } from '../../src/app/grid'
import { columnConfigKey } from '../../src/app/grid/columnConfig'

type Row = Record<string, unknown> & { id: number }
const GRID_ID = 'bench-grid'
const ROWS = Number(new URLSearchParams(location.search).get('rows') ?? 100_000)
const TYPES = ['fullBox', 'scattered', 'sample']

// Location-like rows: ten columns of mixed text, numbers, enum values and timestamps.
const data: Row[] = Array.from({ length: ROWS }, (_, i) => ({
  id: i + 1,
  code: `BK${String(Math.floor(i / 10000)).padStart(2, '0')}-${String(Math.floor((i % 10000) / 1000)).padStart(2, '0')}-${String(i % 1000).padStart(4, '0')}`,
  type: TYPES[i % 3],
  storageAreaIdLabel: `BENCH-A${String(Math.floor(i / 1000) % 100).padStart(2, '0')}`,
  shelfIdLabel: i % 4 ? `S-${i % 250}` : null,
  floor: 1 + (i % 5),
  status: i % 10 ? 1 : 0,
  temporary: i % 17 === 0,
  vendorIdLabel: i % 7 ? null : `Vendor ${i % 31}`,
  boxCeiling: i % 7 ? null : 100 + (i % 900),
  createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
}))

const f = (name: string) => `res-warehouse:location.fields.${name}`
const dict = (code: string, values: string[]) => values.map((value) => ({ value, labelKey: `dict:${code}.${value}` }))
const columns: GridColumn<Row>[] = [
  { id: 'code', titleKey: f('code'), width: 130, sortable: true, filter: 'text' },
  { id: 'type', titleKey: f('type'), width: 110, sortable: true, enumDict: dict('locationType', TYPES) },
  { id: 'storageAreaIdLabel', titleKey: f('storageAreaId'), width: 140 },
  { id: 'shelfIdLabel', titleKey: f('shelfId'), width: 110 },
  { id: 'floor', titleKey: f('floor'), width: 70, align: 'right', sortable: true },
  { id: 'status', titleKey: f('status'), width: 90, enumDict: dict('enabledFlag', ['0', '1']) },
  { id: 'temporary', titleKey: f('temporary'), width: 120 },
  { id: 'vendorIdLabel', titleKey: f('vendorId'), width: 130 },
  { id: 'boxCeiling', titleKey: f('boxCeiling'), width: 100, align: 'right' },
  { id: 'createdAt', titleKey: 'audit:col.createdAt', width: 170, sortable: true },
]

/** Slices of the loaded array, as a server page would be. */
const fetcher = async (q: GridQuery) => {
  const start = (q.page - 1) * q.size
  return { records: data.slice(start, start + q.size), total: ROWS }
}

declare global { interface Window { __grid?: { rows: number; ready: () => boolean; scroller: () => HTMLElement | null } } }

initI18n('en')
const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
client.setQueryData(columnConfigKey(GRID_ID), null) // default columns; no column-config call to a server
window.__grid = {
  rows: ROWS,
  scroller: () => document.querySelector<HTMLElement>(`[data-testid="${GRID_ID}-grid"]`),
  ready: () => !!document.querySelector(`[data-testid="${GRID_ID}-grid"] [role="row"][data-row-id]`),
}
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={client}>
    <DataGrid gridId={GRID_ID} titleKey="res-warehouse:location.title" columns={columns} fetcher={fetcher} pageSize={ROWS} defaultSort="code:asc" />
  </QueryClientProvider>,
)
