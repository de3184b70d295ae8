// The wave's machine (stock-out ToC → wave-picking, issue 12): ToPick 0 (made, no task claimed) →
// Picking 1 (a task claimed) → Picked 2 (every task completed, nothing short) or PartPicked 3 (every
// task completed with short picks: their pick-diff exceptions say what happens next); ToPick → Cancelled
// 9 (cancel: the tasks go, the orders leave the wave and keep their reservations). Codes are ours (the
// spec lists the picking labels "to pick, picked, partially picked" without codes).
import { WaveStatus } from '../dictionaries'
import { defineMachine, numOf, refuse, textOf } from './machine'

export interface WaveFacts { waveNo: string; status: number }

export const waveMachine = defineMachine<WaveFacts>({
  name: 'wave',
  statuses: Object.values(WaveStatus),
  commands: {
    'outbound.wave.cancel': (w) => (w.status === WaveStatus.ToPick ? true : refuse('outbound:wave.errors.cancelStatus', { waveNo: w.waveNo })),
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.waveNo ? undefined : { waveNo: textOf(r.waveNo), status }
  },
})
