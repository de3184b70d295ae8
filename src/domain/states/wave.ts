// The wave's machine (stock-out ToC → wave-picking, issue 12): ToPick 0 (made, no task claimed) →
// Picking 1 (a task claimed) → Picked 2 (every task completed, nothing short) or PartPicked 3 (every
// task completed with short picks: their pick-diff exceptions say what happens next); ToPick → Cancelled
// 9 (cancel: the tasks go, the orders leave the wave and keep their reservations). Codes are ours (the
// spec lists the picking labels "to pick, picked, partially picked" without codes).
// Issue 18: allot the wave's tasks (wave-picking:assign) while some is still to pick (ToPick, Picking:
// its unclaimed tasks); print its picking list (pickingtasks:print) unless it was cancelled — one wave
// list at a time (spec section 5), which the command's arguments enforce.
import { WaveStatus } from '../dictionaries'
import { defineMachine, numOf, refuseStatus, textOf, type Verdict } from './machine'

export interface WaveFacts { waveNo: string; status: number }

/** Allowed only from these statuses, else the status refusal naming the wave's status and these. */
const only = (statuses: readonly number[], key: string) => (w: WaveFacts): Verdict =>
  statuses.includes(w.status) ? true : refuseStatus(key, 'waveStatus', w.status, statuses, { waveNo: w.waveNo })

export const waveMachine = defineMachine<WaveFacts>({
  name: 'wave',
  statuses: Object.values(WaveStatus),
  commands: {
    'outbound.wave.cancel': only([WaveStatus.ToPick], 'outbound:wave.errors.cancelStatus'),
    'outbound.wave.assign': only([WaveStatus.ToPick, WaveStatus.Picking], 'outbound:wave.errors.assignStatus'),
    'outbound.wave.printList': only(Object.values(WaveStatus).filter((s) => s !== WaveStatus.Cancelled), 'outbound:wave.errors.printCancelled'),
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.waveNo ? undefined : { waveNo: textOf(r.waveNo), status }
  },
})
