// Demo outbound data (issue 12) for the demo warehouse-tenant pairs:
//  (a) opening stock: for every pair with warehouse data (WAREHOUSE_SEED_PAIRS), 80–150 SKUs (a few hundred
//      in all) — whole size runs of some style-colours — each in a picking-area bin (type Scattered) and every
//      fourth also as cartons on a floor location (type Floor): enabled, not temporary locations, written
//      only through the ledger service (addStock, doc_type 'openingBalance', doc_no INIT-<warehouse code>),
//      so the invariant check holds. The first and last SKUs of the catalogue (by id and by code) and the
//      first shelves of each run (A01–A04, B01–B04, F01–F04) stay empty: tests and e2e specs take those as
//      "nobody's stock" and "the first empty location";
//  (b) ORDERS_PER_PAIR sales orders per pair from the marketplace simulator
//      (src/server/integrations/marketplace-simulator.ts) pushed through the order feed's own handler
//      (outbound.order.feed), then every other one validated through outbound.order.validate (Effective,
//      allocated on the ledger), the rest left Draft; created times spread over the last two days. Pair
//      26/2 has no locations, so its validated orders wait for stock (their shortage shows).
// Handlers are called as the command endpoint calls them (same transaction, admin in the pair) but
// without audit or idempotency rows, like the other demo seeds. Idempotent: a pair that already has
// its opening balance or any outbound order is left alone.
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { AppTx } from '../client'
import type { AuthContext } from '../../http/context'
import { rowsOf } from '../rows'
import { addStock, type DocRef } from '../../inventory/ledger'
import { handlerRegistry } from '../../commands/registry'
import { WAREHOUSE_SEED_PAIRS } from '../../resources/custom/warehouse/seed'
import { seededRandom, simulateMarketplaceOrders, simulatorInputFor, type Random } from '../../integrations/marketplace-simulator'
import { DEMO_PAIRS } from './demo'
import { StorageAreaType } from '../../../domain/dictionaries'
import { FeedArgs, OutboundIdsArgs } from '../../../../commands/outbound-orders'
// Registers the outbound order handlers this seed runs.
import '../../areas/outbound/orders'

export const OPENING_DOC_TYPE = 'openingBalance'
export const openingDocNo = (warehouseCode: string) => `INIT-${warehouseCode}`
export const ORDERS_PER_PAIR = 40

/** SKUs stocked per pair (whole size runs, so a little over). */
const SKUS_PER_PAIR: Record<string, number> = { '26-1': 150, '168-1': 100, '201-1': 80, '31-2': 80 }
/** SKUs at each end of a tenant's catalogue (by id and by code) that get no demo stock. */
const SPARE_EDGE = 60
/** Shelves 01–04 of every run stay empty. */
const SPARE_SHELVES = /^[A-Z]0[1-4]-/

const silentLog = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, silent() {}, child() { return silentLog }, level: 'silent' } as unknown as FastifyBaseLogger

type Pair = readonly [warehouseId: number, tenantId: number]

export async function seedOutboundDemo(tx: AppTx, stockPairs: readonly Pair[] = WAREHOUSE_SEED_PAIRS, orderPairs: readonly Pair[] = DEMO_PAIRS): Promise<void> {
  const [user] = rowsOf(await tx.execute(sql`SELECT id, username FROM app_user WHERE username = 'admin'`))
  if (!user) return
  const op = { userId: Number(user.id), username: String(user.username) }
  for (const [warehouseId, tenantId] of stockPairs) await seedStock(tx, { tenantId, warehouseId }, op)
  for (const [warehouseId, tenantId] of orderPairs) await seedOrders(tx, { tenantId, warehouseId }, op)
}

type Scope = { tenantId: number; warehouseId: number }
type Op = { userId: number; username: string }

async function seedStock(tx: AppTx, scope: Scope, op: Op): Promise<void> {
  const [w] = rowsOf(await tx.execute(sql`SELECT code FROM warehouse WHERE id = ${scope.warehouseId}`))
  if (!w) return
  const docNo = openingDocNo(String(w.code))
  const [done] = rowsOf(await tx.execute(sql`
    SELECT 1 FROM inventory_ledger WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND doc_type = ${OPENING_DOC_TYPE} AND doc_no = ${docNo} LIMIT 1`))
  if (done) return
  const locs = rowsOf(await tx.execute(sql`
    SELECT l.id, l.code, a.area_type FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = ${scope.tenantId} AND l.warehouse_id = ${scope.warehouseId} AND l.status = 1 AND NOT l.temporary AND a.status = 1
      AND a.area_type IN (${StorageAreaType.Scattered}, ${StorageAreaType.Floor})
    ORDER BY l.code`)).filter((l) => !SPARE_SHELVES.test(String(l.code)))
  const bins = locs.filter((l) => Number(l.area_type) === StorageAreaType.Scattered).map((l) => Number(l.id))
  const floor = locs.filter((l) => Number(l.area_type) === StorageAreaType.Floor).map((l) => Number(l.id))
  const r = seededRandom(`opening|${scope.warehouseId}|${scope.tenantId}`)
  const skus = pickSizeRuns(await tenantSkus(tx, scope.tenantId), SKUS_PER_PAIR[`${scope.warehouseId}-${scope.tenantId}`] ?? 100, r).slice(0, bins.length)
  let line = 0
  const doc = (): DocRef => ({ docType: OPENING_DOC_TYPE, docNo, docLine: ++line, reason: 'opening' })
  for (const [i, skuId] of skus.entries()) {
    await addStock(tx, { ...scope, locationId: bins[i]!, skuId }, r.int(2, 16), doc(), op)
    if (i % 4 === 0 && floor.length) await addStock(tx, { ...scope, locationId: floor[(i / 4) % floor.length]!, skuId }, 12 * r.int(1, 3), doc(), op)
  }
}

interface SkuRow { id: number; code: string; run: string; active: boolean }

async function tenantSkus(tx: AppTx, tenantId: number): Promise<SkuRow[]> {
  return rowsOf(await tx.execute(sql`SELECT id, sku_code, style_id, color_id, status FROM product_sku WHERE tenant_id = ${tenantId} ORDER BY id`))
    .map((s) => ({ id: Number(s.id), code: String(s.sku_code), run: `${s.style_id}/${s.color_id}`, active: Number(s.status) === 1 }))
}

/** About `want` SKU ids: whole size runs of active SKUs, spread over the catalogue, away from its ends. */
function pickSizeRuns(all: SkuRow[], want: number, r: Random): number[] {
  const byCode = [...all].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
  const spare = new Set([...all.slice(0, SPARE_EDGE), ...all.slice(-SPARE_EDGE), ...byCode.slice(0, SPARE_EDGE), ...byCode.slice(-SPARE_EDGE)].map((s) => s.id))
  const runs = new Map<string, number[]>()
  for (const s of all) if (s.active && !spare.has(s.id)) (runs.get(s.run) ?? runs.set(s.run, []).get(s.run)!).push(s.id)
  const list = [...runs.values()]
  const out: number[] = []
  const stride = Math.max(1, Math.floor(list.length / Math.max(1, Math.ceil(want / 7))))
  for (let i = r.int(0, stride - 1); i < list.length && out.length < want; i += stride) out.push(...list[i]!)
  return out
}

async function seedOrders(tx: AppTx, scope: Scope, op: Op): Promise<void> {
  const [any] = rowsOf(await tx.execute(sql`SELECT 1 FROM outbound_order WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} LIMIT 1`))
  if (any) return
  const input = await simulatorInputFor(tx, scope)
  // A pair without stock sells what the tenant stocks elsewhere (its orders wait for stock here).
  const skus = input.skus.length ? input.skus : rowsOf(await tx.execute(sql`
    SELECT DISTINCT s.sku_code FROM inventory_balance b JOIN product_sku s ON s.id = b.sku_id
    WHERE b.tenant_id = ${scope.tenantId} AND b.on_hand > 0 ORDER BY 1`)).map((x) => String(x.sku_code))
  if (!skus.length) return
  const auth = {
    userId: op.userId, username: op.username, employeeName: 'Admin', sessionId: 'seed', roles: ['admin'], permissions: new Set<string>(),
    tenantId: scope.tenantId, warehouseId: scope.warehouseId, token: '', grantsVersion: 'seed',
  } satisfies AuthContext
  const run = (command: string, args: unknown) => handlerRegistry.get(command)!({ tx, auth, args, log: silentLog, lang: 'en', setSummary: () => {} })
  const orders = simulateMarketplaceOrders({ ...input, skus, seed: `demo|${scope.warehouseId}|${scope.tenantId}`, count: ORDERS_PER_PAIR })
  await run('outbound.order.feed', FeedArgs.parse({ orders }))
  // The pair had no order before: its orders are the ones just fed.
  const ids = rowsOf(await tx.execute(sql`
    SELECT id FROM outbound_order WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} ORDER BY id`)).map((o) => Number(o.id))
  // Placed over the last two days, oldest first; every other one validated a few minutes after.
  const minutes = 48 * 60
  await tx.execute(sql`UPDATE outbound_order o SET created_at = now() - make_interval(mins => (${minutes} * (x.n - x.i) / x.n)::int), updated_at = now()
    FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i, count(*) OVER () AS n FROM outbound_order WHERE id = ANY(${`{${ids.join(',')}}`}::int[])) x
    WHERE o.id = x.id`)
  const validate = ids.filter((_, i) => i % 2 === 0)
  if (validate.length) await run('outbound.order.validate', OutboundIdsArgs.parse({ ids: validate }))
  await tx.execute(sql`UPDATE outbound_order SET validated_at = created_at + interval '7 minutes' WHERE id = ANY(${`{${validate.join(',')}}`}::int[])`)
}
