// Every status of every document with states × every command of its machine: the browser's verdict
// (the registered CommandDef's `enabled`, exactly what buttons and the palette ask, with the row as
// the grid selection and as the open document) equals the verdict the server's handler refuses with
// (src/server/commands/states.ts → the same machine): enabled ⇔ allowed, and a disabled command's
// reason is the server's refusal key with its params. tests/api/document-states.test.ts puts real
// documents in each status and asks the server itself.
import { describe, it, expect } from 'vitest'
import { commandRegistry } from '../../commands/index'
import { commandEnabled, reasonOf, type CommandContext } from '../../src/domain/commands'
import { DOCUMENT_MACHINES } from '../../src/domain/states/index'
import { check } from '../../src/domain/states/machine'

const ME = 7
const base: CommandContext = { permissions: new Set(), roles: ['admin'], userId: ME, tenantId: 1, warehouseId: 26, language: 'en', route: '', selection: [] }

/** Facts some machines read beyond the common ones, in the combinations that matter (others: one plain row). */
const EXTRA: Record<string, Record<string, unknown>[]> = {
  outboundOrder: [{ waveNo: null }, { waveNo: 'BC0001' }, { waveNo: null, pickedQty: 2 }, { waveNo: null, shipmentApproved: true },
    // Review, packing, shipping (issue 13): reviewed by me or by someone else, packed with or without a face sheet, an exception order.
    { packingStatus: 2, reviewBy: ME }, { packingStatus: 2, reviewBy: ME + 1 }, { packingStatus: 3, faceSheetStatus: 1 }, { packingStatus: 3, faceSheetStatus: 0 }, { exception: true }],
  // Rows as their grids list them: a task row has no exception number, a wave row no order or task number.
  pickingTask: [{ assigneeId: null, diffNo: undefined }, { assigneeId: ME, diffNo: undefined }, { assigneeId: ME + 1, diffNo: undefined }],
  wave: [{ orderNo: undefined, taskNo: undefined, diffNo: undefined }],
  // Face sheet rows are orders: their own status, and every kind of order status (or none carried).
  faceSheet: [{ orderStatus: undefined }, { orderStatus: 1 }, { orderStatus: 2 }, { orderStatus: 4 }, { orderStatus: 7 }, { orderStatus: 9 }],
  sortingTask: [{ sortNo: 'FJ0001' }],
  // An audit plan row: every checklist complete, or one still open (it names it); a checklist row: its number.
  auditPlan: [{ planNo: 'JC0001', openChecklistNo: null }, { planNo: 'JC0001', openChecklistNo: 'JD0001' }],
  auditChecklist: [{ checklistNo: 'JD0001' }],
  // A count plan row: its number, no task number; nothing submitted, or tasks submitted.
  countPlan: [{ planNo: 'PD0001', taskNo: undefined, submittedTasks: 0 }, { planNo: 'PD0001', taskNo: undefined, submittedTasks: 2 }],
  // A sample out request row: its number; requested by me or by someone else (four eyes).
  sampleOut: [{ outNo: 'YP0001', createdBy: ME }, { outNo: 'YP0001', createdBy: ME + 1 }],
  // An exception register row (issue 21 N): its key and each resolving action (done elsewhere, or here), or none left.
  outboundException: [{ rowKey: 'stopped:CK0001', docNo: 'CK0001', action: 'handle' }, { rowKey: 'pickDiff:CY0001', docNo: 'CY0001', action: 'resolveDiff', actionNo: 'CY0001' },
    { rowKey: 'review:XCK0001', docNo: 'CK0001', action: 'reviewException' }, { rowKey: 'stopped:CK0002', docNo: 'CK0002', action: 'returnShelf', actionNo: 'HJ0001' }, { rowKey: 'loading:R1', docNo: 'ZG0001', action: null }],
  // A shipment row (issue 21): not approved or approved.
  shipment: [{ shipmentNo: 'FY0001', approval: 0 }, { shipmentNo: 'FY0001', approval: 1 }],
  // A loading document row (issue 21 K2): not shipped, or shipped.
  containerLoading: [{ loadingNo: 'ZG0001', shippedAt: null }, { loadingNo: 'ZG0001', shippedAt: '2026-11-27T10:00:00.000Z' }],
  transferOrder: [{ transferNo: 'DB0001' }],
}

/** Rows of a document in `status` with the other facts its checks read, in every combination that matters. */
function rowsIn(status: number, machine: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = []
  for (const receivedQty of [0, 3]) {
    for (const claimedBy of [null, ME, ME + 1]) {
      for (const generatedNo of [null, 'SJ0001']) {
        for (const kind of [1, 2]) {
          for (const extra of EXTRA[machine] ?? [{}]) {
            out.push({ id: 11, status, orderNo: 'RK0001', inspectionNo: 'QC0001', taskNo: 'SJ0002', returnNo: 'TH0001', stripNo: 'FX0001', waveNo: 'BC0002', diffNo: 'CY0001', receivedQty, claimedBy, generatedNo, kind, ...extra })
          }
        }
      }
    }
  }
  return out
}

describe('document actions follow the document state', () => {
  for (const m of DOCUMENT_MACHINES) {
    describe(m.name, () => {
      it('every command of the machine is a registered command', () => {
        for (const id of Object.keys(m.commands)) expect(commandRegistry.get(id), id).toBeDefined()
      })
      for (const status of m.statuses) {
        it(`status ${status}: the browser enables exactly what the server allows, with the server's reason`, () => {
          let allowed = 0
          let refused = 0
          for (const row of rowsIn(status, m.name)) {
            const facts = m.facts(row)
            expect(facts).toBeDefined()
            for (const id of Object.keys(m.commands)) {
              const def = commandRegistry.get(id)!
              const server = check(m, id, facts!, { userId: ME })
              for (const ctx of [{ ...base, selection: [row] }, { ...base, documentId: 11, document: row, route: '/stock-in/inbound-order/details' }]) {
                // Commands that take exactly one selected row see it through the selection only.
                if (def.selection && !ctx.selection.length) continue
                const client = commandEnabled(def, ctx)
                if (server === true) { expect(client, `${id} @${status}`).toBe(true); allowed++ }
                else {
                  expect(client, `${id} @${status}`).not.toBe(true)
                  const r = reasonOf(client as string)
                  expect(r.key).toBe(server.key)
                  expect(r.params ?? {}).toEqual(server.params)
                  refused++
                }
              }
            }
          }
          expect(allowed + refused).toBeGreaterThan(0)
        })
      }
    })
  }

  it('a Finished inbound order offers none of submit, issue, abolish, finish receiving and edit', () => {
    const row = { id: 5, orderNo: 'RK5', status: 4, receivedQty: 3 }
    for (const id of ['inbound.order.submit', 'inbound.order.issue', 'inbound.order.abolish', 'inbound.order.finish', 'inbound.order.edit']) {
      expect(commandEnabled(commandRegistry.get(id)!, { ...base, route: '/stock-in/inbound-order/details', documentId: 5, document: row, selection: [row] }), id).not.toBe(true)
    }
  })

  it('a selection is all or nothing, like the server: one refused row disables the command with its reason', () => {
    const rows = [{ id: 1, orderNo: 'RK1', status: 0, receivedQty: 0 }, { id: 2, orderNo: 'RK2', status: 4, receivedQty: 2 }]
    const v = commandEnabled(commandRegistry.get('inbound.order.submit')!, { ...base, selection: rows })
    expect(v).toEqual({ key: 'inbound:errors.badTransition', params: { orderNo: 'RK2', from: 4, to: 1, status: 4, current: ['dict:inboundStatus.4'], allowed: ['dict:inboundStatus.0'] } })
    expect(commandEnabled(commandRegistry.get('inbound.order.submit')!, { ...base, selection: [rows[0]!] })).toBe(true)
  })
})
