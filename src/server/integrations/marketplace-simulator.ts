// MARKETPLACE ORDER SIMULATOR (issue 12). Spec integrations are adapters with one built-in simulated
// implementation: this one stands in for the marketplace connectors that push sales orders into the
// order feed (outbound.order.feed). It makes no network call and reads no database: given a seed, the
// SKU codes on offer and the shops, it returns the same realistic orders every time (a seeded PRNG) —
// FeedArgs['orders'] items ready to push.
//
// What "realistic" means here:
//   - the platform is the shop's platform (SHEIN, AMAZON, WALMART, TIKTOK, MERCADOLIBRE), or OWN for the
//     seller's own web shop (no shop row); overseas-warehouse services (WINIT, GOODCANG) take no orders;
//   - the platform order number in the platform's own style: Amazon 111-1234567-1234567 (70x- on .mx/.ca),
//     Walmart 13 digits, SHEIN GSH…, TikTok 18 digits from 57…, Mercado Libre 16 digits from 2000…,
//     the own shop STW + 8 digits; never twice in one batch;
//   - a shipping method from a small set per platform and destination (carrier service channels of the
//     demo carriers — UPS-GROUND, USPS-GA, ESTAFETA-DIA, SF-STANDARD … — or the platform's own logistics,
//     MELI-FLEX …), with its carrier id when the caller passes the carriers;
//   - the consignee lives where the shipping warehouse is (US, MX or CN names, streets, cities, states,
//     postcodes and phone formats); a warehouse ships the orders of shops whose site is in its country,
//     and a Chinese warehouse also ships SHEIN and TikTok US orders direct to US shoppers (cross-border,
//     the way those platforms work) beside its domestic own-shop orders. About 5 % give no phone;
//   - about 60 % single-item orders (quantity 1, now and then 2), the rest 2–4 lines in sizes of one
//     style and colour (the shopper who orders two sizes to try), quantity 1 per line mostly.
// simulatorInputFor (bottom) is the small adapter that reads a warehouse-tenant pair's shops, SKUs with
// free stock and carriers from the database; the demo seed (src/server/db/seed/outbound-demo.ts) and the
// tests use it.
import { sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { rowsOf } from '../db/rows'
import { ALLOCATABLE_AREA_TYPES } from '../inventory/allocation'
import { StockStatus } from '../inventory/ledger'
import type { FeedArgs } from '../../../commands/outbound-orders'

export type SimulatedOrder = FeedArgs['orders'][number]
export type SimCountry = 'US' | 'MX' | 'CN'

export interface SimShop {
  id: number
  code: string
  /** The shop's platform code (platform.code). */
  platform: string
  siteId: number | null
  /** The site's country (site.country). */
  country: string | null
}

export interface SimulatorInput {
  /** Same seed and inputs → same orders. */
  seed: number | string
  count: number
  /** SKU codes on offer (style-colour-size codes group into a style's size run by their prefix). */
  skus: readonly string[]
  shops: readonly SimShop[]
  /** The shipping warehouse's country. */
  country: SimCountry
  /** Carrier ids by carrier code (UPS, USPS, ESTAFETA …); unknown carriers leave carrierId out. */
  carrierIds?: Readonly<Record<string, number>>
}

// ---------------------------------------------------------------------------------------------
// The PRNG: FNV-1a of the seed text feeding mulberry32 (fast, well spread, reproducible everywhere).

function fnv1a(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0 }
  return h >>> 0
}

export interface Random {
  /** [0, 1) */
  next(): number
  /** An integer in [min, max]. */
  int(min: number, max: number): number
  pick<T>(list: readonly T[]): T
  chance(p: number): boolean
  digits(n: number): string
}

/** A deterministic random source (mulberry32) for a seed. */
export function seededRandom(seed: number | string): Random {
  let a = fnv1a(String(seed))
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    next, int,
    pick: (list) => list[Math.floor(next() * list.length)]!,
    chance: (p) => next() < p,
    digits: (n) => Array.from({ length: n }, () => String(int(0, 9))).join(''),
  }
}

// ---------------------------------------------------------------------------------------------
// People and places. Phone numbers: US in the 555-01xx range kept for fiction; MX and CN random.

interface Place { city: string; state: string; postcode: string; area: string }

const US_FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara',
  'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Christopher', 'Karen', 'Daniel', 'Emily', 'Matthew', 'Ashley', 'Anthony',
  'Olivia', 'Joshua', 'Madison', 'Andrew', 'Chloe', 'Kevin', 'Hannah', 'Brian', 'Grace', 'Tyler', 'Aaliyah', 'Marcus', 'Mei', 'Luis', 'Priya']
const US_LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez',
  'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker',
  'Young', 'Allen', 'King', 'Wright', 'Nguyen', 'Patel', 'Kim', 'Scott', 'Green', 'Baker', 'Rivera', 'Campbell', 'Mitchell', 'Carter']
const US_STREETS = ['Main St', 'Oak Ave', 'Maple St', 'Cedar Ln', 'Park Ave', 'Washington Blvd', 'Sunset Blvd', 'Elm St', 'Pine St', 'Lake Dr',
  'Hillcrest Rd', '2nd St', '5th Ave', 'Lincoln Ave', 'Jefferson St', 'Madison Ave', 'Franklin St', 'Highland Ave', 'Willow Way', 'Ridge Rd',
  'Mission St', 'Broadway', 'Colorado Blvd', 'Magnolia Ave']
const US_PLACES: readonly Place[] = [
  { city: 'Los Angeles', state: 'CA', postcode: '90012', area: '213' }, { city: 'Pasadena', state: 'CA', postcode: '91101', area: '626' },
  { city: 'San Diego', state: 'CA', postcode: '92101', area: '619' }, { city: 'Sacramento', state: 'CA', postcode: '95814', area: '916' },
  { city: 'Phoenix', state: 'AZ', postcode: '85004', area: '602' }, { city: 'Las Vegas', state: 'NV', postcode: '89101', area: '702' },
  { city: 'Houston', state: 'TX', postcode: '77002', area: '713' }, { city: 'Dallas', state: 'TX', postcode: '75201', area: '214' },
  { city: 'Austin', state: 'TX', postcode: '78701', area: '512' }, { city: 'Chicago', state: 'IL', postcode: '60601', area: '312' },
  { city: 'New York', state: 'NY', postcode: '10001', area: '212' }, { city: 'Brooklyn', state: 'NY', postcode: '11201', area: '718' },
  { city: 'Philadelphia', state: 'PA', postcode: '19103', area: '215' }, { city: 'Miami', state: 'FL', postcode: '33130', area: '305' },
  { city: 'Orlando', state: 'FL', postcode: '32801', area: '407' }, { city: 'Atlanta', state: 'GA', postcode: '30303', area: '404' },
  { city: 'Seattle', state: 'WA', postcode: '98101', area: '206' }, { city: 'Portland', state: 'OR', postcode: '97205', area: '503' },
  { city: 'Denver', state: 'CO', postcode: '80202', area: '303' }, { city: 'Charlotte', state: 'NC', postcode: '28202', area: '704' },
  { city: 'Columbus', state: 'OH', postcode: '43215', area: '614' }, { city: 'Minneapolis', state: 'MN', postcode: '55401', area: '612' },
  { city: 'Boston', state: 'MA', postcode: '02108', area: '617' }, { city: 'Nashville', state: 'TN', postcode: '37203', area: '615' },
]

const MX_FIRST = ['José', 'María', 'Juan', 'Guadalupe', 'Luis', 'Fernanda', 'Carlos', 'Sofía', 'Miguel', 'Valeria', 'Jorge', 'Camila',
  'Alejandro', 'Daniela', 'Ricardo', 'Ximena', 'Fernando', 'Mariana', 'Eduardo', 'Andrea', 'Diego', 'Paola', 'Javier', 'Regina', 'Héctor', 'Lucía']
const MX_LAST = ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Cruz', 'Flores', 'Gómez',
  'Morales', 'Vázquez', 'Reyes', 'Jiménez', 'Torres', 'Díaz', 'Gutiérrez', 'Ruiz', 'Mendoza', 'Aguilar', 'Ortiz', 'Castillo', 'Navarro', 'Ríos']
const MX_STREETS = ['Av. Juárez', 'Calle Hidalgo', 'Av. Revolución', 'Calle Morelos', 'Av. Insurgentes Sur', 'Calle 5 de Mayo', 'Av. Vallarta',
  'Calle Independencia', 'Av. Reforma', 'Calle Allende', 'Av. Universidad', 'Calle Zaragoza', 'Av. Patria', 'Calle Pino Suárez']
const MX_COLONIAS = ['Centro', 'Col. Americana', 'Col. Roma Norte', 'Col. Del Valle', 'Col. Chapultepec', 'Col. Providencia', 'Col. Obispado',
  'Col. Las Águilas', 'Col. Jardines del Bosque', 'Col. Lomas del Valle', 'Col. Ladrón de Guevara', 'Col. Moderna']
const MX_PLACES: readonly Place[] = [
  { city: 'Guadalajara', state: 'Jalisco', postcode: '44100', area: '33' }, { city: 'Zapopan', state: 'Jalisco', postcode: '45010', area: '33' },
  { city: 'Tlaquepaque', state: 'Jalisco', postcode: '45500', area: '33' }, { city: 'Ciudad de México', state: 'CDMX', postcode: '06600', area: '55' },
  { city: 'Monterrey', state: 'Nuevo León', postcode: '64000', area: '81' }, { city: 'Puebla', state: 'Puebla', postcode: '72000', area: '222' },
  { city: 'Querétaro', state: 'Querétaro', postcode: '76000', area: '442' }, { city: 'León', state: 'Guanajuato', postcode: '37000', area: '477' },
  { city: 'Tijuana', state: 'Baja California', postcode: '22000', area: '664' }, { city: 'Mérida', state: 'Yucatán', postcode: '97000', area: '999' },
  { city: 'Toluca', state: 'Estado de México', postcode: '50000', area: '722' }, { city: 'Morelia', state: 'Michoacán', postcode: '58000', area: '443' },
  { city: 'Aguascalientes', state: 'Aguascalientes', postcode: '20000', area: '449' }, { city: 'Cancún', state: 'Quintana Roo', postcode: '77500', area: '998' },
]

const CN_SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高', '梁', '郑']
const CN_GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '建华', '晓东',
  '思远', '子涵', '雨萱', '浩然', '欣怡', '梓轩', '佳怡', '俊杰']
const CN_STREETS = ['科技园路', '中山路', '人民路', '解放路', '建设路', '和平路', '天河北路', '文一西路', '长江路', '东风路', '南京路', '新华路']
const CN_PLACES: readonly (Place & { district: string })[] = [
  { state: '广东省', city: '深圳市', district: '南山区', postcode: '518057', area: '' }, { state: '广东省', city: '广州市', district: '天河区', postcode: '510620', area: '' },
  { state: '广东省', city: '东莞市', district: '南城街道', postcode: '523070', area: '' }, { state: '广东省', city: '佛山市', district: '禅城区', postcode: '528000', area: '' },
  { state: '浙江省', city: '杭州市', district: '西湖区', postcode: '310012', area: '' }, { state: '浙江省', city: '金华市', district: '义乌市', postcode: '322000', area: '' },
  { state: '上海市', city: '上海市', district: '浦东新区', postcode: '200120', area: '' }, { state: '北京市', city: '北京市', district: '朝阳区', postcode: '100020', area: '' },
  { state: '江苏省', city: '南京市', district: '鼓楼区', postcode: '210009', area: '' }, { state: '四川省', city: '成都市', district: '武侯区', postcode: '610041', area: '' },
  { state: '湖北省', city: '武汉市', district: '洪山区', postcode: '430070', area: '' }, { state: '福建省', city: '厦门市', district: '思明区', postcode: '361001', area: '' },
  { state: '山东省', city: '青岛市', district: '市南区', postcode: '266071', area: '' },
]

const REMARKS: Record<SimCountry, readonly string[]> = {
  US: ['Gift — no prices in the parcel, please', 'Leave at the front desk', 'Please do not leave at the door'],
  MX: ['Dejar en recepción', 'Es regalo, sin factura en el paquete', 'Entregar por la tarde'],
  CN: ['请放快递柜', '送货前请电话联系', '礼品，请勿放发票'],
}

type Consignee = Pick<SimulatedOrder, 'consigneeName' | 'consigneePhone' | 'address' | 'country' | 'state' | 'city' | 'postcode'>

function consignee(r: Random, country: SimCountry): Consignee {
  if (country === 'US') {
    const p = r.pick(US_PLACES)
    const apt = r.chance(0.2) ? `, Apt ${r.int(1, 30)}${r.pick(['', 'A', 'B', 'C'])}` : ''
    return {
      consigneeName: `${r.pick(US_FIRST)} ${r.pick(US_LAST)}`, consigneePhone: `+1 ${p.area}-555-01${r.digits(2)}`,
      address: `${r.int(100, 9899)} ${r.pick(US_STREETS)}${apt}`, country, state: p.state, city: p.city, postcode: p.postcode,
    }
  }
  if (country === 'MX') {
    const p = r.pick(MX_PLACES)
    const local = p.area.length === 2 ? `${r.int(1, 9)}${r.digits(3)} ${r.digits(4)}` : `${r.int(1, 9)}${r.digits(2)} ${r.digits(4)}`
    const interior = r.chance(0.25) ? ` Int. ${r.int(1, 40)}` : ''
    return {
      consigneeName: `${r.pick(MX_FIRST)} ${r.pick(MX_LAST)} ${r.pick(MX_LAST)}`, consigneePhone: `+52 ${p.area} ${local}`,
      address: `${r.pick(MX_STREETS)} ${r.int(10, 3999)}${interior}, ${r.pick(MX_COLONIAS)}`, country, state: p.state, city: p.city, postcode: p.postcode,
    }
  }
  const p = r.pick(CN_PLACES)
  return {
    consigneeName: `${r.pick(CN_SURNAMES)}${r.pick(CN_GIVEN)}`, consigneePhone: `+86 1${r.pick(['3', '5', '8', '9'])}${r.digits(1)} ${r.digits(4)} ${r.digits(4)}`,
    address: `${p.district}${r.pick(CN_STREETS)}${r.int(1, 999)}号${r.int(1, 20)}栋${r.int(1, 32)}0${r.int(1, 6)}室`, country, state: p.state, city: p.city, postcode: p.postcode,
  }
}

// ---------------------------------------------------------------------------------------------
// Platforms: order numbers and shipping methods.

type Platform = 'SHEIN' | 'AMAZON' | 'WALMART' | 'TIKTOK' | 'MERCADOLIBRE' | 'OWN'
const MARKETPLACES: readonly string[] = ['SHEIN', 'AMAZON', 'WALMART', 'TIKTOK', 'MERCADOLIBRE']
/** Platforms whose sellers ship from China straight to the shopper abroad. */
const CROSS_BORDER: readonly string[] = ['SHEIN', 'TIKTOK']
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ'

function sourceNo(r: Random, platform: Platform, siteCountry: string): string {
  const letter = () => LETTERS[r.int(0, LETTERS.length - 1)]
  switch (platform) {
    case 'AMAZON': return `${siteCountry === 'US' ? `11${r.int(1, 4)}` : `70${r.int(1, 2)}`}-${r.digits(7)}-${r.digits(7)}`
    case 'WALMART': return `${r.int(1, 9)}${r.digits(12)}`
    case 'SHEIN': return `GSH${letter()}${letter()}${r.digits(2)}${letter()}${r.digits(7)}`
    case 'TIKTOK': return `57${r.digits(16)}`
    case 'MERCADOLIBRE': return `2000${r.int(1, 9)}${r.digits(11)}`
    case 'OWN': return `STW${r.int(1, 9)}${r.digits(7)}`
  }
}

/** Shipping methods by platform and destination; cross-border from China under 'XB'. */
const METHODS: Record<Platform, Partial<Record<SimCountry | 'CA' | 'XB', readonly string[]>>> = {
  AMAZON: { US: ['USPS-GA', 'UPS-GROUND', 'FEDEX-HOME'], MX: ['ESTAFETA-DIA', 'ESTAFETA-TERR', 'DHL-ECOM'], CA: ['UPS-GROUND', 'FEDEX-GROUND'] },
  WALMART: { US: ['FEDEX-GROUND', 'USPS-PRIORITY', 'UPS-GROUND'] },
  SHEIN: { US: ['USPS-GA', 'UPS-GROUND'], XB: ['DHL-ECOM', 'UPS-SAVER'] },
  TIKTOK: { US: ['USPS-GA', 'UPS-GROUND', 'FEDEX-HOME'], XB: ['DHL-ECOM', 'FEDEX-IP'] },
  MERCADOLIBRE: { MX: ['MELI-COLECTA', 'MELI-FLEX', 'ESTAFETA-DIA'] },
  OWN: { US: ['UPS-GROUND', 'USPS-PRIORITY'], MX: ['ESTAFETA-TERR', 'DHL-EXPRESS'], CN: ['SF-STANDARD', 'SF-ECONOMY'] },
}
const FALLBACK_METHOD = 'DHL-EXPRESS'

/** The carrier of a service channel code (UPS-GROUND → UPS); undefined for platform logistics. */
const carrierOf = (method: string) => method.split('-')[0]!

// ---------------------------------------------------------------------------------------------
// Lines: SKU codes grouped into size runs (style-colour = the code without its last segment).

function sizeRuns(skus: readonly string[]): string[][] {
  const runs = new Map<string, string[]>()
  for (const code of [...new Set(skus)].sort()) {
    const key = code.includes('-') ? code.slice(0, code.lastIndexOf('-')) : code
    ;(runs.get(key) ?? runs.set(key, []).get(key)!).push(code)
  }
  return [...runs.values()]
}

function lines(r: Random, all: readonly string[], runs: readonly string[][]): SimulatedOrder['lines'] {
  const multi = runs.filter((run) => run.length >= 2)
  if (r.chance(0.6) || multi.length === 0) return [{ code: r.pick(all), qty: r.chance(0.92) ? 1 : 2 }]
  const run = [...r.pick(multi)]
  const n = Math.min(run.length, r.int(2, 4))
  const out: SimulatedOrder['lines'] = []
  for (let i = 0; i < n; i++) out.push({ code: run.splice(r.int(0, run.length - 1), 1)[0]!, qty: r.chance(0.95) ? 1 : 2 })
  return out
}

// ---------------------------------------------------------------------------------------------

interface Channel { platform: Platform; shop: SimShop | null; destination: SimCountry; siteCountry: string; methods: readonly string[] }

/** Where the warehouse's orders come from: its country's marketplace shops, cross-border shops for China, the own shop. */
function channels(shops: readonly SimShop[], country: SimCountry): { channels: Channel[]; ownShare: number } {
  const out: Channel[] = []
  for (const shop of shops) {
    if (!MARKETPLACES.includes(shop.platform)) continue
    const platform = shop.platform as Platform
    const site = shop.country ?? country
    if (site === country) out.push({ platform, shop, destination: country, siteCountry: site, methods: METHODS[platform][country] ?? [FALLBACK_METHOD] })
    else if (country === 'CN' && site === 'US' && CROSS_BORDER.includes(platform)) {
      out.push({ platform, shop, destination: 'US', siteCountry: site, methods: METHODS[platform].XB ?? [FALLBACK_METHOD] })
    }
  }
  // A Chinese warehouse's own domestic web shop carries much of its ToC volume; abroad it is a side line.
  return { channels: out, ownShare: out.length === 0 ? 1 : country === 'CN' ? 0.5 : 0.1 }
}

/** `count` simulated marketplace orders (deterministic for a seed and inputs). */
export function simulateMarketplaceOrders(input: SimulatorInput): SimulatedOrder[] {
  if (input.skus.length === 0) throw new Error('the marketplace simulator needs at least one SKU code')
  const r = seededRandom(`marketplace|${input.seed}`)
  const runs = sizeRuns(input.skus)
  const all = runs.flat()
  const { channels: list, ownShare } = channels(input.shops, input.country)
  const own: Channel = { platform: 'OWN', shop: null, destination: input.country, siteCountry: input.country, methods: METHODS.OWN[input.country] ?? [FALLBACK_METHOD] }
  const taken = new Set<string>()
  const orders: SimulatedOrder[] = []
  for (let i = 0; i < input.count; i++) {
    const ch = r.chance(ownShare) ? own : r.pick(list)
    let no = sourceNo(r, ch.platform, ch.siteCountry)
    while (taken.has(`${ch.platform}|${no}`)) no = sourceNo(r, ch.platform, ch.siteCountry)
    taken.add(`${ch.platform}|${no}`)
    const shippingMethod = r.pick(ch.methods)
    const carrierId = input.carrierIds?.[carrierOf(shippingMethod)]
    const who = consignee(r, ch.destination)
    orders.push({
      platform: ch.platform, sourceNo: no,
      ...(ch.shop ? { shopId: ch.shop.id, ...(ch.shop.siteId != null ? { siteId: ch.shop.siteId } : {}) } : {}),
      shippingMethod, ...(carrierId !== undefined ? { carrierId } : {}),
      ...who, consigneePhone: r.chance(0.05) ? null : who.consigneePhone,
      ...(r.chance(0.05) ? { remark: r.pick(REMARKS[ch.destination]) } : {}),
      lines: lines(r, all, runs),
    })
  }
  return orders
}

// ---------------------------------------------------------------------------------------------
// The adapter: a warehouse-tenant pair's simulator input from the database.

type Scope = { tenantId: number; warehouseId: number }

/** The warehouse's country: its code's prefix (US-LA), else its address's last part, else CN for a domestic warehouse. */
export function warehouseCountry(w: { code: string; address?: string | null; warehouseLocation?: number | null }): SimCountry {
  const fromCode = /^(US|MX|CN)-/.exec(w.code)?.[1]
  const fromAddress = /\b(US|MX|CN)\s*$/.exec(w.address ?? '')?.[1]
  return (fromCode ?? fromAddress ?? (w.warehouseLocation === 2 ? 'US' : 'CN')) as SimCountry
}

/** SKU codes with free normal stock on allocatable locations of the pair (what an order can be allocated). */
export async function stockedSkuCodes(q: Queryable, scope: Scope): Promise<string[]> {
  return rowsOf(await q.execute(sql`
    SELECT DISTINCT s.sku_code FROM inventory_balance b
    JOIN product_sku s ON s.id = b.sku_id
    JOIN location l ON l.id = b.location_id JOIN storage_area a ON a.id = l.storage_area_id
    WHERE b.tenant_id = ${scope.tenantId} AND b.warehouse_id = ${scope.warehouseId} AND b.stock_status = ${StockStatus.Normal}
      AND b.on_hand > b.locked AND l.status = 1 AND NOT l.temporary AND a.status = 1
      AND a.area_type IN (${sql.join(ALLOCATABLE_AREA_TYPES.map((t) => sql`${t}`), sql`, `)})
    ORDER BY 1`)).map((r) => String(r.sku_code))
}

/**
 * What the simulator needs for a warehouse-tenant pair: the warehouse's country, the enabled shops the
 * tenant lists goods on (its MSKUs), the SKUs with free stock there, and the enabled carriers by code.
 */
export async function simulatorInputFor(q: Queryable, scope: Scope): Promise<Omit<SimulatorInput, 'seed' | 'count'>> {
  const [w] = rowsOf(await q.execute(sql`SELECT code, address, warehouse_location FROM warehouse WHERE id = ${scope.warehouseId}`))
  const shops = rowsOf(await q.execute(sql`
    SELECT sh.id, sh.code, p.code AS platform, sh.site_id, si.country FROM shop sh
    JOIN site si ON si.id = sh.site_id JOIN platform p ON p.id = si.platform_id
    WHERE sh.status = 1 AND EXISTS (SELECT 1 FROM product_msku m WHERE m.tenant_id = ${scope.tenantId} AND m.shop_id = sh.id)
    ORDER BY sh.id`)).map((r) => ({
    id: Number(r.id), code: String(r.code), platform: String(r.platform), siteId: r.site_id == null ? null : Number(r.site_id), country: r.country == null ? null : String(r.country),
  }))
  const carriers = rowsOf(await q.execute(sql`SELECT id, code FROM carrier WHERE status = 1 ORDER BY id`))
  return {
    country: warehouseCountry({ code: String(w?.code ?? ''), address: w?.address == null ? null : String(w.address), warehouseLocation: w ? Number(w.warehouse_location) : null }),
    shops, skus: await stockedSkuCodes(q, scope), carrierIds: Object.fromEntries(carriers.map((c) => [String(c.code), Number(c.id)])),
  }
}
