// Issue 19 §2 "Every status refusal names the current status and the statuses where the action is
// allowed, from the status machine itself": over the real API and database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL), for documents beyond the outbound and inbound orders (tests/api/security-lows.test.ts):
// picking tasks, sorting tasks, return orders, quick inbound tasks, receiving, vehicle release strips and
// UPC requests. Each refused action answers in English and in Chinese with the document's status label
// and every allowed one — the labels the machine's own list gives (messageParams.allowed), so a message
// that drops a status, or a machine whose list changes without its message, fails here.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'
import { translate } from '../../src/server/i18n'
import { TaskClaimStatus as T, InboundStatus, UpcRequestStatus } from '../../src/domain/dictionaries'
import { PICKING_TASK_FROM } from '../../src/domain/states/picking-task'
import { SORTING_TASK_FROM } from '../../src/domain/states/sorting-task'
import { RETURN_FROM, ReturnStatus } from '../../src/domain/states/return-order'
import { QUICK_OPEN, QuickStatus } from '../../src/domain/states/quick-inbound'
import { RECEIVABLE_STATUSES } from '../../src/domain/states/inbound-order'
import { UPC_TRANSITIONS } from '../../src/domain/resources/product/rules'

let t: TestApp
let admin: ApiClient
let adminId = 0
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>

const LANGS = [['en', 'en-US'], ['zh', 'zh-CN']] as const
type Lang = (typeof LANGS)[number][0]

/**
 * A refused command, asked in English and in Chinese: the answer's message names `current` and every
 * one of `allowed` (label keys), holds no placeholder, and its params carry the same label keys.
 */
async function expectNamesStatuses(cmd: string, args: Record<string, unknown>, code: number, key: string, current: string, allowed: readonly string[], docNo: string) {
  for (const [lang, header] of LANGS) {
    const r = await admin.in({ lang: header }).cmd(cmd, args)
    expect(r.statusCode, `${cmd} ${r.body}`).toBe(code)
    const body = r.json()
    // A refusal of a form (UPC review) names the request in errors[]: its message says the same.
    const refusal = body.messageKey === key ? { params: body.messageParams, message: body.responseDesc as string } : { params: body.errors[0].params, message: body.errors[0].message as string }
    expect(body.messageKey === key || body.errors?.[0]?.messageKey === key, `${cmd}: ${body.messageKey}`).toBe(true)
    expect(refusal.params).toMatchObject({ current: [current], allowed: [...allowed] })
    const text = refusal.message
    expect(text, `${lang} ${cmd}`).not.toMatch(/\{\{|\}\}|\$t\(/)
    expect(text, `${lang} ${cmd}`).toContain(docNo)
    expect(text, `${lang} ${cmd} names its status`).toContain(label(lang, current))
    for (const a of allowed) expect(text, `${lang} ${cmd} names ${a}`).toContain(label(lang, a))
    // And the lead message leads with it (no general "check the form").
    expect(body.responseDesc).toContain(label(lang, current))
  }
}
const label = (lang: Lang, key: string) => {
  const s = translate(lang, key)
  expect(s, key).not.toBe(key)
  return s
}
const claimLabels = (codes: readonly number[]) => codes.map((c) => `dict:taskClaimStatus.${c}`)

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  adminId = Number((await q<{ id: number }>(`SELECT id FROM app_user WHERE username = 'admin'`))[0]!.id)
  expect((await admin.cmd('inbound.settings.save', {
    receivingLocationCode: 'T-001', storageMode: 'normal', coStorage: true, forbidXbMix: true, minScanIntervalMs: 0,
    inboundTimeoutHours: 48, unloadingTimeoutHours: 4, shelvingTimeoutHours: 24,
  })).statusCode).toBe(200)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('status refusals name the current status and the allowed ones (issue 19 §2)', () => {
  it('picking tasks: allotting a claimed task, claiming a completed one, picking an unclaimed one', async () => {
    const [w] = await q<{ id: number }>(`INSERT INTO wave (tenant_id, warehouse_id, wave_no, status, task_mode) VALUES (1, 26, 'BC-REFUSE-1', 1, 'whole') RETURNING id`)
    const task = async (no: string, status: number) => (await q<{ id: number }>(`INSERT INTO picking_task (tenant_id, warehouse_id, task_no, wave_id, status, claimed_by, claimed_at)
      VALUES (1, 26, $1, $2, $3::smallint, $4, CASE WHEN $3::smallint > 0 THEN now() END) RETURNING id`, [no, w!.id, status, status > 0 ? adminId : null]))[0]!.id
    const working = await task('JH-REFUSE-W', T.Working)
    await task('JH-REFUSE-C', T.Completed)
    await task('JH-REFUSE-U', T.Unclaimed)
    await expectNamesStatuses('outbound.pickTask.assign', { ids: [Number(working)], assigneeId: adminId }, 409, 'outbound:pick.errors.assignStatus',
      'dict:taskClaimStatus.1', claimLabels(PICKING_TASK_FROM.assign), 'JH-REFUSE-W')
    await expectNamesStatuses('outbound.pickTask.claim', { taskNo: 'JH-REFUSE-C' }, 409, 'outbound:pick.errors.completed',
      'dict:taskClaimStatus.2', claimLabels(PICKING_TASK_FROM.claim), 'JH-REFUSE-C')
    await expectNamesStatuses('outbound.pick.short', { taskNo: 'JH-REFUSE-U', lineId: 1, qty: 1 }, 409, 'outbound:pick.errors.notClaimed',
      'dict:taskClaimStatus.0', claimLabels(PICKING_TASK_FROM.work), 'JH-REFUSE-U')
    // Nothing was written by the refusals.
    expect(await q(`SELECT task_no, status, assignee_id FROM picking_task WHERE task_no LIKE 'JH-REFUSE-%' ORDER BY task_no`)).toEqual([
      { task_no: 'JH-REFUSE-C', status: 2, assignee_id: null }, { task_no: 'JH-REFUSE-U', status: 0, assignee_id: null }, { task_no: 'JH-REFUSE-W', status: 1, assignee_id: null },
    ])
  })

  it('sorting tasks: cancelling a started wall, completing one not started', async () => {
    const sort = async (no: string, status: number) => Number((await q<{ id: number }>(`INSERT INTO sorting_task (tenant_id, warehouse_id, task_no, kind, status) VALUES (1, 26, $1, 'merge', $2) RETURNING id`, [no, status]))[0]!.id)
    const started = await sort('FJ-REFUSE-W', T.Working)
    const fresh = await sort('FJ-REFUSE-U', T.Unclaimed)
    await expectNamesStatuses('outbound.sortTask.cancel', { ids: [started] }, 409, 'outbound-sorting:errors.cancelStarted',
      'dict:taskClaimStatus.1', claimLabels(SORTING_TASK_FROM.cancel), 'FJ-REFUSE-W')
    await expectNamesStatuses('outbound.sortTask.complete', { ids: [fresh] }, 409, 'outbound-sorting:errors.completeNotStarted',
      'dict:taskClaimStatus.0', claimLabels(SORTING_TASK_FROM.complete), 'FJ-REFUSE-U')
    expect((await q(`SELECT count(*)::int AS n FROM sorting_task WHERE task_no LIKE 'FJ-REFUSE-%'`))[0]).toEqual({ n: 2 })
  })

  it('return orders and quick inbound tasks: labels of their own (inbound:returns.status, inbound:quick.status)', async () => {
    const [sku] = await q<{ sku_code: string; upc: string }>(`SELECT s.sku_code, m.upc FROM product_sku s JOIN product_msku m ON m.sku_id = s.id
      WHERE s.tenant_id = 1 AND m.upc IS NOT NULL ORDER BY s.id LIMIT 1`)
    const add = await admin.cmd('inbound.return.add', { sourceNo: 'SO-REFUSE', reasonCode: 1, boxCount: 1, lines: [{ skuCode: sku!.sku_code, qty: 1 }] })
    expect(add.statusCode, add.body).toBe(200)
    const { returnNo } = add.json().data as { returnNo: string }
    expect((await admin.cmd('inbound.return.cancel', { returnNo })).statusCode).toBe(200)
    const ret = (codes: readonly number[]) => codes.map((c) => `inbound:returns.status.${c}`)
    await expectNamesStatuses('inbound.return.scan', { returnNo, code: sku!.sku_code }, 409, 'inbound:returns.errors.cancelled',
      `inbound:returns.status.${ReturnStatus.Cancelled}`, ret(RETURN_FROM.scan), returnNo)

    const quick = await admin.cmd('inbound.quick.add', { inboundType: 1, lines: [{ code: sku!.upc, qty: 1 }] })
    expect(quick.statusCode, quick.body).toBe(200)
    const { taskNo } = quick.json().data as { taskNo: string }
    expect((await admin.cmd('inbound.quick.scan', { taskNo, code: sku!.upc })).statusCode).toBe(200)
    await expectNamesStatuses('inbound.quick.scan', { taskNo, code: sku!.upc }, 409, 'inbound:quick.errors.finished',
      `inbound:quick.status.${QuickStatus.Finished}`, QUICK_OPEN.map((c) => `inbound:quick.status.${c}`), taskNo)
  })

  it('receiving an order that is not issued; releasing a vehicle whose order is not receiving', async () => {
    const [sku] = await q<{ id: number; sku_code: string }>(`SELECT id, sku_code FROM product_sku WHERE tenant_id = 1 ORDER BY id LIMIT 1`)
    const [o] = await q<{ id: number }>(`INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, expected_qty) VALUES (1, 26, 'RKREFUSE0001', 1, $1, 1) RETURNING id`, [InboundStatus.New])
    await q(`INSERT INTO inbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, expected_qty) VALUES ($1, 1, 26, 1, $2, 1)`, [o!.id, sku!.id])
    await expectNamesStatuses('inbound.receive', { orderNo: 'RKREFUSE0001', code: sku!.sku_code }, 409, 'inbound:receiving.errors.notReceivable',
      `dict:inboundStatus.${InboundStatus.New}`, RECEIVABLE_STATUSES.map((c) => `dict:inboundStatus.${c}`), 'RKREFUSE0001')
    expect((await q(`SELECT received_qty FROM inbound_order_line WHERE order_id = $1`, [o!.id]))[0]).toEqual({ received_qty: 0 })

    const add = await admin.cmd('inbound.release.add', { plateNo: '粤B54321', driverName: 'Li', driverPhone: '13800000000', orderNos: ['RKREFUSE0001'], boxCount: 1 })
    expect(add.statusCode, add.body).toBe(200)
    const { stripNo } = add.json().data as { stripNo: string }
    await expectNamesStatuses('inbound.release.release', { stripNo }, 409, 'inbound:release.errors.ordersNotReceiving',
      `dict:inboundStatus.${InboundStatus.New}`, [InboundStatus.Receiving, InboundStatus.Finish].map((c) => `dict:inboundStatus.${c}`), 'RKREFUSE0001')
  })

  it('UPC requests: approving a draft (a form refusal leads with the status reason)', async () => {
    const [l] = await q<{ msku_id: number; sku_id: number; style_id: number; color_id: number; size_id: number }>(`
      SELECT m.id msku_id, k.id sku_id, k.style_id, k.color_id, k.size_id FROM product_msku m JOIN product_sku k ON k.id = m.sku_id
      WHERE m.tenant_id = 1 AND m.upc IS NULL AND NOT EXISTS (SELECT 1 FROM product_upc_request r WHERE r.msku_id = m.id) ORDER BY m.id DESC LIMIT 1`)
    const add = await admin.cmd('resource.upcRequest.add', { requestType: 'newUpc', skuId: l!.sku_id, styleId: l!.style_id, colorId: l!.color_id, sizeId: l!.size_id, mskuId: l!.msku_id, upc: '036000291452' })
    expect(add.statusCode, add.body).toBe(200)
    const id = Number(add.json().data.id)
    await expectNamesStatuses('resource.upcRequest.approve', { ids: [id] }, 400, 'res-product:rules.upcRequestStatus',
      `dict:upcRequestStatus.${UpcRequestStatus.Draft}`, UPC_TRANSITIONS.approve.from.map((c) => `dict:upcRequestStatus.${c}`), String(id))
  })
})
