// React binding of ScanQueue: one queue per station (and per storage key), the newest callbacks always
// used, pending items as state, paused while unmounted (StrictMode-safe) and nudged when the browser
// comes back online.
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react'
import { ScanQueue, type ScanItem, type ScanQueueOptions } from './queue'

export function useScanQueue<A, R>(opts: ScanQueueOptions<A, R>): { queue: ScanQueue<A, R>; pending: readonly ScanItem<A>[] } {
  const [state, setState] = useState(() => ({ storageKey: opts.storageKey, queue: new ScanQueue<A, R>(opts) }))
  let queue = state.queue
  if (state.storageKey !== opts.storageKey) {
    queue = new ScanQueue<A, R>(opts)
    setState({ storageKey: opts.storageKey, queue })
  }
  useLayoutEffect(() => { queue.configure(opts) })
  useEffect(() => {
    queue.resume()
    const online = () => queue.retryNow()
    window.addEventListener('online', online)
    return () => { window.removeEventListener('online', online); queue.dispose() }
  }, [queue])
  const pending = useSyncExternalStore(queue.subscribe, queue.items, queue.items)
  return { queue, pending }
}
