// Demo product catalogue (brief "Demo data"): tenant 1 "Stride Footwear" sells shoes (sneakers, boots,
// sandals, loafers; EU 36–46 and US 5–13 size runs), tenant 2 "Thread Apparel" sells clothes (tees,
// hoodies, jeans, jackets…; XS–XXL and waist sizes). Hundreds of styles → thousands of SKUs (every
// color × size of each style) → thousands of MSKUs on the seven platforms' shops, plus UPC requests
// in every state. Reference rows are a few multi-row INSERTs; styles one INSERT from a JSON list;
// SKUs and MSKUs are set-based INSERT … SELECT, so the seed stays fast (every test file runs it).
import { sql } from 'drizzle-orm'
import type { AppTx } from '../../../db/client'
import { SEASONS } from '../../../../domain/dictionaries'

type Row = Record<string, unknown>
const rowsOf = (r: unknown): Row[] => (Array.isArray(r) ? r : (r as { rows: Row[] }).rows) as Row[]
const json = (v: unknown) => JSON.stringify(v)

interface Leaf { code: string; name: string; parent: string; nouns: string[]; sizes: 'shoeW' | 'shoeM' | 'shoeUS' | 'letter' | 'waist' }
interface Catalogue {
  tenantId: number
  prefix: string
  top: [string, string]
  mid: [string, string][]
  leaves: Leaf[]
  brands: [string, string][]
  colors: [string, string][]
  /** [code, name, standard, lastStandard] */
  sizes: [string, string, string, string | null][]
  sizeRuns: Record<Leaf['sizes'], string[]>
  /** Material templates by leaf group: [part, materialKey, proportion][] */
  materials: [string, number, number][][]
  styles: number
  priceBase: number
  /** Shops whose code contains this tag sell the tenant's goods. */
  shopTag: string
}

/** Materials shared by both tenants (each gets its own rows): [key, name zh, English name]. */
const MATERIALS: [number, string, string][] = [
  [101, '头层牛皮', 'Full-grain cowhide'], [102, '麂皮', 'Suede'], [103, '漆皮', 'Patent leather'], [104, '超纤皮', 'Microfiber leather'],
  [201, '网布', 'Mesh'], [202, '飞织', 'Knit'], [203, '帆布', 'Canvas'],
  [301, '橡胶', 'Rubber'], [302, 'EVA', 'EVA foam'], [303, 'TPU', 'TPU'], [304, 'PU', 'Polyurethane'],
  [401, '棉', 'Cotton'], [402, '涤纶', 'Polyester'], [403, '氨纶', 'Elastane'], [404, '羊毛', 'Wool'],
  [405, '锦纶', 'Nylon'], [406, '粘胶', 'Viscose'], [407, '亚麻', 'Linen'], [408, '羽绒', 'Down'],
]

const EU = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46']
const US = ['5', '6', '7', '8', '9', '10', '11', '12', '13']

const FOOTWEAR: Catalogue = {
  tenantId: 1, prefix: 'SF', top: ['FOOTWEAR', 'Footwear'],
  mid: [['SNEAKER', 'Sneakers'], ['BOOT', 'Boots'], ['SANDAL', 'Sandals'], ['FLAT', 'Loafers and flats']],
  leaves: [
    { code: 'RUNNING', name: 'Running shoes', parent: 'SNEAKER', nouns: ['Runner', 'Racer', 'Pacer'], sizes: 'shoeM' },
    { code: 'COURT', name: 'Court sneakers', parent: 'SNEAKER', nouns: ['Court', 'Low', 'Classic'], sizes: 'shoeW' },
    { code: 'TRAIL', name: 'Trail runners', parent: 'SNEAKER', nouns: ['Trail', 'Ridge', 'Summit'], sizes: 'shoeUS' },
    { code: 'CHELSEA', name: 'Chelsea boots', parent: 'BOOT', nouns: ['Chelsea', 'Dealer'], sizes: 'shoeM' },
    { code: 'HIKING', name: 'Hiking boots', parent: 'BOOT', nouns: ['Hiker', 'Trekker'], sizes: 'shoeUS' },
    { code: 'WORK-BOOT', name: 'Work boots', parent: 'BOOT', nouns: ['Worker', 'Yard Boot'], sizes: 'shoeM' },
    { code: 'SLIDE', name: 'Slides', parent: 'SANDAL', nouns: ['Slide', 'Pool Slide'], sizes: 'shoeW' },
    { code: 'SPORT-SANDAL', name: 'Sport sandals', parent: 'SANDAL', nouns: ['Strap Sandal', 'River Sandal'], sizes: 'shoeW' },
    { code: 'LOAFER', name: 'Penny loafers', parent: 'FLAT', nouns: ['Loafer', 'Driver'], sizes: 'shoeM' },
    { code: 'BALLET', name: 'Ballet flats', parent: 'FLAT', nouns: ['Ballet Flat', 'Mary Jane'], sizes: 'shoeW' },
  ],
  brands: [['STRIDE', 'Stride'], ['STRIDE-PRO', 'Stride Pro'], ['TRAILBORN', 'Trailborn'], ['CASA-PIE', 'Casa Pie']],
  colors: [['BLK', 'Black'], ['WHT', 'White'], ['NVY', 'Navy'], ['GRY', 'Grey'], ['RED', 'Red'], ['BEG', 'Beige'],
    ['BRN', 'Brown'], ['OLV', 'Olive'], ['PNK', 'Pink'], ['BLU', 'Blue'], ['TAN', 'Tan'], ['CRM', 'Cream']],
  sizes: [
    ...EU.map((s): [string, string, string, string] => [`EU${s}`, `EU ${s}`, 'EU', 'Standard']),
    ...['40', '41', '42', '43', '44', '45'].map((s): [string, string, string, string] => [`EU${s}-W`, `EU ${s} wide`, 'EU', 'Wide']),
    ...US.map((s): [string, string, string, string] => [`US${s}`, `US ${s}`, 'US', 'Standard']),
  ],
  sizeRuns: {
    shoeW: EU.slice(0, 6).map((s) => `EU${s}`), shoeM: EU.slice(3).map((s) => `EU${s}`), shoeUS: US.map((s) => `US${s}`),
    letter: [], waist: [],
  },
  materials: [
    [['upper', 101, 100], ['lining', 401, 60], ['lining', 402, 40], ['outsole', 301, 100]],
    [['upper', 201, 70], ['upper', 303, 30], ['lining', 402, 100], ['midsole', 302, 100], ['outsole', 301, 100]],
    [['upper', 102, 100], ['lining', 404, 100], ['outsole', 301, 100]],
    [['upper', 202, 100], ['midsole', 302, 100], ['outsole', 301, 100]],
    [['upper', 104, 100], ['footbed', 304, 100], ['outsole', 302, 100]],
  ],
  styles: 140, priceBase: 49, shopTag: 'STRIDE',
}

const APPAREL: Catalogue = {
  tenantId: 2, prefix: 'TA', top: ['APPAREL', 'Apparel'],
  mid: [['TOPS', 'Tops'], ['BOTTOMS', 'Bottoms'], ['OUTER', 'Outerwear']],
  leaves: [
    { code: 'TEE', name: 'T-shirts', parent: 'TOPS', nouns: ['Crew Tee', 'Pocket Tee', 'V-Neck Tee'], sizes: 'letter' },
    { code: 'HOODIE', name: 'Hoodies', parent: 'TOPS', nouns: ['Hoodie', 'Zip Hoodie'], sizes: 'letter' },
    { code: 'SWEAT', name: 'Sweatshirts', parent: 'TOPS', nouns: ['Crewneck', 'Half-Zip'], sizes: 'letter' },
    { code: 'JEANS', name: 'Jeans', parent: 'BOTTOMS', nouns: ['Slim Jean', 'Straight Jean', 'Relaxed Jean'], sizes: 'waist' },
    { code: 'JOGGER', name: 'Joggers', parent: 'BOTTOMS', nouns: ['Jogger', 'Track Pant'], sizes: 'letter' },
    { code: 'SHORTS', name: 'Shorts', parent: 'BOTTOMS', nouns: ['Chino Short', 'Cargo Short'], sizes: 'waist' },
    { code: 'JACKET', name: 'Jackets', parent: 'OUTER', nouns: ['Bomber', 'Denim Jacket', 'Windbreaker'], sizes: 'letter' },
    { code: 'VEST', name: 'Vests', parent: 'OUTER', nouns: ['Puffer Vest', 'Fleece Vest'], sizes: 'letter' },
  ],
  brands: [['THREAD', 'Thread'], ['THREAD-BASICS', 'Thread Basics'], ['NORTHLOOP', 'Northloop']],
  colors: [['BLK', 'Black'], ['WHT', 'White'], ['HGR', 'Heather grey'], ['NVY', 'Navy'], ['IND', 'Indigo'], ['OLV', 'Olive'],
    ['SND', 'Sand'], ['BRG', 'Burgundy'], ['SKY', 'Sky blue'], ['CHR', 'Charcoal']],
  sizes: [
    ...['XS', 'S', 'M', 'L', 'XL', 'XXL'].map((s): [string, string, string, null] => [s, s, 'INTL', null]),
    ...['28', '30', '32', '34', '36', '38'].map((s): [string, string, string, null] => [`W${s}`, `Waist ${s}`, 'US', null]),
  ],
  sizeRuns: { letter: ['XS', 'S', 'M', 'L', 'XL', 'XXL'], waist: ['W28', 'W30', 'W32', 'W34', 'W36', 'W38'], shoeW: [], shoeM: [], shoeUS: [] },
  materials: [
    [['shell', 401, 100]],
    [['shell', 401, 80], ['shell', 402, 20], ['lining', 402, 100]],
    [['shell', 401, 98], ['shell', 403, 2]],
    [['shell', 405, 100], ['lining', 402, 100], ['filling', 408, 90], ['filling', 402, 10]],
    [['shell', 406, 55], ['shell', 407, 45]],
  ],
  styles: 90, priceBase: 19, shopTag: 'THREAD',
}

const ADJECTIVES = ['Aero', 'Metro', 'Coast', 'Nova', 'Urban', 'Alpine', 'Harbor', 'Canyon', 'Drift', 'Ember', 'Luna', 'Terra', 'Vista', 'Zephyr', 'Cedar', 'Sierra', 'Mesa', 'Pacific']

/** Ids by code of rows just inserted. */
const idsByCode = (rows: Row[], key = 'code') => new Map(rows.map((r) => [String(r[key]), Number(r.id)]))

async function seedCatalogue(tx: AppTx, c: Catalogue): Promise<void> {
  const t = c.tenantId
  const top = rowsOf(await tx.execute(sql`
    INSERT INTO product_category_1 (tenant_id, code, name) VALUES (${t}, ${c.top[0]}, ${c.top[1]}) RETURNING id, code`))
  const topId = Number(top[0].id)
  const mid = idsByCode(rowsOf(await tx.execute(sql`
    INSERT INTO product_category_2 (tenant_id, code, name, parent_id)
    SELECT ${t}, x.code, x.name, ${topId} FROM jsonb_to_recordset(${json(c.mid.map(([code, name]) => ({ code, name })))}::jsonb) AS x(code text, name text)
    RETURNING id, code`)))
  const leaf = idsByCode(rowsOf(await tx.execute(sql`
    INSERT INTO product_category_3 (tenant_id, code, name, parent_id)
    SELECT ${t}, x.code, x.name, x.parent_id FROM jsonb_to_recordset(${json(c.leaves.map((l) => ({ code: l.code, name: l.name, parent_id: mid.get(l.parent) })))}::jsonb)
      AS x(code text, name text, parent_id int)
    RETURNING id, code`)))
  const brand = idsByCode(rowsOf(await tx.execute(sql`
    INSERT INTO product_brand (tenant_id, code, name)
    SELECT ${t}, x.code, x.name FROM jsonb_to_recordset(${json(c.brands.map(([code, name]) => ({ code, name })))}::jsonb) AS x(code text, name text)
    RETURNING id, code`)))
  const color = idsByCode(rowsOf(await tx.execute(sql`
    INSERT INTO product_color (tenant_id, code, name)
    SELECT ${t}, x.code, x.name FROM jsonb_to_recordset(${json(c.colors.map(([code, name]) => ({ code, name })))}::jsonb) AS x(code text, name text)
    RETURNING id, code`)))
  const size = idsByCode(rowsOf(await tx.execute(sql`
    INSERT INTO product_size (tenant_id, code, name, standard, last_standard, category_id, sort)
    SELECT ${t}, x.code, x.name, x.standard, x.last_standard, ${topId}, x.sort
    FROM jsonb_to_recordset(${json(c.sizes.map(([code, name, standard, last], i) => ({ code, name, standard, last_standard: last, sort: i + 1 })))}::jsonb)
      AS x(code text, name text, standard text, last_standard text, sort int)
    RETURNING id, code`)))
  const material = idsByCode(rowsOf(await tx.execute(sql`
    INSERT INTO product_material (tenant_id, material_key, name, name_en)
    SELECT ${t}, x.k, x.name, x.name_en FROM jsonb_to_recordset(${json(MATERIALS.map(([k, name, nameEn]) => ({ k, name, name_en: nameEn })))}::jsonb)
      AS x(k int, name text, name_en text)
    RETURNING id, material_key`)), 'material_key')

  // Styles: deterministic variety (year, season, brand, 2–4 colors, the leaf's size run, a material
  // template); every 9th lacks L/T days (incomplete entry), every 7th comes from the product data system.
  const colorIds = [...color.values()]
  const styles = Array.from({ length: c.styles }, (_, k) => {
    const i = k + 1
    const l = c.leaves[k % c.leaves.length]
    const year = 2024 + (i % 3)
    const colorsOf = Array.from({ length: 2 + (i % 3) }, (_, j) => colorIds[(i * 5 + j) % colorIds.length])
    const template = c.materials[i % c.materials.length].map(([part, key, proportion]) => ({ part, materialId: material.get(String(key))!, proportion }))
    return {
      style_no: `${c.prefix}${year}-${String(i).padStart(4, '0')}`,
      name: `${ADJECTIVES[(i * 7) % ADJECTIVES.length]} ${l.nouns[i % l.nouns.length]}`,
      brand_id: [...brand.values()][i % brand.size],
      category_id: leaf.get(l.code),
      year,
      season: SEASONS[i % SEASONS.length],
      color_ids: colorsOf,
      size_ids: c.sizeRuns[l.sizes].map((s) => size.get(s)!),
      materials: template,
      retail_price: c.priceBase + ((i * 13) % 120) + 0.99,
      lt_days: i % 9 === 0 ? null : 15 + (i % 46),
      status: i % 23 === 0 ? 0 : 1,
      source: i % 7 === 0 ? 'pds' : 'local',
    }
  })
  await tx.execute(sql`
    INSERT INTO product_style (tenant_id, style_no, name, brand_id, category_id, year, season, color_ids, size_ids, materials, retail_price, lt_days, status, source)
    SELECT ${t}, x.style_no, x.name, x.brand_id, x.category_id, x.year, x.season,
           ARRAY(SELECT jsonb_array_elements_text(x.color_ids)::int), ARRAY(SELECT jsonb_array_elements_text(x.size_ids)::int),
           x.materials, x.retail_price, x.lt_days, x.status, x.source
    FROM jsonb_to_recordset(${json(styles)}::jsonb) AS x(style_no text, name text, brand_id int, category_id int, year int, season text,
      color_ids jsonb, size_ids jsonb, materials jsonb, retail_price numeric, lt_days int, status smallint, source text)`)

  // SKUs: every color × size of every style (the matrix the style's `matrix` action would generate).
  await tx.execute(sql`
    INSERT INTO product_sku (tenant_id, sku_code, style_id, color_id, size_id, status, weight)
    SELECT ${t}, s.style_no || '-' || c.code || '-' || z.code, s.id, c.id, z.id, s.status,
           CASE WHEN z.standard = 'INTL' OR z.code LIKE 'W%' THEN 0.35 ELSE 0.9 END
    FROM product_style s
    CROSS JOIN LATERAL unnest(s.color_ids) WITH ORDINALITY AS sc(color_id, cn)
    CROSS JOIN LATERAL unnest(s.size_ids) WITH ORDINALITY AS sz(size_id, zn)
    JOIN product_color c ON c.id = sc.color_id AND c.tenant_id = s.tenant_id
    JOIN product_size z ON z.id = sz.size_id AND z.tenant_id = s.tenant_id
    WHERE s.tenant_id = ${t}
    ORDER BY s.id, sc.cn, sz.zn`)

  // Every 11th local style got a new color after its matrix was generated: its `matrix` action has
  // cells to create (the demo shows it, and tests find a free style × color × size there).
  await tx.execute(sql`
    UPDATE product_style s SET color_ids = s.color_ids || (
      SELECT c.id FROM product_color c WHERE c.tenant_id = s.tenant_id AND c.id <> ALL(s.color_ids) ORDER BY c.id LIMIT 1)
    WHERE s.tenant_id = ${t} AND s.source = 'local' AND s.id % 11 = 0`)

  // MSKUs: each SKU is listed on one of the tenant's shops, every fourth on a second one (chosen by id, so
  // every platform gets listings). Listings of one SKU share its UPC (a GS1 check digit computed in SQL); about one SKU in
  // eight has none yet — those are the ones the UPC requests below ask for.
  await tx.execute(sql`
    WITH shops AS (
      SELECT sh.id AS shop_id, sh.site_id, si.platform_id, p.code AS platform_code, sh.code AS shop_code,
             row_number() OVER (ORDER BY sh.id) - 1 AS n, count(*) OVER () AS total
      FROM shop sh JOIN site si ON si.id = sh.site_id JOIN platform p ON p.id = si.platform_id
      WHERE sh.code LIKE ${`%${c.shopTag}%`} OR (${c.tenantId} = 1 AND sh.code LIKE '%OUTLET%')
    ), listed AS (
      SELECT k.id AS sku_id, k.sku_code, sh.*,
             CASE WHEN k.id % 8 = 0 THEN NULL ELSE lpad((${c.tenantId * 10_000_000} + k.id)::text, 11, '0') END AS body
      FROM product_sku k JOIN shops sh ON (k.id % sh.total) = sh.n OR ((k.id * 3 + 1) % sh.total) = sh.n AND k.id % 4 = 0
      WHERE k.tenant_id = ${t}
    )
    INSERT INTO product_msku (tenant_id, plat_sku, sku_id, platform_id, site_id, shop_id, upc, fnsku, asin, status, shipping_method, approval_status)
    SELECT ${t}, regexp_replace(l.shop_code, '-(STRIDE|THREAD)$', '') || '-' || l.sku_code, l.sku_id, l.platform_id, l.site_id, l.shop_id,
           CASE WHEN l.body IS NULL THEN NULL ELSE l.body || ${upcCheckDigitSql('l.body')} END,
           CASE WHEN l.platform_code = 'AMAZON' THEN 'X00' || upper(lpad(to_hex(l.sku_id * 16 + l.shop_id), 7, '0')) END,
           CASE WHEN l.platform_code = 'AMAZON' THEN 'B0' || upper(lpad(to_hex(l.sku_id * 97 + l.shop_id), 8, '0')) ELSE (l.sku_id * 1000 + l.shop_id)::text END,
           CASE WHEN l.sku_id % 5 = 0 THEN 'waitOnSale' ELSE 'onSale' END,
           CASE WHEN l.platform_code IN ('AMAZON', 'WALMART') THEN 'platformFulfilled'
                WHEN l.platform_code IN ('WINIT', 'GOODCANG') THEN 'overseasWarehouse' ELSE 'merchantFulfilled' END,
           CASE WHEN l.body IS NULL THEN NULL ELSE 3 END
    FROM listed l`)

  // UPC requests in every state, for listings that still lack a UPC: drafts, pending review, rejected.
  await tx.execute(sql`
    WITH todo AS (
      SELECT m.id AS msku_id, k.id AS sku_id, k.style_id, k.color_id, k.size_id,
             lpad((${c.tenantId * 10_000_000 + 5_000_000} + m.id)::text, 11, '0') AS body, row_number() OVER (ORDER BY m.id) AS n
      FROM product_msku m JOIN product_sku k ON k.id = m.sku_id
      WHERE m.tenant_id = ${t} AND m.upc IS NULL
    )
    INSERT INTO product_upc_request (tenant_id, request_type, sku_id, style_id, color_id, size_id, msku_id, upc, status, review_remark, submitted_at)
    SELECT ${t}, 'newUpc', sku_id, style_id, color_id, size_id, msku_id, body || ${upcCheckDigitSql('body')},
           (n % 3)::smallint, CASE WHEN n % 3 = 2 THEN 'Barcode label photo missing' END,
           CASE WHEN n % 3 > 0 THEN now() - (n || ' hours')::interval END
    FROM todo WHERE n <= 24`)
  await tx.execute(sql`UPDATE product_msku m SET approval_status = CASE r.status WHEN 1 THEN 1 ELSE 2 END
    FROM product_upc_request r WHERE r.msku_id = m.id AND r.tenant_id = ${t} AND r.status IN (1, 2)`)
}

/** GS1 check digit of an 11-digit body in SQL (weights 3,1,3,… from the left for UPC-A). */
function upcCheckDigitSql(col: string) {
  const d = (i: number) => `substr(${col}, ${i}, 1)::int`
  const odd = [1, 3, 5, 7, 9, 11].map(d).join(' + ')
  const even = [2, 4, 6, 8, 10].map(d).join(' + ')
  return sql.raw(`((10 - ((3 * (${odd}) + (${even})) % 10)) % 10)::text`)
}

/** The whole demo catalogue; called once from the demo seed (src/server/db/seed.ts). */
export async function seedProductResources(tx: AppTx): Promise<void> {
  await seedCatalogue(tx, FOOTWEAR)
  await seedCatalogue(tx, APPAREL)
}
