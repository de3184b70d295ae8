// Server side of the product group beyond the generic resource mechanism: the extra actions' handlers
// (style `matrix` and `leadtime`, UPC request `submit` / `approve` / `reject`) and the hooks for rules
// that read other tables (a SKU's color/size must be its style's; an MSKU's site/shop must belong to its
// platform/site; a UPC request must match the stored SKU/MSKU). Each handler runs in its command's one
// transaction and is all-or-nothing: one refused row refuses the whole command.
import { sql } from 'drizzle-orm'
import {
  LT_DAYS_MAX, MATRIX_COLOR_NOT_OF_STYLE_KEY, MATRIX_SIZE_NOT_OF_STYLE_KEY, STYLE_READ_ONLY_KEY, UPC_BAD_STATUS_KEY, UPC_TRANSITIONS,
  canTransition, ltImportIssues, planMatrix, upcRequestIssues, type GenerateMatrixArgs, type GenerateMatrixResult, type LtImportArgs,
  type LtStyleFacts, type RuleIssue, type UpcRejectArgs, type UpcReviewAction, type UpcReviewArgs, type UpcReviewResult,
} from '../../../../domain/resources/product/rules'
import { defineHandler } from '../../../commands/registry'
import type { AppTx, Queryable } from '../../../db/client'
import type { AuthContext } from '../../../http/context'
import { AppError, fieldError } from '../../../http/errors'
import { defineResourceHooks } from '../../hooks'
import { check, refuseStatus } from '../../../../domain/states/machine'
import { upcRequestMachine } from '../../../../domain/states/upc-request'

type Row = Record<string, unknown>
const rowsOf = (r: unknown): Row[] => (Array.isArray(r) ? r : (r as { rows: Row[] }).rows) as Row[]
/** An int[] parameter as one array literal (drizzle would spread a JS array into a list). */
const intArray = (ids: readonly number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`
const nums = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : [])

const refusal = (issues: RuleIssue[], status = 400) =>
  new AppError(status, issues[0]?.messageKey ?? 'errors:validation.form', issues[0]?.params, issues.map((i) => ({ field: i.path, messageKey: i.messageKey, params: i.params })))

/** Locks the rows `ids` of a tenant table; 404 naming `ids` when one is not in the caller's tenant. */
async function lockRows(tx: AppTx, auth: AuthContext, table: string, columns: string, ids: readonly number[]): Promise<Row[]> {
  const uniq = [...new Set(ids)]
  const rows = rowsOf(await tx.execute(sql`
    SELECT ${sql.raw(columns)} FROM ${sql.identifier(table)}
    WHERE id = ANY(${intArray(uniq)}::int[]) AND tenant_id = ${auth.tenantId} ORDER BY id FOR UPDATE`))
  if (rows.length !== uniq.length) {
    const found = new Set(rows.map((r) => Number(r.id)))
    throw new AppError(404, 'errors:notFound', undefined, uniq.filter((id) => !found.has(id)).map((id) => ({ field: 'ids', messageKey: 'errors:notFound', params: { id } })))
  }
  return rows
}

// ---------------------------------------------------------------------------------------------
// Style → SKU matrix.
defineHandler<GenerateMatrixArgs>('resource.style.matrix', async ({ tx, args, auth, setSummary }): Promise<GenerateMatrixResult> => {
  const styles = await lockRows(tx, auth, 'product_style', 'id, style_no, color_ids, size_ids, source', args.ids)
  const pds = styles.filter((s) => s.source === 'pds')
  if (pds.length) throw refusal(pds.map((s) => ({ path: 'ids', messageKey: STYLE_READ_ONLY_KEY, params: { id: Number(s.id), styleNo: s.style_no } })))
  const colorIds = [...new Set(styles.flatMap((s) => nums(s.color_ids)))]
  const sizeIds = [...new Set(styles.flatMap((s) => nums(s.size_ids)))]
  const colors = new Map(rowsOf(await tx.execute(sql`SELECT id, code FROM product_color WHERE tenant_id = ${auth.tenantId} AND id = ANY(${intArray(colorIds)}::int[])`)).map((r) => [Number(r.id), String(r.code)]))
  const sizes = new Map(rowsOf(await tx.execute(sql`SELECT id, code FROM product_size WHERE tenant_id = ${auth.tenantId} AND id = ANY(${intArray(sizeIds)}::int[])`)).map((r) => [Number(r.id), String(r.code)]))
  const existing = rowsOf(await tx.execute(sql`SELECT style_id, color_id, size_id FROM product_sku WHERE tenant_id = ${auth.tenantId} AND style_id = ANY(${intArray(args.ids)}::int[])`))

  const cells: { style_id: number; color_id: number; size_id: number; sku_code: string }[] = []
  const perStyle: GenerateMatrixResult['styles'] = []
  const issues: RuleIssue[] = []
  for (const s of styles) {
    const id = Number(s.id)
    const plan = planMatrix({ styleNo: String(s.style_no), colorIds: nums(s.color_ids), sizeIds: nums(s.size_ids) }, colors, sizes,
      existing.filter((e) => Number(e.style_id) === id).map((e) => ({ colorId: Number(e.color_id), sizeId: Number(e.size_id) })))
    // Issues name the style: a bulk refusal must say which selected row is the problem.
    issues.push(...plan.issues.map((i) => ({ path: 'ids', messageKey: i.messageKey, params: { ...i.params, styleNo: s.style_no } })))
    cells.push(...plan.cells.map((c) => ({ style_id: id, color_id: c.colorId, size_id: c.sizeId, sku_code: c.skuCode })))
    perStyle.push({ styleId: id, styleNo: String(s.style_no), created: plan.cells.length, existing: plan.existing })
  }
  if (issues.length) throw refusal(issues)
  if (cells.length) {
    // A SKU code already used by another article would make the insert fail half-way: name it instead.
    const taken = rowsOf(await tx.execute(sql`SELECT sku_code FROM product_sku WHERE tenant_id = ${auth.tenantId}
      AND sku_code IN (SELECT x.sku_code FROM jsonb_to_recordset(${JSON.stringify(cells)}::jsonb) AS x(sku_code text))`))
    if (taken.length) throw new AppError(409, 'resources:errors.duplicate', { value: taken[0].sku_code }, taken.map((t) => ({ field: 'skuCode', messageKey: 'resources:errors.duplicate', params: { value: t.sku_code } })))
    await tx.execute(sql`
      INSERT INTO product_sku (tenant_id, sku_code, style_id, color_id, size_id, status, created_by, updated_by)
      SELECT ${auth.tenantId}, x.sku_code, x.style_id, x.color_id, x.size_id, 1, ${auth.userId}, ${auth.userId}
      FROM jsonb_to_recordset(${JSON.stringify(cells)}::jsonb) AS x(style_id int, color_id int, size_id int, sku_code text)`)
  }
  const result = { created: cells.length, existing: perStyle.reduce((n, s) => n + s.existing, 0), styles: perStyle }
  setSummary(`SKU matrix of ${perStyle.map((s) => s.styleNo).join(', ')}: ${result.created} created, ${result.existing} existing`)
  return result
})

// ---------------------------------------------------------------------------------------------
// L/T-days import: the dry run (POST /api/product/style/leadtime/dry-run) returns the sheet's rows;
// this command re-validates them against the stored styles under lock and writes all or nothing.
export async function ltStyleFacts(q: Queryable, auth: AuthContext, styleNos: readonly string[], lock: boolean): Promise<Map<string, LtStyleFacts>> {
  const rows = rowsOf(await q.execute(sql`
    SELECT id, style_no, entry_status, source FROM product_style
    WHERE tenant_id = ${auth.tenantId} AND style_no IN (SELECT jsonb_array_elements_text(${JSON.stringify([...new Set(styleNos)])}::jsonb))
    ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}`))
  return new Map(rows.map((r) => [String(r.style_no), { id: Number(r.id), entryStatus: String(r.entry_status), source: String(r.source) }]))
}

defineHandler<LtImportArgs>('resource.style.leadtime', async ({ tx, args, auth, setSummary }) => {
  const facts = await ltStyleFacts(tx, auth, args.rows.map((r) => r.styleNo.trim()), true)
  const issues = ltImportIssues(args.rows, facts)
  if (issues.length) {
    throw new AppError(400, issues[0].messageKey, { ...issues[0].params, row: issues[0].row },
      issues.map((i) => ({ field: i.field, messageKey: i.messageKey, params: { ...i.params, row: i.row } })))
  }
  const values = args.rows.map((r) => ({ style_no: r.styleNo.trim(), lt_days: Math.min(LT_DAYS_MAX, r.ltDays) }))
  const updated = rowsOf(await tx.execute(sql`
    UPDATE product_style s SET lt_days = x.lt_days, updated_at = now(), updated_by = ${auth.userId}
    FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS x(style_no text, lt_days int)
    WHERE s.tenant_id = ${auth.tenantId} AND s.style_no = x.style_no
    RETURNING s.id`))
  setSummary(`L/T days imported for ${updated.length} styles`)
  return { updated: updated.length }
})

// ---------------------------------------------------------------------------------------------
// UPC requests.
interface UpcRow { id: number; request_type: 'newUpc' | 'inherit'; sku_id: number; style_id: number; color_id: number; size_id: number; msku_id: number; source_msku_id: number | null; upc: string; status: number }

/** Every mismatch of one request against the stored SKU / MSKUs of the caller's tenant (field-named). */
async function upcIssuesOf(tx: AppTx, auth: AuthContext, r: Omit<UpcRow, 'id' | 'status'>): Promise<RuleIssue[]> {
  const t = auth.tenantId
  const [sku] = rowsOf(await tx.execute(sql`SELECT id, style_id, color_id, size_id FROM product_sku WHERE id = ${r.sku_id} AND tenant_id = ${t}`))
  const [msku] = rowsOf(await tx.execute(sql`SELECT id, sku_id, upc FROM product_msku WHERE id = ${r.msku_id} AND tenant_id = ${t}`))
  if (!sku) return [{ path: 'skuId', messageKey: 'errors:notFound' }]
  if (!msku) return [{ path: 'mskuId', messageKey: 'errors:notFound' }]
  let source: Parameters<typeof upcRequestIssues>[0]['source']
  if (r.source_msku_id !== null && r.source_msku_id !== undefined) {
    const [s] = rowsOf(await tx.execute(sql`SELECT m.id, m.sku_id, m.upc, k.style_id, k.color_id, k.size_id
      FROM product_msku m JOIN product_sku k ON k.id = m.sku_id WHERE m.id = ${r.source_msku_id} AND m.tenant_id = ${t}`))
    if (s) source = { id: Number(s.id), skuId: Number(s.sku_id), upc: s.upc === null ? null : String(s.upc), sku: { styleId: Number(s.style_id), colorId: Number(s.color_id), sizeId: Number(s.size_id) } }
  }
  // A new UPC may already be on listings of the same SKU (one article, one UPC) but not on another article's.
  const [held] = r.request_type === 'newUpc'
    ? rowsOf(await tx.execute(sql`SELECT id, plat_sku FROM product_msku WHERE tenant_id = ${t} AND upc = ${r.upc} AND sku_id <> ${r.sku_id} LIMIT 1`))
    : []
  return upcRequestIssues({
    requestType: r.request_type, styleId: Number(r.style_id), colorId: Number(r.color_id), sizeId: Number(r.size_id), upc: r.upc,
    sku: { id: Number(sku.id), styleId: Number(sku.style_id), colorId: Number(sku.color_id), sizeId: Number(sku.size_id) },
    msku: { id: Number(msku.id), skuId: Number(msku.sku_id), upc: msku.upc === null ? null : String(msku.upc) },
    source,
    upcHeldBy: held ? { id: Number(held.id), platSku: String(held.plat_sku) } : undefined,
  })
}

const UPC_COLUMNS = 'id, request_type, sku_id, style_id, color_id, size_id, msku_id, source_msku_id, upc, status'

async function review(tx: AppTx, auth: AuthContext, action: UpcReviewAction, ids: number[], remark?: string): Promise<UpcReviewResult> {
  const rows = (await lockRows(tx, auth, 'product_upc_request', UPC_COLUMNS, ids)) as unknown as UpcRow[]
  const issues: RuleIssue[] = []
  for (const r of rows) {
    // The request's machine (src/domain/states/upc-request.ts), as the browser's buttons ask it.
    const v = check(upcRequestMachine, `resource.upcRequest.${action}`, { id: Number(r.id), status: Number(r.status) }, auth)
    if (v !== true) {
      issues.push({ path: 'ids', messageKey: v.key, params: v.params })
      continue
    }
    // Submit and approve re-check the request against what is stored now (it may have changed since).
    if (action !== 'reject') for (const i of await upcIssuesOf(tx, auth, r)) issues.push({ path: i.path, messageKey: i.messageKey, params: { ...i.params, id: Number(r.id) } })
  }
  if (issues.length) throw refusal(issues)
  const to = UPC_TRANSITIONS[action].to
  const idList = intArray(rows.map((r) => Number(r.id)))
  await tx.execute(sql`
    UPDATE product_upc_request SET status = ${to}, updated_at = now(), updated_by = ${auth.userId},
      submitted_at = CASE WHEN ${action} = 'submit' THEN now() ELSE submitted_at END,
      reviewed_at = CASE WHEN ${action} = 'submit' THEN NULL ELSE now() END,
      reviewed_by = CASE WHEN ${action} = 'submit' THEN NULL ELSE ${auth.userId}::int END,
      review_remark = CASE WHEN ${action} = 'submit' THEN NULL WHEN ${action} = 'reject' THEN ${remark ?? null} ELSE review_remark END
    WHERE id = ANY(${idList}::int[]) AND tenant_id = ${auth.tenantId}`)
  // The MSKU's approval status mirrors its request (approvalStatus: 1 pending, 2 rejected, 3 passed);
  // an approved request writes its UPC onto the listing.
  const approval = action === 'submit' ? 1 : action === 'reject' ? 2 : 3
  await tx.execute(sql`
    UPDATE product_msku m SET approval_status = ${approval}, updated_at = now(), updated_by = ${auth.userId},
      upc = CASE WHEN ${action} = 'approve' THEN r.upc ELSE m.upc END
    FROM product_upc_request r
    WHERE r.id = ANY(${idList}::int[]) AND r.tenant_id = ${auth.tenantId} AND m.id = r.msku_id AND m.tenant_id = r.tenant_id`)
  return { done: rows.map((r) => Number(r.id)) }
}

defineHandler<UpcReviewArgs>('resource.upcRequest.submit', async ({ tx, args, auth, setSummary }) => {
  const r = await review(tx, auth, 'submit', args.ids)
  setSummary(`${r.done.length} UPC requests submitted for review`)
  return r
})
defineHandler<UpcReviewArgs>('resource.upcRequest.approve', async ({ tx, args, auth, setSummary }) => {
  const r = await review(tx, auth, 'approve', args.ids)
  setSummary(`${r.done.length} UPC requests approved`)
  return r
})
defineHandler<UpcRejectArgs>('resource.upcRequest.reject', async ({ tx, args, auth, setSummary }) => {
  const r = await review(tx, auth, 'reject', args.ids, args.remark)
  setSummary(`${r.done.length} UPC requests rejected`)
  return r
})

// ---------------------------------------------------------------------------------------------
// Hooks of the generic writes (add, edit, import) for rules that read other tables.
defineResourceHooks('sku', {
  async beforeWrite({ tx, auth, action }, values, before) {
    if (action === 'status' || action === 'delete') return
    const v = { ...before, ...values }
    if (v.styleId === undefined || v.styleId === null) return
    const [style] = rowsOf(await tx.execute(sql`SELECT color_ids, size_ids, source FROM product_style WHERE id = ${Number(v.styleId)} AND tenant_id = ${auth.tenantId}`))
    if (!style) return // the generic reference check reports it
    // SKUs of a product-data-system style come from that system, like the style itself.
    if (style.source === 'pds') throw fieldError('styleId', STYLE_READ_ONLY_KEY)
    if (!nums(style.color_ids).includes(Number(v.colorId))) throw fieldError('colorId', MATRIX_COLOR_NOT_OF_STYLE_KEY, { id: v.colorId })
    if (!nums(style.size_ids).includes(Number(v.sizeId))) throw fieldError('sizeId', MATRIX_SIZE_NOT_OF_STYLE_KEY, { id: v.sizeId })
  },
})

export const SITE_NOT_OF_PLATFORM_KEY = 'res-product:rules.siteNotOfPlatform'
export const SHOP_NOT_OF_SITE_KEY = 'res-product:rules.shopNotOfSite'
export const UPC_VIA_REQUEST_KEY = 'res-product:rules.upcViaRequest'

defineResourceHooks('msku', {
  async beforeWrite({ tx, action }, values, before) {
    if (action === 'status' || action === 'delete') return
    const v = { ...before, ...values }
    const [site] = rowsOf(await tx.execute(sql`SELECT platform_id FROM site WHERE id = ${Number(v.siteId)}`))
    if (site && Number(site.platform_id) !== Number(v.platformId)) throw fieldError('siteId', SITE_NOT_OF_PLATFORM_KEY)
    const [shop] = rowsOf(await tx.execute(sql`SELECT site_id FROM shop WHERE id = ${Number(v.shopId)}`))
    if (shop && Number(shop.site_id) !== Number(v.siteId)) throw fieldError('shopId', SHOP_NOT_OF_SITE_KEY)
    // A listing's UPC, once set, changes only through an approved UPC request.
    if (before && before.upc && 'upc' in values && values.upc !== before.upc) throw fieldError('upc', UPC_VIA_REQUEST_KEY)
    if (typeof values.platSku === 'string') return { ...values, platSku: values.platSku.trim().slice(-30) }
  },
})

defineResourceHooks('upcRequest', {
  async beforeWrite({ tx, auth, action }, values, before) {
    if (action === 'status' || action === 'delete') return
    // Only drafts and rejected requests are edited; under review or approved they are settled.
    if (before && !canTransition('submit', Number(before.status))) {
      // The request's status and where it may still be edited (those it may be submitted from), as the machine names them.
      const r = refuseStatus(UPC_BAD_STATUS_KEY, 'upcRequestStatus', Number(before.status), UPC_TRANSITIONS.submit.from, { id: before.id })
      throw fieldError('status', r.key, r.params)
    }
    const v = { ...before, ...values } as Record<string, unknown>
    const issues = await upcIssuesOf(tx, auth, {
      request_type: v.requestType as 'newUpc' | 'inherit', sku_id: Number(v.skuId), style_id: Number(v.styleId), color_id: Number(v.colorId),
      size_id: Number(v.sizeId), msku_id: Number(v.mskuId), source_msku_id: v.sourceMskuId === null || v.sourceMskuId === undefined ? null : Number(v.sourceMskuId),
      upc: String(v.upc),
    })
    if (issues.length) throw refusal(issues)
  },
})

