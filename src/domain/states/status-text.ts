// Status moves told by name (issue 18: "History shows status names, not 0→1"). A document's history
// (its audit rows) records a status move as `<number> <from>→<to>` (e.g. `CK2611220001 0→1`); the
// screens show it with the labels of the status dictionary of the document's machine. Pure.
import type { MachineDef } from './machine'
import { DOCUMENT_MACHINES } from './index'

/** The status dictionary of each machine (its labels are `dict:<code>.<status>`); machines without one are left out. */
export const MACHINE_STATUS_DICT: Readonly<Record<string, string>> = {
  outboundOrder: 'outboundOrderStatus',
  inboundOrder: 'inboundStatus',
  wave: 'waveStatus',
  inspection: 'inspectionStatus',
  pickingTask: 'taskClaimStatus',
  shelvingTask: 'taskClaimStatus',
  sortingTask: 'taskClaimStatus',
  returnShelfTask: 'taskClaimStatus',
  pickDiff: 'handlingStatus',
  upcRequest: 'upcRequestStatus',
  faceSheet: 'waybillState',
}

/** The machine whose commands include this command id. */
export function machineOfCommand(commandId: string, machines: readonly MachineDef<any>[] = DOCUMENT_MACHINES): MachineDef<any> | undefined {
  return machines.find((m) => Object.prototype.hasOwnProperty.call(m.commands, commandId))
}

/** The status dictionary of the document a command moves; undefined when unknown. */
export function statusDictOfCommand(commandId: string): string | undefined {
  const m = machineOfCommand(commandId)
  return m ? MACHINE_STATUS_DICT[m.name] : undefined
}

export type SummaryPart = { text: string } | { from: number; to: number }

/** A status move as audit summaries write it: `0→1` (one or two digits each side, nothing glued around). */
const MOVE = /(?<![\w.-])(\d{1,2})→(\d{1,2})(?![\w.-])/g

/** Splits a summary into text and status moves, so a screen can put the status names in place of the codes. */
export function statusMoveParts(summary: string): SummaryPart[] {
  const out: SummaryPart[] = []
  let last = 0
  for (const m of summary.matchAll(MOVE)) {
    if (m.index! > last) out.push({ text: summary.slice(last, m.index) })
    out.push({ from: Number(m[1]), to: Number(m[2]) })
    last = m.index! + m[0].length
  }
  if (last < summary.length) out.push({ text: summary.slice(last) })
  return out
}

/** The summary with each move written by `label` (e.g. the translated status names). */
export function statusMovesText(summary: string, label: (status: number) => string): string {
  return statusMoveParts(summary).map((p) => ('text' in p ? p.text : `${label(p.from)} → ${label(p.to)}`)).join('')
}
