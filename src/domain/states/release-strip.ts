// The vehicle release strip's machine (stock-in → ReleaseStrip): Waiting 0 → Released 1, once. That
// every linked inbound order is Receiving or Finish is a question of other documents: the server checks
// it when releasing ('inbound:release.errors.ordersNotReceiving').
import { defineMachine, numOf, refuse, textOf } from './machine'

/** Codes are ours (0026_inbound_extra.sql: released_at is set exactly when status = 1). */
export const ReleaseStatus = { Waiting: 0, Released: 1 } as const
export interface ReleaseFacts { stripNo: string; status: number }

export const releaseStripMachine = defineMachine<ReleaseFacts>({
  name: 'releaseStrip',
  statuses: Object.values(ReleaseStatus),
  commands: {
    'inbound.release.release': (s) => (s.status === ReleaseStatus.Released ? refuse('inbound:release.errors.alreadyReleased', { stripNo: s.stripNo }) : true),
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.stripNo ? undefined : { stripNo: textOf(r.stripNo), status }
  },
})
