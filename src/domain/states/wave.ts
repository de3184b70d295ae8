// The wave's machine (stock-out ToC → wave-picking, issue 12): ToPick 0 (made, no task claimed) →
// Picking 1 (a task claimed) → Picked 2 (every task completed, nothing short) or PartPicked 3 (every
// task completed with short picks: their pick-diff exceptions say what happens next); ToPick → Cancelled
// 9 (cancel: the tasks go, the orders leave the wave and keep their reservations). Codes are ours (the
// spec lists the picking labels "to pick, picked, partially picked" without codes).
// Issue 18: allot the wave's tasks (wave-picking:assign) while some is still to pick (ToPick, Picking:
// its unclaimed tasks); print its picking list (pickingtasks:print) unless it was cancelled — one wave
// list at a time (spec section 5), which the command's arguments enforce.
import { WaveStatus } from '../dictionaries'
import { defineMachine, numOf, refuse, textOf } from './machine'

export interface WaveFacts { waveNo: string; status: number }

export const waveMachine = defineMachine<WaveFacts>({
  name: 'wave',
  statuses: Object.values(WaveStatus),
  commands: {
    'outbound.wave.cancel': (w) => (w.status === WaveStatus.ToPick ? true : refuse('outbound:wave.errors.cancelStatus', { waveNo: w.waveNo })),
    'outbound.wave.assign': (w) => (w.status === WaveStatus.ToPick || w.status === WaveStatus.Picking ? true : refuse('outbound:wave.errors.assignStatus', { waveNo: w.waveNo })),
    'outbound.wave.printList': (w) => (w.status !== WaveStatus.Cancelled ? true : refuse('outbound:wave.errors.printCancelled', { waveNo: w.waveNo })),
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.waveNo ? undefined : { waveNo: textOf(r.waveNo), status }
  },
})
