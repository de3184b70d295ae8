// Real documents put in each status (created through the API, the status set in the database), then
// every command of their machine called over HTTP: the server refuses exactly where the browser's
// CommandDef (the grid row / open document as its context) disables the command, with the same
// reason key; where the browser enables it, the server never refuses it for the document's state.
// Inbound orders, return orders, quick inbound tasks, vehicle release strips, outbound orders (the other machines:
// tests/domain/document-states.test.ts).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'
import { commandRegistry } from '../../commands/index'
import { commandEnabled, reasonOf, type CommandContext } from '../../src/domain/commands'
import type { MachineDef } from '../../src/domain/states/machine'
import { inboundOrderMachine } from '../../src/domain/states/inbound-order'
import { returnOrderMachine } from '../../src/domain/states/return-order'
import { quickInboundMachine } from '../../src/domain/states/quick-inbound'
import { releaseStripMachine } from '../../src/domain/states/release-strip'
import { outboundOrderMachine } from '../../src/domain/states/outbound-order'

let t: TestApp
let admin: ApiClient
let sku: { code: string; upc: string }
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.query<T>(text, params)

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  const [r] = await q<{ sku_code: string; upc: string }>(`SELECT s.sku_code, m.upc FROM product_sku s JOIN product_msku m ON m.sku_id = s.id
    WHERE s.tenant_id = 1 AND m.upc IS NOT NULL ORDER BY s.id LIMIT 1`)
  sku = { code: r!.sku_code, upc: r!.upc }
}, 120_000)
afterAll(async () => { await t?.close() })

const ctxOf = (row: Record<string, unknown>): CommandContext => ({
  permissions: new Set(), roles: ['admin'], userId: 1, tenantId: 1, warehouseId: 26, language: 'en', route: '', selection: [row],
})

/** Every refusal key a machine can give (a refusal outside these is not about the state). */
function stateKeys(m: MachineDef<any>): Set<string> {
  const keys = new Set<string>(['inbound:errors.sameStatus', 'inbound:errors.badTransition', 'inbound:errors.abolishReceived', 'inbound:order.errors.editOnlyNew'])
  for (const s of m.statuses) for (const f of Object.values(m.commands)) {
    for (const extra of [{ receivedQty: 0 }, { receivedQty: 2 }]) {
      const v = f({ status: s, orderNo: 'X', returnNo: 'X', taskNo: 'X', stripNo: 'X', claimedBy: null, ...extra }, { userId: 1 })
      if (v !== true) keys.add(v.key)
    }
  }
  return keys
}

/** Compares the browser's verdict on `row` with the server's answer to `call`. */
async function compare(m: MachineDef<any>, id: string, row: Record<string, unknown>, call: () => Promise<{ statusCode: number; json(): any; body: string }>) {
  const client = commandEnabled(commandRegistry.get(id)!, ctxOf(row))
  const res = await call()
  const key = res.statusCode === 200 ? undefined : res.json().messageKey as string
  if (client === true) {
    // Allowed by the state: any refusal is about something else (arguments, stock …), never the state.
    if (key) expect(stateKeys(m).has(key), `${id} @${row.status}: ${res.body}`).toBe(false)
  } else {
    expect(res.statusCode, `${id} @${row.status}`).toBe(409)
    expect(key, `${id} @${row.status}`).toBe(reasonOf(client as string).key)
  }
  return client === true
}

describe('the server refuses exactly where the browser disables', () => {
  it('inbound orders: every status × submit, issue, abolish, finish, edit', async () => {
    let enabled = 0
    for (const status of inboundOrderMachine.statuses) {
      for (const id of [...Object.keys(inboundOrderMachine.commands)]) {
        const c = await admin.cmd('inbound.order.create', { inboundType: 1, lines: [{ code: sku.code, qty: 2 }] })
        expect(c.statusCode, c.body).toBe(200)
        const { id: orderId, orderNo } = c.json().data
        await q(`UPDATE inbound_order SET status = $1 WHERE id = $2`, [status, orderId])
        // The row as the grid lists it (what the browser's context carries).
        const row = (await admin.get(`/api/inbound/orders/by-id/${orderId}`)).json().data.order
        expect(Number(row.status)).toBe(status)
        const args = id === 'inbound.order.edit' ? { orderNo, inboundType: 1, lines: [{ code: sku.code, qty: 1 }] } : { ids: [orderId] }
        if (await compare(inboundOrderMachine, id, row, () => admin.cmd(id, args))) enabled++
      }
    }
    // New: submit, abolish, edit; WaitingIssued: issue, abolish; Issued: abolish; Receiving: finish.
    expect(enabled).toBe(7)
  }, 300_000)

  it('return orders: New, Received, Cancelled × scan, finish, cancel', async () => {
    for (const status of returnOrderMachine.statuses) {
      for (const id of Object.keys(returnOrderMachine.commands)) {
        const add = await admin.cmd('inbound.return.add', { sourceNo: 'SO-STATES', reasonCode: 2, boxCount: 1, lines: [{ skuCode: sku.code, qty: 2 }] })
        expect(add.statusCode, add.body).toBe(200)
        const { returnNo } = add.json().data
        await q(`UPDATE return_order SET status = $1 WHERE return_no = $2`, [status, returnNo])
        const row = { returnNo, status, receivedQty: 0 }
        await compare(returnOrderMachine, id, row, () => admin.cmd(id, id === 'inbound.return.scan' ? { returnNo, code: sku.code } : { returnNo }))
      }
    }
  }, 300_000)

  it('quick inbound tasks: Open, Finished × scan, finish', async () => {
    for (const status of quickInboundMachine.statuses) {
      for (const id of Object.keys(quickInboundMachine.commands)) {
        const add = await admin.cmd('inbound.quick.add', { inboundType: 1, lines: [{ code: sku.upc, qty: 3 }] })
        expect(add.statusCode, add.body).toBe(200)
        const { taskNo } = add.json().data
        await q(`UPDATE quick_inbound_task SET status = $1 WHERE task_no = $2`, [status, taskNo])
        const row = { taskNo, status, receivedQty: 0 }
        await compare(quickInboundMachine, id, row, () => admin.cmd(id, id === 'inbound.quick.scan' ? { taskNo, code: sku.upc } : { taskNo }))
      }
    }
  }, 300_000)

  it('vehicle release strips: Waiting, Released × release', async () => {
    const order = (await admin.cmd('inbound.order.create', { inboundType: 1, lines: [{ code: sku.code, qty: 1 }] })).json().data
    await q(`UPDATE inbound_order SET status = 3 WHERE id = $1`, [order.id])
    for (const status of releaseStripMachine.statuses) {
      const add = await admin.cmd('inbound.release.add', { plateNo: 'AB1234', driverName: 'D', driverPhone: '5551234', orderNos: [order.orderNo], boxCount: 1 })
      expect(add.statusCode, add.body).toBe(200)
      const { stripNo } = add.json().data
      await q(`UPDATE release_strip SET status = $1::smallint, released_at = CASE WHEN $1::smallint = 1 THEN now() ELSE NULL END WHERE strip_no = $2`, [status, stripNo])
      const allowed = await compare(releaseStripMachine, 'inbound.release.release', { stripNo, status }, () => admin.cmd('inbound.release.release', { stripNo }))
      expect(allowed).toBe(status === 0)
    }
  }, 120_000)

  it('outbound orders: every status × validate, void, lock, unlock, stop, terminate, refresh lock, shipping method, split, switch warehouse, review, pack, ship, cancel shipment', async () => {
    const orderNoOf = async (orderId: number) => String((await q<{ order_no: string }>('SELECT order_no FROM outbound_order WHERE id = $1', [orderId]))[0]!.order_no)
    const stationArgs: Record<string, (no: string) => Record<string, unknown>> = {
      'outbound.review.start': (no) => ({ code: no }),
      'outbound.review.startException': (no) => ({ code: no }),
      'outbound.review.scan': (no) => ({ orderNo: no, code: sku.code }),
      'outbound.review.pack': (no) => ({ orderNo: no, materialId: 1, weightG: 100 }),
      'outbound.review.reset': (no) => ({ orderNo: no }),
      'outbound.ship.scan': (no) => ({ code: no }),
    }
    const argsOf = async (id: string, orderId: number) => (
      stationArgs[id] ? stationArgs[id]!(await orderNoOf(orderId))
        : id === 'outbound.order.shippingMethod' ? { ids: [orderId], shippingMethod: 'USPS-GROUND' }
        : id === 'outbound.order.switchWarehouse' ? { ids: [orderId], warehouseId: 168 }
        : ['outbound.order.lock', 'outbound.order.stop', 'outbound.order.terminate'].includes(id) ? { ids: [orderId], reason: 'state test' }
          : { ids: [orderId] })
    let enabled = 0
    for (const status of outboundOrderMachine.statuses) {
      for (const id of Object.keys(outboundOrderMachine.commands)) {
        const c = await admin.cmd('outbound.order.create', {
          platform: 'AMAZON', consigneeName: 'Ana Ruiz', address: '1 Main St', country: 'US', lines: [{ code: sku.code, qty: 1 }],
        })
        expect(c.statusCode, c.body).toBe(200)
        const orderId = c.json().data.id
        await q(`UPDATE outbound_order SET status = $1::smallint, lock_from_status = CASE WHEN $1::smallint = 7 THEN 1 ELSE NULL END WHERE id = $2`, [status, orderId])
        const row = (await admin.get(`/api/outbound/orders/by-id/${orderId}`)).json().data.order
        expect(Number(row.status)).toBe(status)
        if (await compare(outboundOrderMachine, id, row, async () => admin.cmd(id, await argsOf(id, orderId)))) enabled++
      }
    }
    // Draft: validate, void, lock, stop, shipping method, split, switch; Effective: void, lock, stop,
    // terminate, refresh, shipping method, split, switch; ReadyOut: lock, stop; AbnormalLock: unlock,
    // stop, terminate; Cancel and StopTransport: switch. Issue 13: ReadyOut (to be packed): review start at
    // either station; Over (shipped): cancel shipment. Issue 18 (spec section 4's codes): Approve 6
    // (validated, waiting for stock): validate again, void, lock, stop, terminate, switch; DeficiencyOver 5
    // (shipped short): cancel shipment.
    expect(enabled).toBe(32)
  }, 300_000)

  it('the operation log shows a refusal in the reader\'s language, not its key', async () => {
    const c = (await admin.cmd('inbound.order.create', { inboundType: 1, lines: [{ code: sku.code, qty: 1 }] })).json().data
    await q(`UPDATE inbound_order SET status = 4 WHERE id = $1`, [c.id])
    expect((await admin.cmd('inbound.order.edit', { orderNo: c.orderNo, inboundType: 1, lines: [{ code: sku.code, qty: 1 }] })).statusCode).toBe(409)
    // Issue 19 §2: the refusal names the order's status and the one edit is allowed in.
    for (const [lang, want] of [['zh', `入库单 ${c.orderNo} 当前状态（已完成）不能编辑：仅限 新建`], ['en', `Inbound order ${c.orderNo} cannot be edited in its status (Finished): only in New`],
      ['es-MX', `La orden de entrada ${c.orderNo} no se puede editar en su estado (Terminado): solo en Nuevo`]] as const) {
      const list = (await admin.in({ lang }).get('/api/audit-log?commandId=inbound.order.edit&result=refused&size=1')).json().data
      expect(list.records[0]).toMatchObject({ errorCode: 'inbound:order.errors.editOnlyNew', errorMessage: want })
    }
  })

  it('a refusal that names values (the order, its status) shows them in the log, as the caller was told', async () => {
    const c = (await admin.cmd('inbound.order.create', { inboundType: 1, lines: [{ code: sku.code, qty: 1 }] })).json().data
    await q(`UPDATE inbound_order SET status = 4 WHERE id = $1`, [c.id])
    const refused = await admin.cmd('inbound.order.issue', { ids: [c.id] })
    expect(refused.statusCode).toBe(409)
    const told = refused.json().responseDesc as string
    expect(told).toContain(c.orderNo)
    const list = (await admin.get('/api/audit-log?commandId=inbound.order.issue&result=refused&size=1')).json().data
    expect(list.records[0].errorMessage).toBe(told)
    expect(list.records[0].errorMessage).not.toContain('…')
  })
})
