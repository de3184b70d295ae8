// The move order's machine (issue 20 "Moves"; statuses ours, dict moveOrderStatus): New 0 — lines made by
// hand (a form, or a transfer warning's fix), nothing moved yet; Moving 1 — a move station's session, each
// scan moves one line at once; Completed 2 — every line moved (a New order executed in one transaction, or a
// station session closed); Cancelled 9 — a New order given up (nothing had moved). Execute and cancel only
// from New; station scans and complete only while Moving. The server refuses through the same rules.
import { MoveOrderStatus } from '../dictionaries'
import { defineMachine, numOf, refuseStatus, textOf, type Verdict } from './machine'

const S = MoveOrderStatus
export interface MoveOrderFacts { moveNo: string; status: number }

const DICT = 'moveOrderStatus'
export const MOVE_ORDER_FROM = {
  execute: [S.New],
  cancel: [S.New],
  scan: [S.Moving],
  complete: [S.Moving],
} as const satisfies Record<string, readonly number[]>

const inStatus = (key: string, allowed: readonly number[]) => (d: MoveOrderFacts): Verdict =>
  (allowed as readonly number[]).includes(d.status) ? true : refuseStatus(key, DICT, d.status, allowed, { moveNo: d.moveNo })

export const moveOrderMachine = defineMachine<MoveOrderFacts>({
  name: 'moveOrder',
  statuses: Object.values(S),
  commands: {
    'move.order.execute': inStatus('moves:errors.executeStatus', MOVE_ORDER_FROM.execute),
    'move.order.cancel': inStatus('moves:errors.cancelStatus', MOVE_ORDER_FROM.cancel),
    'move.station.scan': inStatus('moves:errors.scanStatus', MOVE_ORDER_FROM.scan),
    'move.order.complete': inStatus('moves:errors.completeStatus', MOVE_ORDER_FROM.complete),
  },
  facts: (r) => {
    const status = numOf(r.status)
    if (status === undefined) return undefined
    return { moveNo: textOf(r.moveNo), status }
  },
})
