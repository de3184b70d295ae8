// Shelving rules over the real API (PGlite, and PostgreSQL with TEST_DATABASE_URL):
// - a task assigned to a job group is claimed and scanned by its members only — members are staff
//   rows, tied to users by username — refused for anyone else with the translated message, nothing written;
// - co-storage not allowed (inbound settings): a location holds one SKU only — a scan of another SKU
//   into an occupied location is refused naming the location and the SKU it holds; the same SKU (other
//   batch too) is accepted; with co-storage allowed the mixed scan goes through.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'
import { addStock, checkInvariants } from '../../src/server/inventory/ledger'
import { afterReceivingFinished } from '../../src/server/inventory/inbound-flow'
import { rowsOf } from '../../src/server/db/rows'

let t: TestApp
let admin: ApiClient
let shelver: ApiClient
let rcv = 0
let skuA: { id: number; code: string }
let skuB: { id: number; code: string }
/** Two enabled, empty locations of a normal storage area of 26/1. */
let free: string[] = []
let seq = 0

const AUTH = { userId: 1, username: 'admin', tenantId: 1, warehouseId: 26 }
const q = <T,>(text: string, params: unknown[] = []) => t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const err = (r: { json(): any }) => r.json().messageKey as string

/** An inbound order fully received at RCV-01 and finished through the flow → its shelving task number. */
async function shelvingTask(lines: { sku: { id: number }; qty: number; batch?: string }[]): Promise<string> {
  const orderNo = `RKRULES${++seq}`
  const total = lines.reduce((s, l) => s + l.qty, 0)
  return t.database.tx(async (tx) => {
    const [o] = rowsOf(await tx.execute(sql`
      INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, inspection_mode, expected_qty, received_qty, finished_at)
      VALUES (1, 26, ${orderNo}, 1, 4, 0, ${total}, ${total}, now()) RETURNING id`))
    let lineNo = 0
    for (const l of lines) {
      lineNo += 1
      const [line] = rowsOf(await tx.execute(sql`
        INSERT INTO inbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, batch_no, expected_qty, received_qty)
        VALUES (${Number(o!.id)}, 1, 26, ${lineNo}, ${l.sku.id}, ${l.batch ?? ''}, ${l.qty}, ${l.qty}) RETURNING id`))
      await tx.execute(sql`
        INSERT INTO inbound_receipt (tenant_id, warehouse_id, order_id, line_id, sku_id, qty, batch_no, scanned_code, location_id, operator_id, operator_name)
        VALUES (1, 26, ${Number(o!.id)}, ${Number(line!.id)}, ${l.sku.id}, ${l.qty}, ${l.batch ?? ''}, 'TEST', ${rcv}, 1, 'admin')`)
      await addStock(tx, { tenantId: 1, warehouseId: 26, locationId: rcv, skuId: l.sku.id, batchNo: l.batch ?? '' }, l.qty,
        { docType: 'RK', docNo: orderNo, docLine: lineNo }, { userId: 1, username: 'admin' })
    }
    const flow = await afterReceivingFinished(tx, AUTH, Number(o!.id))
    if (!flow.shelvingTaskNo) throw new Error('no shelving task')
    return flow.shelvingTaskNo
  })
}

const task = async (no: string) => (await admin.get(`/api/inbound/shelving-tasks/${no}`)).json().data
const onHand = async (skuId: number, code: string) => Number((await q<{ s: number }>(`
  SELECT coalesce(sum(b.on_hand), 0) AS s FROM inventory_balance b JOIN location l ON l.id = b.location_id
  WHERE b.tenant_id = 1 AND b.warehouse_id = 26 AND b.sku_id = $1 AND l.code = $2`, [skuId, code]))[0]!.s)
const setCoStorage = (on: boolean) => q(`INSERT INTO inbound_setting (tenant_id, warehouse_id, receiving_location_id, co_storage)
  VALUES (1, 26, $1, $2) ON CONFLICT (tenant_id, warehouse_id) DO UPDATE SET co_storage = EXCLUDED.co_storage`, [rcv, on])

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  shelver = await apiAs(t, 'shelver')
  rcv = Number((await q<{ id: number }>(`SELECT id FROM location WHERE tenant_id = 1 AND warehouse_id = 26 AND code = 'RCV-01'`))[0]!.id)
  const skus = await q<{ id: number; sku_code: string }>(`SELECT id, sku_code FROM product_sku WHERE tenant_id = 1 ORDER BY id LIMIT 2`)
  ;[skuA, skuB] = skus.map((s) => ({ id: Number(s.id), code: s.sku_code }))
  free = (await q<{ code: string }>(`
    SELECT l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND a.status = 1 AND a.area_type NOT IN (4, 6)
      AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.location_id = l.id AND (b.on_hand > 0 OR b.locked > 0))
    ORDER BY l.code LIMIT 2`)).map((r) => r.code)
  expect(free).toHaveLength(2)
  await q(`UPDATE inbound_setting SET min_scan_interval_ms = 0 WHERE tenant_id = 1 AND warehouse_id = 26`)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('job group membership', () => {
  it('only members of the assigned job group (staff tied to the user by username) claim and scan the task', async () => {
    const taskNo = await shelvingTask([{ sku: skuA, qty: 2 }])
    // A crew whose only member is the shelver's staff row.
    const [g] = await q<{ id: number }>(`INSERT INTO job_group (tenant_id, warehouse_id, number, name, member_ids)
      VALUES (1, 26, 'JG-RULES', 'Rules crew', ARRAY(SELECT id FROM staff WHERE username = 'shelver')) RETURNING id`)
    const a = await admin.cmd('inbound.shelving.assign', { taskNos: [taskNo], jobGroupId: Number(g!.id) })
    expect(a.statusCode, a.body).toBe(200)

    // The admin holds every permission but is not in the crew.
    for (const refused of [
      await admin.cmd('inbound.shelving.claim', { taskNo }),
      await admin.cmd('inbound.shelving.scan', { taskNo, locationCode: free[0], code: skuA.code }),
    ]) {
      expect(refused.statusCode).toBe(409)
      expect(err(refused)).toBe('inbound:shelving.errors.notInJobGroup')
      expect(refused.json().responseDesc).toBe(`Shelving task ${taskNo} is assigned to job group Rules crew: you are not one of its members`)
    }
    expect(await task(taskNo)).toMatchObject({ status: 0, shelvedQty: 0, claimedBy: null })
    expect(await onHand(skuA.id, free[0]!)).toBe(0)

    // A member: claim and scan go through.
    const c = await shelver.cmd('inbound.shelving.claim', { taskNo })
    expect(c.statusCode, c.body).toBe(200)
    const s = await shelver.cmd('inbound.shelving.scan', { taskNo, locationCode: free[0], code: skuA.code })
    expect(s.statusCode, s.body).toBe(200)
    expect(await onHand(skuA.id, free[0]!)).toBe(1)

    // Membership follows the staff row: the shelver's username leaves the crew → refused as well.
    await q(`UPDATE job_group SET member_ids = '{}' WHERE id = $1`, [g!.id])
    const gone = await shelver.cmd('inbound.shelving.scan', { taskNo, locationCode: free[0], code: skuA.code })
    expect(gone.statusCode).toBe(409)
    expect(err(gone)).toBe('inbound:shelving.errors.notInJobGroup')
    expect(await onHand(skuA.id, free[0]!)).toBe(1)

    // Unassigned tasks are open to anyone with the permission.
    const open = await shelvingTask([{ sku: skuA, qty: 1 }])
    expect((await admin.cmd('inbound.shelving.claim', { taskNo: open })).statusCode).toBe(200)
  })
})

describe('co-storage not allowed: one SKU per location', () => {
  it('refuses another SKU into an occupied location, accepts the same SKU; allowed again with co-storage on', async () => {
    const [loc, other] = free as [string, string]
    // free[0] holds skuA from the job-group test (1 unit); free[1] is empty.
    expect(await onHand(skuA.id, loc)).toBe(1)
    await setCoStorage(false)
    const taskNo = await shelvingTask([{ sku: skuB, qty: 3 }, { sku: skuA, qty: 1, batch: 'B2' }])

    const mixed = await admin.cmd('inbound.shelving.scan', { taskNo, locationCode: loc, code: skuB.code })
    expect(mixed.statusCode).toBe(400)
    expect(err(mixed)).toBe('inbound:shelving.errors.coStorageOff')
    expect(mixed.json().errors[0]).toMatchObject({ field: 'locationCode', message: `Co-storage is not allowed: location ${loc} already holds ${skuA.code}` })
    // The whole-line confirm (fast storage) follows the same rule.
    await q(`UPDATE inbound_setting SET storage_mode = 'fast' WHERE tenant_id = 1 AND warehouse_id = 26`)
    const line = await admin.cmd('inbound.shelving.shelveLine', { taskNo, lineNo: 1, locationCode: loc })
    await q(`UPDATE inbound_setting SET storage_mode = 'normal' WHERE tenant_id = 1 AND warehouse_id = 26`)
    expect(err(line)).toBe('inbound:shelving.errors.coStorageOff')
    expect(await onHand(skuB.id, loc)).toBe(0)
    expect(await task(taskNo)).toMatchObject({ shelvedQty: 0 })

    // The same SKU (another batch) may join it; another SKU goes to an empty location.
    expect((await admin.cmd('inbound.shelving.scan', { taskNo, locationCode: loc, code: skuA.code })).statusCode).toBe(200)
    expect(await onHand(skuA.id, loc)).toBe(2)
    expect((await admin.cmd('inbound.shelving.scan', { taskNo, locationCode: other, code: skuB.code })).statusCode).toBe(200)
    // …and once it holds skuB, skuA is refused there in turn.
    const back = await shelvingTask([{ sku: skuA, qty: 1 }])
    const refused = await admin.cmd('inbound.shelving.scan', { taskNo: back, locationCode: other, code: skuA.code })
    expect(err(refused)).toBe('inbound:shelving.errors.coStorageOff')

    // Co-storage allowed: the mixed scan goes through.
    await setCoStorage(true)
    const ok = await admin.cmd('inbound.shelving.scan', { taskNo, locationCode: loc, code: skuB.code })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(await onHand(skuB.id, loc)).toBe(1)
    expect((await checkInvariants(t.database.db, { tenantId: 1, warehouseId: 26 })).violations).toEqual([])
  })
})
