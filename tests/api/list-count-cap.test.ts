// A list's count cap (ListDef.countCap; the outbound order list counts at most 10 000 matches at 1M
// orders): beyond the cap the total is the cap with totalCapped, within it the exact count, and the page's
// rows are the same either way. On the demo's outbound orders through runList (PGlite, or PostgreSQL
// with TEST_DATABASE_URL), the cap set low.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { runList } from '../../src/server/http/list'
import { orderList } from '../../src/server/areas/outbound/orders'
import type { AuthContext } from '../../src/server/http/context'

let t: TestApp
const auth = { tenantId: 1, warehouseId: 26, userId: 1, username: 'admin' } as AuthContext
const settings = { pickingSendingTimeoutHours: 48, notIssuedDays: 15 }

beforeAll(async () => { t = await createTestApp() }, 120_000)
afterAll(async () => { await t?.close() })

describe('count cap', () => {
  it('reports the cap with totalCapped beyond it, the exact total within it', async () => {
    const all = await runList(t.database.db, orderList(settings), { page: 1, size: 2 }, auth)
    expect(all.total).toBeGreaterThan(5)
    expect(all.totalCapped).toBeUndefined()
    const capped = await runList(t.database.db, { ...orderList(settings), countCap: 5 }, { page: 1, size: 2 }, auth)
    expect(capped).toMatchObject({ total: 5, totalCapped: true })
    expect(capped.records.map((r) => r.orderNo)).toEqual(all.records.map((r) => r.orderNo))
    // Exactly the cap matching: counted, not capped.
    const exact = await runList(t.database.db, { ...orderList(settings), countCap: all.total }, { page: 1, size: 2 }, auth)
    expect(exact.total).toBe(all.total)
    expect(exact.totalCapped).toBeUndefined()
    // A short page needs no count at all.
    const few = await runList(t.database.db, { ...orderList(settings), countCap: 1 }, { page: 1, size: 1000 }, auth)
    expect({ total: few.total, rows: few.records.length, capped: few.totalCapped }).toEqual({ total: all.total, rows: all.total, capped: undefined })
  })
})
