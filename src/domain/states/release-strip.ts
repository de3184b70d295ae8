// The vehicle release strip's machine (stock-in → ReleaseStrip): Waiting 0 → Released 1, once. That
// every linked inbound order is Receiving or Finish is a question of other documents: the server checks
// it when releasing ('inbound:release.errors.ordersNotReceiving').
import { defineMachine, numOf, refuseStatus, textOf } from './machine'

/** Codes are ours (0026_inbound_extra.sql: released_at is set exactly when status = 1). */
export const ReleaseStatus = { Waiting: 0, Released: 1 } as const
export interface ReleaseFacts { stripNo: string; status: number }
/** Statuses a strip is released from (the refusal names them; labels inbound:release.status.<code>). */
export const RELEASE_FROM: readonly number[] = [ReleaseStatus.Waiting]

export const releaseStripMachine = defineMachine<ReleaseFacts>({
  name: 'releaseStrip',
  statuses: Object.values(ReleaseStatus),
  commands: {
    'inbound.release.release': (s) => (RELEASE_FROM.includes(s.status) ? true
      : refuseStatus('inbound:release.errors.alreadyReleased', (c) => `inbound:release.status.${c}`, s.status, RELEASE_FROM, { stripNo: s.stripNo })),
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.stripNo ? undefined : { stripNo: textOf(r.stripNo), status }
  },
})
