// The loading document's machine (issue 21 "Shipments and containers"; spec §4 loading: waiting load
// container, loaded container, closed — codes ours, src/domain/container-loading.ts LoadingStatus).
// Waiting load (0): boxes are scanned in (and may be taken back out); finish loading → Loaded (1): no
// more scans; close with the seal number → Closed (2); ship a closed container once: its boxes leave
// through the ledger under the ZG number (shipped_at set, the status stays Closed).
import { LoadingStatus } from '../container-loading'
import { defineMachine, numOf, refuse, refuseStatus, textOf, type Verdict } from './machine'

const S = LoadingStatus
export interface LoadingFacts { loadingNo: string; status: number; shipped: boolean }

const DICT = 'loadingStatus'
const p = (d: LoadingFacts) => ({ loadingNo: d.loadingNo })
export const LOADING_FROM = {
  load: [S.WaitingLoad],
  finish: [S.WaitingLoad],
  close: [S.Loaded],
  ship: [S.Closed],
} as const satisfies Record<string, readonly number[]>

const inStatus = (key: string, allowed: readonly number[]) => (d: LoadingFacts): Verdict =>
  ((allowed as readonly number[]).includes(d.status) ? true : refuseStatus(key, DICT, d.status, allowed, p(d)))

export const containerLoadingMachine = defineMachine<LoadingFacts>({
  name: 'containerLoading',
  statuses: Object.values(S),
  commands: {
    'containers.loading.scan': inStatus('containers:errors.loadStatus', LOADING_FROM.load),
    'containers.loading.unload': inStatus('containers:errors.loadStatus', LOADING_FROM.load),
    'containers.loading.finish': inStatus('containers:errors.finishStatus', LOADING_FROM.finish),
    'containers.loading.close': inStatus('containers:errors.closeStatus', LOADING_FROM.close),
    'containers.loading.ship': (d) => {
      const s = inStatus('containers:errors.shipStatus', LOADING_FROM.ship)(d)
      if (s !== true) return s
      return d.shipped ? refuse('containers:errors.shipped', p(d)) : true
    },
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.loadingNo ? undefined : { loadingNo: textOf(r.loadingNo), status, shipped: r.shippedAt != null && r.shippedAt !== '' }
  },
})
