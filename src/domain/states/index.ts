// Every document with states, for the state test (tests/domain/document-states.test.ts) and the
// contract that each machine's command ids are registered commands.
import type { MachineDef } from './machine'
import { auditChecklistMachine, auditPlanMachine } from './audit-plan'
import { inboundOrderMachine } from './inbound-order'
import { inspectionMachine } from './inspection'
import { shelvingTaskMachine } from './shelving-task'
import { returnOrderMachine } from './return-order'
import { quickInboundMachine } from './quick-inbound'
import { releaseStripMachine } from './release-strip'
import { upcRequestMachine } from './upc-request'
import { outboundOrderMachine } from './outbound-order'
import { waveMachine } from './wave'
import { pickingTaskMachine } from './picking-task'
import { pickDiffMachine } from './pick-diff'
import { faceSheetMachine } from './face-sheet'
import { returnShelfTaskMachine } from './return-shelf-task'
import { sortingTaskMachine } from './sorting-task'
import { sampleOutMachine } from './approval'
import { countPlanMachine, countTaskMachine } from './count-task'
import { moveOrderMachine } from './move-order'
import { replenishmentTaskMachine } from './replenishment-task'
import { packingTaskMachine } from './packing-task'
import { shipmentMachine } from './shipment'
import { transferOrderMachine } from './transfer-order'
import { containerLoadingMachine } from './container-loading'
import { outboundExceptionMachine } from './outbound-exception'

export const DOCUMENT_MACHINES: readonly MachineDef<any>[] = [
  faceSheetMachine, inboundOrderMachine, inspectionMachine, shelvingTaskMachine, returnOrderMachine, quickInboundMachine, releaseStripMachine, upcRequestMachine, outboundOrderMachine, waveMachine, pickingTaskMachine, pickDiffMachine, returnShelfTaskMachine, sortingTaskMachine, countTaskMachine, sampleOutMachine, countPlanMachine, moveOrderMachine, replenishmentTaskMachine, auditPlanMachine, auditChecklistMachine, packingTaskMachine, shipmentMachine, containerLoadingMachine, transferOrderMachine, outboundExceptionMachine,
]
