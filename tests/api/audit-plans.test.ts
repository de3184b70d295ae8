// Audit plans (JC) and checklists (JD) over the real API and database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL), issue 20 "Audit plans and checklists" (spec: audit new → audit complete): a plan
// takes the on-hand stock of its criteria as expected quantities, one checklist per storage area; rows are
// recorded (actual, boxes) with every bad row refused by its number before anything is written; a checklist
// completes itself when every row is recorded; a plan completes only when every checklist is complete (the
// refusal names the one still open) and never twice; nothing reaches the ledger; both numbers jump from
// the palette.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, expectRefused, type ApiClient } from '../helpers/api'
import { AUDIT_API } from '../../commands/audit-plans'
import { addStock, checkInvariants, StockStatus } from '../../src/server/inventory/ledger'

let t: TestApp
let admin: ApiClient
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
let sku = { id: 0, code: '' }
let shelves: { id: number; code: string; area: string }[] = []

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  sku = (await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code)) ORDER BY k.id DESC LIMIT 1`))
    .map((r) => ({ id: Number(r.id), code: r.sku_code }))[0]!
  // Two shelves of one area and one of another: the plan by SKU makes two checklists.
  const rows = await q<{ id: number; code: string; area: string }>(`
    SELECT DISTINCT ON (a.code, l.code) l.id, l.code, a.code AS area FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type IN (1, 2)
    ORDER BY a.code, l.code`)
  const areas = [...new Set(rows.map((r) => r.area))]
  expect(areas.length).toBeGreaterThanOrEqual(2)
  shelves = [...rows.filter((r) => r.area === areas[0]).slice(0, 2), rows.find((r) => r.area === areas[1])!].map((r) => ({ id: Number(r.id), code: r.code, area: r.area }))
  for (const [i, s] of shelves.entries()) {
    await t.database.tx((tx) => addStock(tx, { ...scope, locationId: s.id, skuId: sku.id, stockStatus: StockStatus.Normal }, 5 + i, { docType: 'TEST', docNo: 'T-AUDIT' }, op))
  }
}, 120_000)
afterAll(async () => { await t?.close() })

const ledgerRows = async () => Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM inventory_ledger`)).n)

describe('audit plans and checklists', () => {
  it('creates a plan from the stock of its criteria, one checklist per storage area, expected = on hand', async () => {
    await expectRefused(admin, 'auditPlan.create', {}, 400, 'tasks:audit.errors.criteria')
    const range = await admin.cmd('auditPlan.create', { locationFrom: 'Z', locationTo: 'A' })
    expect(range.json().errors[0]).toMatchObject({ field: 'locationTo', messageKey: 'tasks:audit.errors.rangeOrder' })
    const nosku = await admin.cmd('auditPlan.create', { skuCode: 'NO-SUCH-SKU-X' })
    expect(nosku.json().errors[0]).toMatchObject({ field: 'skuCode', messageKey: 'tasks:audit.errors.skuUnknown' })
    expect((await q('SELECT 1 FROM audit_plan')).length).toBe(0)

    const before = await ledgerRows()
    const p = await expectOk(admin, 'auditPlan.create', { skuCode: sku.code, remark: 'quarterly' })
    expect(p.planNo).toMatch(/^JC\d{10}$/)
    expect(p.lines).toBe(3)
    expect(p.checklists.length).toBe(2)
    expect(p.checklists.every((c: string) => /^JD\d{10}$/.test(c))).toBe(true)
    const plans = (await admin.get(`${AUDIT_API.plans}?planNo=${p.planNo}`)).json().data.records
    expect(plans[0]).toMatchObject({ planNo: p.planNo, status: 0, skuCode: sku.code, checklistCount: 2, completedChecklists: 0, lineCount: 3, expectedQty: 5 + 6 + 7, actualQty: 0, remark: 'quarterly' })
    const lists = (await admin.get(`${AUDIT_API.checklists}?planNo=${p.planNo}&sort=checklistNo:asc`)).json().data.records
    expect(lists.map((c: any) => [c.areaCode, c.lineCount, c.expectedQty])).toEqual([[shelves[0]!.area, 2, 11], [shelves[2]!.area, 1, 7]])
    const lines = (await admin.get(`${AUDIT_API.lines}?checklistNo=${p.checklists[0]}`)).json().data.records
    expect(lines.map((l: any) => [l.lineNo, l.locationCode, l.skuCode, l.expectedQty, l.actualQty])).toEqual([
      [1, shelves[0]!.code, sku.code, 5, null], [2, shelves[1]!.code, sku.code, 6, null],
    ])
    expect(await ledgerRows()).toBe(before)
  })

  it('records rows (a bad row refused by its number, nothing written), completes checklists and then the plan', async () => {
    const plan = (await admin.get(`${AUDIT_API.plans}?size=1`)).json().data.records[0]
    const [c1, c2] = (await admin.get(`${AUDIT_API.checklists}?planNo=${plan.planNo}&sort=checklistNo:asc`)).json().data.records.map((c: any) => c.checklistNo as string)
    const bad = await admin.cmd('auditChecklist.record', { checklistNo: c1, lines: [{ lineNo: 1, actualQty: 5, boxCount: 1 }, { lineNo: 9, actualQty: 1 }] })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0]).toMatchObject({ field: 'lines.1.lineNo', messageKey: 'tasks:audit.errors.lineUnknown', params: { lineNo: 9 } })
    const neg = await admin.cmd('auditChecklist.record', { checklistNo: c1, lines: [{ lineNo: 1, actualQty: -1 }] })
    expect(neg.statusCode).toBe(400)
    expect(neg.json().errors[0].field).toBe('lines.0.actualQty')
    expect((await q(`SELECT 1 FROM audit_checklist_line WHERE actual_qty IS NOT NULL`)).length).toBe(0)

    const r1 = await expectOk(admin, 'auditChecklist.record', { checklistNo: c1, lines: [{ lineNo: 1, actualQty: 5, boxCount: 1 }] })
    expect(r1).toEqual({ checklistNo: c1, recorded: 1, remaining: 1, status: 0 })
    // Not every checklist complete: the plan cannot complete, naming the first open one.
    const open = await expectRefused(admin, 'auditPlan.complete', { planNo: plan.planNo }, 409, 'tasks:audit.errors.checklistOpen')
    expect(open.params ?? open.data ?? open).toBeTruthy()
    expect(JSON.stringify(open)).toContain(c1)
    const r2 = await expectOk(admin, 'auditChecklist.record', { checklistNo: c1, lines: [{ lineNo: 2, actualQty: 4, boxCount: 2 }] })
    expect(r2).toMatchObject({ remaining: 0, status: 1 })
    // A complete checklist takes no more rows (its machine names the statuses).
    const again = await expectRefused(admin, 'auditChecklist.record', { checklistNo: c1, lines: [{ lineNo: 2, actualQty: 6 }] }, 409, 'tasks:audit.errors.recordStatus')
    expect(JSON.stringify(again)).toContain('dict:auditStatus.1')
    await expectRefused(admin, 'auditPlan.complete', { planNo: plan.planNo }, 409, 'tasks:audit.errors.checklistOpen')
    await expectOk(admin, 'auditChecklist.record', { checklistNo: c2, lines: [{ lineNo: 1, actualQty: 7, boxCount: 1 }] })

    const before = await ledgerRows()
    const done = await expectOk(admin, 'auditPlan.complete', { planNo: plan.planNo })
    expect(done).toEqual({ planNo: plan.planNo, status: 1, expectedQty: 18, actualQty: 16, boxCount: 4 })
    await expectRefused(admin, 'auditPlan.complete', { planNo: plan.planNo }, 409, 'tasks:audit.errors.completeStatus')
    const lines = (await admin.get(`${AUDIT_API.lines}?checklistNo=${c1}`)).json().data.records
    expect(lines.map((l: any) => l.difference)).toEqual([0, -2])
    expect(await ledgerRows()).toBe(before)
    const { violations } = await checkInvariants(t.database.db, scope)
    expect(violations).toEqual([])
  })

  it('jumps to a plan and a checklist by number; other warehouses and unpermitted users see neither', async () => {
    const plan = (await admin.get(`${AUDIT_API.plans}?size=1`)).json().data.records[0]
    const c = (await admin.get(`${AUDIT_API.checklists}?planNo=${plan.planNo}&size=1`)).json().data.records[0]
    const hit = async (no: string, who = admin) => ((await who.get(`/api/search/documents?q=${no}`)).json().data as any[]).find((h) => h.number === no)
    expect(await hit(plan.planNo)).toMatchObject({ type: 'auditPlan', path: `/stock-in/audit-plan-separate-table?no=${plan.planNo}` })
    expect(await hit(c.checklistNo)).toMatchObject({ type: 'auditChecklist', path: `/stock-in/list-of-checklists?no=${c.checklistNo}` })
    expect(await hit(plan.planNo, admin.in({ warehouseId: 168 }))).toBeUndefined()
    const picker = await apiAs(t, 'picker')
    expect((await picker.get(AUDIT_API.plans)).statusCode).toBe(403)
    expect((await picker.cmd('auditPlan.create', { skuCode: sku.code })).statusCode).toBe(403)
  })
})
