// Sales outbound report (report-new → sales-outbound-report): the ToC sales orders SHIPPED (outbound_order
// order_type 2, status Over 4 or DeficiencyOver 5 — shipped short —, shipped_at) of the caller's warehouse+tenant, counted per UTC day of
// shipped_at and per platform and shop — orders, parcels (distinct tracking numbers; an order without one
// counts as its own parcel) and units (actual_qty, what left the ledger) — with the totals of the whole
// filter. Filters: a shipped date range (both ends; at most MAX_DATE_SPAN_DAYS like the order list;
// default the last 31 days), platform, shop (code or name), shipping method and carrier (code or name).
// `groupBy` folds the rows: dayShop (day × platform × shop, default), day, platform, shop (platform ×
// shop over the range). Server-side paging and sort over the grouped rows; the xlsx export is the same
// filter (or up to 50 selected rows) with the totals as its last row.
import { z } from 'zod'
import ExcelJS from 'exceljs'
import { xlsxRow } from '../../http/xlsx-cell'
import { sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { defineRoute, raw, type RouteDef } from '../../http/route'
import { badRequest, fieldError } from '../../http/errors'
import { containsPattern, contentDisposition, exportStamp, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_SELECTED_EXPORT } from '../../http/list'
import { rowsOf } from '../../db/rows'
import { translate } from '../../i18n'
import type { Language } from '../../../domain/i18n'
import { OrderType, OutboundOrderStatus } from '../../../domain/dictionaries'
import { dateOnlySchema } from '../../../domain/validation'
import { ORDER_PLATFORMS } from '../../../../commands/outbound-orders'
import { MAX_DATE_SPAN_DAYS } from '../outbound/orders'
import {
  SALES_OUTBOUND_API, SALES_OUTBOUND_DEFAULT_DAYS, SALES_OUTBOUND_GROUPS, SALES_OUTBOUND_PERMISSIONS, SALES_OUTBOUND_SORTS,
  salesOutboundRowId, type SalesOutboundGroup, type SalesOutboundRow, type SalesOutboundTotals,
} from '../../../../commands/reports'

const DAY_MS = 86_400_000
const toArray = (v: unknown) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v])
/** A real calendar day of years 0001–9999 (the shared date-only rule). */
const day = dateOnlySchema
const text = z.string().trim().max(200).optional()

function querySchema(forExport: boolean) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    sort: z.string().optional().refine((s) => s === undefined || s === '' || parseSort(s) !== undefined, 'grid:list.badSort'),
    // The grid sends an enum filter as a list of one.
    groupBy: z.preprocess((v) => (Array.isArray(v) && v.length === 1 ? v[0] : v), z.enum(SALES_OUTBOUND_GROUPS).default('dayShop')),
    shippedAtFrom: day.optional(),
    shippedAtTo: day.optional(),
    platform: z.preprocess(toArray, z.array(z.enum(ORDER_PLATFORMS)).max(50).optional()),
    shop: text,
    shippingMethod: text,
    carrier: text,
    ...(forExport ? { ids: z.preprocess(toArray, z.array(z.string().min(1).max(120)).min(1, 'common:validation.selectAtLeastOne').max(MAX_SELECTED_EXPORT, 'grid:export.tooMany').optional()) } : {}),
  }).superRefine((q, ctx) => {
    const a = !!q.shippedAtFrom; const b = !!q.shippedAtTo
    if (a !== b) ctx.addIssue({ code: 'custom', path: [a ? 'shippedAtTo' : 'shippedAtFrom'], message: 'grid:list.rangeNeedsBoth' })
  })
}
type Query = z.infer<ReturnType<typeof querySchema>> & { ids?: string[] }

/** The report's own labels for its fields in a 400 (the rest: the shared `fields:` labels). */
const FIELD_LABELS: Record<string, string> = {
  shippedAt: 'reports:salesOutbound.col.shippedAt', shippedAtFrom: 'reports:salesOutbound.col.shippedAt', shippedAtTo: 'reports:salesOutbound.col.shippedAt',
  platform: 'reports:salesOutbound.col.platform', shop: 'reports:salesOutbound.col.shop', shippingMethod: 'reports:salesOutbound.col.shippingMethod',
  carrier: 'reports:salesOutbound.col.carrier', groupBy: 'reports:salesOutbound.groupBy.label',
}
const labelOf = (field: string) => FIELD_LABELS[field]

function parseSort(s: string): { field: (typeof SALES_OUTBOUND_SORTS)[number]; dir: 'asc' | 'desc' } | undefined {
  const m = /^(\w+)(?::(asc|desc))?$/.exec(s.trim())
  if (!m || !(SALES_OUTBOUND_SORTS as readonly string[]).includes(m[1]!)) return undefined
  return { field: m[1] as (typeof SALES_OUTBOUND_SORTS)[number], dir: (m[2] as 'asc' | 'desc') ?? 'asc' }
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/** The shipped range [from, to] (whole UTC days): the query's, or the last SALES_OUTBOUND_DEFAULT_DAYS days. */
export function shippedRange(q: Pick<Query, 'shippedAtFrom' | 'shippedAtTo'>, now = new Date()): { from: string; to: string } {
  if (q.shippedAtFrom && q.shippedAtTo) {
    const from = Date.parse(`${q.shippedAtFrom}T00:00:00Z`); const to = Date.parse(`${q.shippedAtTo}T00:00:00Z`)
    if (to < from) throw fieldError('shippedAtTo', 'reports:salesOutbound.errors.rangeOrder', { fieldKey: FIELD_LABELS.shippedAtTo })
    // Both ends inclusive: 92 days is from + 91.
    if ((to - from) / DAY_MS + 1 > MAX_DATE_SPAN_DAYS) throw fieldError('shippedAt', 'outbound:order.errors.dateSpan', { days: MAX_DATE_SPAN_DAYS, fieldKey: FIELD_LABELS.shippedAt })
    return { from: q.shippedAtFrom, to: q.shippedAtTo }
  }
  const to = isoDay(now)
  return { from: isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (SALES_OUTBOUND_DEFAULT_DAYS - 1) * DAY_MS)), to }
}

/** The filtered shipped ToC orders of the caller's pair (alias o, shop s, carrier c). */
function whereOf(q: Query, auth: AuthContext, range: { from: string; to: string }): SQL {
  const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS)
  const conds: SQL[] = [
    sql`o.tenant_id = ${auth.tenantId}`, sql`o.warehouse_id = ${auth.warehouseId}`,
    sql`o.order_type = ${OrderType.TOC}`, sql`o.status IN (${OutboundOrderStatus.Over}, ${OutboundOrderStatus.DeficiencyOver})`,
    sql`o.shipped_at >= ${`${range.from}T00:00:00Z`}::timestamptz`,
  ]
  // The day after 9999-12-31 is beyond what the column's text form carries: no upper bound then (as list.ts).
  if (end.getUTCFullYear() <= 9999) conds.push(sql`o.shipped_at < ${end.toISOString()}::timestamptz`)
  if (q.platform?.length) conds.push(sql`o.platform IN (${sql.join(q.platform.map((p) => sql`${p}`), sql`, `)})`)
  if (q.shop) conds.push(sql`o.shop_id IN (SELECT x.id FROM shop x WHERE x.code ILIKE ${containsPattern(q.shop)} OR x.name ILIKE ${containsPattern(q.shop)})`)
  if (q.shippingMethod) conds.push(sql`o.shipping_method ILIKE ${containsPattern(q.shippingMethod)}`)
  if (q.carrier) conds.push(sql`o.carrier_id IN (SELECT x.id FROM carrier x WHERE x.code ILIKE ${containsPattern(q.carrier)} OR x.name ILIKE ${containsPattern(q.carrier)})`)
  return sql.join(conds, sql` AND `)
}

const DAY_SQL = sql`to_char((o.shipped_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD')`
const PARCELS = sql`count(DISTINCT coalesce(upper(o.tracking_no), 'ORDER:' || o.order_no))::int`
const DIMS: Record<SalesOutboundGroup, { day: boolean; platform: boolean; shop: boolean }> = {
  dayShop: { day: true, platform: true, shop: true }, day: { day: true, platform: false, shop: false },
  platform: { day: false, platform: true, shop: false }, shop: { day: false, platform: true, shop: true },
}

/** The grouped rows of the filter (all of them, or one page), their count and the filter's totals. */
async function grouped(db: Queryable, q: Query, auth: AuthContext, paging: { limit: number; offset: number } | null) {
  const range = shippedRange(q)
  const where = whereOf(q, auth, range)
  const d = DIMS[q.groupBy]
  const keys: SQL[] = []
  if (d.day) keys.push(DAY_SQL)
  if (d.platform) keys.push(sql`o.platform`)
  if (d.shop) keys.push(sql`o.shop_id`)
  const groupBy = sql.join(keys, sql`, `)
  const s = (q.sort && parseSort(q.sort)) || { field: d.day ? 'day' : 'units', dir: 'desc' as const }
  const dir = sql.raw(s.dir)
  const sortExpr: Record<(typeof SALES_OUTBOUND_SORTS)[number], SQL> = {
    day: d.day ? sql`day` : sql`NULL`, platform: d.platform ? sql`platform` : sql`NULL`, shopName: d.shop ? sql`shop_name` : sql`NULL`,
    orders: sql`orders`, parcels: sql`parcels`, units: sql`units`,
  }
  // The rest of the group key makes the order total (stable pages).
  const order = sql.join([sql`${sortExpr[s.field]} ${dir} NULLS LAST`, ...(d.day ? [sql`day DESC`] : []), ...(d.platform ? [sql`platform`] : []), ...(d.shop ? [sql`shop_id NULLS FIRST`] : [])], sql`, `)
  const rows = rowsOf(await db.execute(sql`
    SELECT ${d.day ? DAY_SQL : sql`NULL::text`} AS day, ${d.platform ? sql`o.platform` : sql`NULL::text`} AS platform,
      ${d.shop ? sql`o.shop_id` : sql`NULL::int`} AS shop_id,
      ${d.shop ? sql`(SELECT x.code FROM shop x WHERE x.id = o.shop_id)` : sql`NULL::text`} AS shop_code,
      ${d.shop ? sql`(SELECT x.name FROM shop x WHERE x.id = o.shop_id)` : sql`NULL::text`} AS shop_name,
      count(*)::int AS orders, ${PARCELS} AS parcels, coalesce(sum(o.actual_qty), 0)::int AS units
    FROM outbound_order o WHERE ${where} GROUP BY ${groupBy} ORDER BY ${order}
    ${paging ? sql`LIMIT ${paging.limit} OFFSET ${paging.offset}` : sql``}`))
  const records: SalesOutboundRow[] = rows.map((r) => {
    const row = {
      day: r.day == null ? null : String(r.day), platform: r.platform == null ? null : String(r.platform),
      shopId: r.shop_id == null ? null : Number(r.shop_id), shopCode: r.shop_code == null ? null : String(r.shop_code), shopName: r.shop_name == null ? null : String(r.shop_name),
      orders: Number(r.orders), parcels: Number(r.parcels), units: Number(r.units),
    }
    return { id: salesOutboundRowId(row), ...row }
  })
  const [t] = rowsOf(await db.execute(sql`
    SELECT count(*)::int AS orders, ${PARCELS} AS parcels, coalesce(sum(o.actual_qty), 0)::int AS units,
      (SELECT count(*)::int FROM (SELECT 1 FROM outbound_order o WHERE ${where} GROUP BY ${groupBy}) g) AS groups
    FROM outbound_order o WHERE ${where}`))
  const totals: SalesOutboundTotals = { orders: Number(t?.orders ?? 0), parcels: Number(t?.parcels ?? 0), units: Number(t?.units ?? 0) }
  return { records, total: Number(t?.groups ?? 0), totals, range }
}

export async function salesOutboundReport(db: Queryable, auth: AuthContext, q: Query) {
  const { records, total, totals, range } = await grouped(db, q, auth, { limit: q.size, offset: (q.page - 1) * q.size })
  return { records, total, page: q.page, size: q.size, totals, groupBy: q.groupBy, shippedAtFrom: range.from, shippedAtTo: range.to }
}

async function exportXlsx(db: Queryable, auth: AuthContext, q: Query, lang: Language) {
  const all = await grouped(db, q, auth, null)
  const rows = q.ids?.length ? all.records.filter((r) => q.ids!.includes(r.id)) : all.records
  if (!rows.length) throw badRequest('grid:export.noData')
  const totals = q.ids?.length
    ? rows.reduce((a, r) => ({ orders: a.orders + r.orders, parcels: a.parcels + r.parcels, units: a.units + r.units }), { orders: 0, parcels: 0, units: 0 })
    : all.totals
  const tr = (k: string) => translate(lang, `reports:salesOutbound.${k}`)
  const wb = new ExcelJS.Workbook()
  const sheet = wb.addWorksheet(tr('title').replace(/[*?:\\/[\]]/g, ' ').slice(0, 31))
  sheet.columns = [
    { header: tr('col.day'), key: 'day', width: 12 }, { header: tr('col.platform'), key: 'platform', width: 14 },
    { header: tr('col.shopCode'), key: 'shopCode', width: 14 }, { header: tr('col.shopName'), key: 'shopName', width: 24 },
    { header: tr('col.orders'), key: 'orders', width: 10 }, { header: tr('col.parcels'), key: 'parcels', width: 10 }, { header: tr('col.units'), key: 'units', width: 10 },
  ]
  sheet.getRow(1).font = { bold: true }
  for (const r of rows) sheet.addRow(xlsxRow({ ...r, platform: r.platform ?? '', day: r.day ?? '', shopCode: r.shopCode ?? '', shopName: r.shopName ?? '' }))
  const last = sheet.addRow(xlsxRow({ day: tr('totals'), ...totals }))
  last.font = { bold: true }
  return { buffer: Buffer.from(await wb.xlsx.writeBuffer()), count: rows.length }
}

export function salesOutboundRoutes(db: Queryable): RouteDef[] {
  return [
    defineRoute({
      method: 'GET', url: SALES_OUTBOUND_API.list, tags: ['reports'], envelope: 'main', auth: 'scoped', permission: SALES_OUTBOUND_PERMISSIONS.view,
      summary: `Sales outbound report: shipped ToC orders, parcels and units per UTC day × platform × shop (groupBy), with totals; shipped range ≤ ${MAX_DATE_SPAN_DAYS} days (default the last ${SALES_OUTBOUND_DEFAULT_DAYS}), platform, shop, shipping method, carrier`,
      query: querySchema(false), fieldLabel: labelOf,
      handler: ({ query, auth }) => salesOutboundReport(db, auth, query as Query),
    }),
    defineRoute({
      method: 'GET', url: SALES_OUTBOUND_API.export, tags: ['reports'], envelope: 'main', auth: 'scoped', permission: SALES_OUTBOUND_PERMISSIONS.export,
      summary: 'Sales outbound report as xlsx (current filter, or up to 50 selected rows), the totals as the last row',
      query: querySchema(true), fieldLabel: labelOf,
      handler: async ({ query, auth, raw: req }, reply) => {
        const { buffer, count } = await exportXlsx(db, auth, query as Query, req.lang)
        reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', contentDisposition(`sales-outbound-${exportStamp()}.xlsx`))
          .header('x-total-count', String(count))
        return raw(buffer)
      },
    }),
  ]
}
