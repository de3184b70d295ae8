// Product routes the generic mechanism does not derive: the spec's reference GETs of section 7 that
// are not plain lists (listAll, findStyleList, queryStyleInfoAndAttr, listSizeByCategoryAndShoeTree,
// listNew, the three category levels as one list, getFnsku) and the L/T-days import's dry run and
// template. Reference lists are reference data for pickers on many screens: any signed-in user of the
// tenant may read them (always scoped to the caller's tenant); the L/T import needs `style:leadtime`.
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Area } from '../../../http/area'
import type { Queryable } from '../../../db/client'
import type { AuthContext } from '../../../http/context'
import { fieldError, notFound } from '../../../http/errors'
import { contentDisposition } from '../../../http/list'
import { defineRoute, raw, registerRoutes } from '../../../http/route'
import { translate } from '../../../i18n'
import { receiveOneFile } from '../../../http/upload'
import { readSheet, templateWorkbook } from '../../importer'
import { defineResource, permissionOf } from '../../../../domain/resource'
import { styleResource } from '../../../../domain/resources/product/style'
import { LT_DRY_RUN_URL, LT_TEMPLATE_URL, LtImportRow, ltImportIssues, type LtImportRow as LtRow } from '../../../../domain/resources/product/rules'
import type { Language } from '../../../../domain/i18n'
import { issueMessageKey, issueParams } from '../../../../domain/validation'
import { ltStyleFacts } from './handlers'

type Row = Record<string, unknown>
const rowsOf = (r: unknown): Row[] => (Array.isArray(r) ? r : (r as { rows: Row[] }).rows) as Row[]
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))

/** The L/T sheet as a tiny declaration, so the shared sheet reader and template writer serve it too. */
export const LT_SHEET = defineResource({
  name: 'style.ltImport', table: 'product_style', scope: 'tenant', menuCode: 'style', component: 'commodity/style', ns: 'res-product',
  fields: { styleNo: { kind: 'code', required: true }, ltDays: { kind: 'int', required: true, min: 0, max: 365 } },
  list: { columns: ['styleNo', 'ltDays'], defaultSort: 'styleNo:asc' },
  form: [['styleNo', 'ltDays']],
  import: { columns: ['styleNo', 'ltDays'], key: 'styleNo', templateName: 'STYLE_LT_TEMPLATE' },
})
const LT_PERMISSION = permissionOf(styleResource, 'leadtime')

export interface LtDryRun {
  total: number
  rows: LtRow[]
  errors: { row: number; field: string; column: string; messageKey: string; message: string }[]
}

/** Every bad row and cell of an L/T sheet at once, in the operator's language; writes nothing. */
export async function ltDryRun(q: Queryable, auth: AuthContext, lang: Language, content: Buffer): Promise<LtDryRun> {
  const { rows: sheet, missing } = await readSheet(LT_SHEET, content)
  const column = (f: string) => translate(lang, `res-product:style.ltImport.fields.${f}`)
  if (missing.length) throw fieldError('file', 'resources:import.missingColumns', { columns: missing.map(column).join(', ') })
  if (!sheet.length) throw fieldError('file', 'resources:import.noRows')
  const errors: LtDryRun['errors'] = []
  const push = (row: number, field: string, messageKey: string, params?: Record<string, unknown>) =>
    errors.push({ row, field, column: column(field), messageKey, message: translate(lang, messageKey, { field: column(field), ...params }) })
  const rows: LtRow[] = []
  for (const s of sheet) {
    const cand = { row: s.row, styleNo: s.cells.styleNo === null || s.cells.styleNo === undefined ? '' : String(s.cells.styleNo).trim(), ltDays: typeof s.cells.ltDays === 'number' ? s.cells.ltDays : s.cells.ltDays === null ? undefined : Number(String(s.cells.ltDays)) }
    const r = LtImportRow.safeParse(cand)
    if (!r.success) {
      for (const i of r.error.issues) push(s.row, String(i.path[0] ?? 'styleNo'), issueMessageKey(i, cand), issueParams(i))
      continue
    }
    rows.push(r.data)
  }
  const facts = await ltStyleFacts(q, auth, rows.map((r) => r.styleNo), false)
  for (const i of ltImportIssues(rows, facts)) push(i.row, i.field, i.messageKey, i.params)
  errors.sort((a, b) => a.row - b.row)
  return { total: sheet.length, rows, errors }
}

const Id = z.object({ id: z.coerce.number().int().positive() })
const Paged = { size: z.coerce.number().int().min(1).max(200).default(50) }

export const productArea: Area = (app, { db }) => {
  registerRoutes(app, [
    defineRoute({
      method: 'GET', url: '/base/basestyle/listAll', summary: 'Every style of the tenant (id, style number, name, status) for pickers',
      tags: ['product'], envelope: 'main', auth: 'scoped',
      handler: async ({ auth }) => rowsOf(await db.execute(sql`
        SELECT id, style_no AS "styleNo", name, status, entry_status AS "entryStatus", source FROM product_style
        WHERE tenant_id = ${auth.tenantId} ORDER BY style_no`)),
    }),
    defineRoute({
      method: 'GET', url: '/wms-plus-base/baseStyle/findStyleList', summary: 'Styles whose style number or name contains styleNo (at most size)',
      tags: ['product'], envelope: 'main', auth: 'scoped',
      query: z.object({ styleNo: z.string().trim().max(40).optional(), ...Paged }),
      handler: async ({ auth, query }) => rowsOf(await db.execute(sql`
        SELECT id, style_no AS "styleNo", name, brand_id AS "brandId", category_id AS "categoryId", year, season, status,
               entry_status AS "entryStatus", source
        FROM product_style WHERE tenant_id = ${auth.tenantId}
          AND (${query.styleNo ?? ''} = '' OR style_no ILIKE ${`%${(query.styleNo ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`} OR name ILIKE ${`%${(query.styleNo ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`})
        ORDER BY style_no LIMIT ${query.size}`)),
    }),
    defineRoute({
      method: 'GET', url: '/base/basesku/queryStyleInfoAndAttr/:id', summary: 'A style with its colors, sizes, materials (named) and SKUs',
      tags: ['product'], envelope: 'main', auth: 'scoped', params: Id,
      handler: async ({ auth, params }) => {
        const t = auth.tenantId
        const [s] = rowsOf(await db.execute(sql`
          SELECT s.id, s.style_no, s.name, s.brand_id, b.name AS brand_name, s.category_id, c.name AS category_name, s.year, s.season,
                 s.color_ids, s.size_ids, s.materials, s.retail_price, s.lt_days, s.status, s.entry_status, s.source
          FROM product_style s LEFT JOIN product_brand b ON b.id = s.brand_id LEFT JOIN product_category_3 c ON c.id = s.category_id
          WHERE s.id = ${params.id} AND s.tenant_id = ${t}`))
        if (!s) throw notFound()
        const colors = rowsOf(await db.execute(sql`SELECT id, code, name FROM product_color WHERE tenant_id = ${t} AND id = ANY(${`{${(s.color_ids as number[] | null ?? []).join(',')}}`}::int[]) ORDER BY code`))
        const sizes = rowsOf(await db.execute(sql`SELECT id, code, name, standard, last_standard AS "lastStandard" FROM product_size WHERE tenant_id = ${t} AND id = ANY(${`{${(s.size_ids as number[] | null ?? []).join(',')}}`}::int[]) ORDER BY sort, code`))
        const materials = rowsOf(await db.execute(sql`
          SELECT x.e->>'part' AS part, (x.e->>'materialId')::int AS "materialId", m.material_key AS "materialKey", m.name, m.name_en AS "nameEn",
                 (x.e->>'proportion')::numeric AS proportion
          FROM jsonb_array_elements(coalesce(${JSON.stringify(s.materials ?? [])}::jsonb, '[]'::jsonb)) WITH ORDINALITY AS x(e, n)
          LEFT JOIN product_material m ON m.id = (x.e->>'materialId')::int AND m.tenant_id = ${t} ORDER BY x.n`))
        const skus = rowsOf(await db.execute(sql`SELECT id, sku_code AS "skuCode", color_id AS "colorId", size_id AS "sizeId", status FROM product_sku WHERE tenant_id = ${t} AND style_id = ${params.id} ORDER BY sku_code`))
        return {
          style: {
            id: Number(s.id), styleNo: s.style_no, name: s.name, brandId: num(s.brand_id), brandName: s.brand_name ?? null, categoryId: Number(s.category_id),
            categoryName: s.category_name, year: Number(s.year), season: s.season, retailPrice: num(s.retail_price), ltDays: num(s.lt_days),
            status: Number(s.status), entryStatus: s.entry_status, source: s.source,
          },
          colors, sizes, materials: materials.map((m) => ({ ...m, proportion: Number(m.proportion) })), skus,
        }
      },
    }),
    defineRoute({
      method: 'GET', url: '/base/basesize/listSizeByCategoryAndShoeTree', summary: 'Sizes of a top category and shoe last (shoe tree) standard',
      tags: ['product'], envelope: 'main', auth: 'scoped',
      query: z.object({ categoryId: z.coerce.number().int().positive().optional(), lastStandard: z.string().trim().max(20).optional() }),
      handler: async ({ auth, query }) => rowsOf(await db.execute(sql`
        SELECT id, code, name, standard, last_standard AS "lastStandard", category_id AS "categoryId", sort FROM product_size
        WHERE tenant_id = ${auth.tenantId}
          AND (${query.categoryId ?? 0}::int = 0 OR category_id = ${query.categoryId ?? 0}::int)
          AND (${query.lastStandard ?? ''} = '' OR lower(last_standard) = lower(${query.lastStandard ?? ''}))
        ORDER BY sort, code`)),
    }),
    defineRoute({
      method: 'GET', url: '/base/basecolor/listNew', summary: 'Colors of the tenant, newest first',
      tags: ['product'], envelope: 'main', auth: 'scoped',
      handler: async ({ auth }) => rowsOf(await db.execute(sql`
        SELECT id, code, name, created_at AS "createdAt" FROM product_color WHERE tenant_id = ${auth.tenantId} ORDER BY created_at DESC, id DESC`)),
    }),
    defineRoute({
      method: 'GET', url: '/base/basecategory/list', summary: 'Categories of all three levels (level, id, code, name, parentId); optional level and parentId',
      tags: ['product'], envelope: 'main', auth: 'scoped',
      query: z.object({ level: z.coerce.number().int().min(1).max(3).optional(), parentId: z.coerce.number().int().positive().optional() }),
      handler: async ({ auth, query }) => rowsOf(await db.execute(sql`
        SELECT * FROM (
          SELECT 1 AS level, id, code, name, NULL::int AS "parentId" FROM product_category_1 WHERE tenant_id = ${auth.tenantId}
          UNION ALL SELECT 2, id, code, name, parent_id FROM product_category_2 WHERE tenant_id = ${auth.tenantId}
          UNION ALL SELECT 3, id, code, name, parent_id FROM product_category_3 WHERE tenant_id = ${auth.tenantId}
        ) c
        WHERE (${query.level ?? 0}::int = 0 OR level = ${query.level ?? 0}::int) AND (${query.parentId ?? 0}::int = 0 OR "parentId" = ${query.parentId ?? 0}::int)
        ORDER BY level, code`)),
    }),
    defineRoute({
      method: 'GET', url: '/wms-base/sku/getFnsku', summary: 'FNSKUs of the tenant\'s listings by SKU id, SKU code, shop or FNSKU (at least one)',
      tags: ['product'], envelope: 'main', auth: 'scoped',
      query: z.object({
        skuId: z.coerce.number().int().positive().optional(), skuCode: z.string().trim().max(80).optional(),
        shopId: z.coerce.number().int().positive().optional(), fnsku: z.string().trim().max(10).optional(), ...Paged,
      }).refine((q) => q.skuId || q.skuCode || q.fnsku, { message: 'errors:field.required', path: ['skuId'] }),
      handler: async ({ auth, query }) => rowsOf(await db.execute(sql`
        SELECT m.id AS "mskuId", m.plat_sku AS "platSku", m.sku_id AS "skuId", k.sku_code AS "skuCode", m.shop_id AS "shopId",
               sh.code AS "shopCode", m.fnsku, m.upc, m.asin
        FROM product_msku m JOIN product_sku k ON k.id = m.sku_id JOIN shop sh ON sh.id = m.shop_id
        WHERE m.tenant_id = ${auth.tenantId} AND m.fnsku IS NOT NULL
          AND (${query.skuId ?? 0}::int = 0 OR m.sku_id = ${query.skuId ?? 0}::int)
          AND (${query.skuCode ?? ''} = '' OR k.sku_code = upper(${query.skuCode ?? ''}))
          AND (${query.shopId ?? 0}::int = 0 OR m.shop_id = ${query.shopId ?? 0}::int)
          AND (${query.fnsku ?? ''} = '' OR m.fnsku = upper(${query.fnsku ?? ''}))
        ORDER BY k.sku_code, m.shop_id LIMIT ${query.size}`)),
    }),
    defineRoute({
      method: 'POST', url: LT_DRY_RUN_URL, summary: 'L/T-days import dry run (multipart `file`, xls/xlsx ≤ 10 MB): every bad row at once; writes nothing',
      tags: ['product'], envelope: 'main', auth: 'scoped', permission: LT_PERMISSION, rawBody: true,
      handler: async ({ auth, raw: req }) => {
        const file = await receiveOneFile(req, 'template')
        return ltDryRun(db, auth, req.lang, file.content)
      },
    }),
    defineRoute({
      method: 'GET', url: LT_TEMPLATE_URL, summary: 'L/T-days import template (translated headers)',
      tags: ['product'], envelope: 'raw', auth: 'scoped', permission: LT_PERMISSION,
      handler: async ({ raw: req }, reply) => {
        const buf = await templateWorkbook(LT_SHEET, req.lang)
        reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', contentDisposition('STYLE_LT_TEMPLATE.xlsx'))
        return raw(buf)
      },
    }),
  ])
}
