// The transfer order's machine (issue 21 "Transfer orders", part L; spec §4 construction stage
// NewConstruction 1, PendingCollected 2, PendingTransfer 3, TransferInprogress 4, TransferCompleted 5,
// AuditCompleted 6; Cancelled 9 = the spec's transfer label "cancelled/void"). Each move is a command:
//   1 → 2 confirm: the lines are reserved on the sending warehouse's ledger ("transfer count not above
//         maximum": a line above the available stock is refused naming the numbers);
//   2 → 3 assign picking: the reserved goods go to the picked location and a packing task (ZX) packs them
//         into boxes. Spec §8 "Transfer order must be completed before assigning picking" is read as: the
//         order must be complete (confirmed, out of NewConstruction 1) before picking is assigned;
//   3 → 4 ship: the one shipment of the transfer ("only one shipment for transfer out"): every closed box
//         leaves through the ledger; the receiving warehouse gets an inbound order of type Transfer;
//   4 → 5 complete: the receiving inbound order is finished;
//   5 → 6 audit;
//   2 → 9 void/cancel: spec §5 "Batch-void/cancel transfer orders only when pending collection".
import { ConstructionStage } from '../dictionaries'
import { defineMachine, numOf, refuseStatus, textOf, type Verdict } from './machine'

const S = ConstructionStage
export interface TransferOrderFacts { transferNo: string; status: number }

const DICT = 'constructionStage'
/** Statuses each command is allowed from (its refusal names them). */
export const TRANSFER_FROM = {
  confirm: [S.NewConstruction],
  assignPicking: [S.PendingCollected],
  ship: [S.PendingTransfer],
  complete: [S.TransferInprogress],
  audit: [S.TransferCompleted],
  cancel: [S.PendingCollected],
} as const satisfies Record<string, readonly number[]>

const inStatus = (key: string, allowed: readonly number[]) => (d: TransferOrderFacts): Verdict =>
  ((allowed as readonly number[]).includes(d.status) ? true : refuseStatus(key, DICT, d.status, allowed, { transferNo: d.transferNo }))

export const transferOrderMachine = defineMachine<TransferOrderFacts>({
  name: 'transferOrder',
  statuses: Object.values(S),
  commands: {
    'transfer.order.confirm': inStatus('transfers:errors.confirmStatus', TRANSFER_FROM.confirm),
    'transfer.order.assignPicking': inStatus('transfers:errors.assignPickingStatus', TRANSFER_FROM.assignPicking),
    'transfer.order.ship': inStatus('transfers:errors.shipStatus', TRANSFER_FROM.ship),
    'transfer.order.complete': inStatus('transfers:errors.completeStatus', TRANSFER_FROM.complete),
    'transfer.order.audit': inStatus('transfers:errors.auditStatus', TRANSFER_FROM.audit),
    'transfer.order.cancel': inStatus('transfers:errors.cancelStatus', TRANSFER_FROM.cancel),
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.transferNo ? undefined : { transferNo: textOf(r.transferNo), status }
  },
})
