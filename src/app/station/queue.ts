// The station's scan queue: every scan becomes one item with its own Idempotency-Key, sent strictly
// one at a time in the order scanned. A scan made while the previous one is in flight waits behind it.
// A send that fails without an answer from the business rules (network down, timeout, 5xx, expired
// session, 429) keeps the item AND its key at the head of the queue and retries it with backoff, so the
// server applies it at most once even if the first attempt did commit. A business refusal (other 4xx)
// is an answer: the item leaves the queue and the refusal is reported. Nothing is ever dropped
// silently; with `storageKey` the unsent items also survive a reload (localStorage).
import { ApiError } from '../api/clients'

export type ScanState = 'queued' | 'sending' | 'retrying'

export interface ScanItem<A> {
  /** Local sequence number (display and ordering). */
  seq: number
  /** The Idempotency-Key of this scan — kept for every retry. */
  key: string
  args: A
  /** What the operator scanned (shown in the pending list). */
  label: string
  state: ScanState
  attempts: number
  /** Last transport error message (while retrying). */
  lastError?: string
  at: number
}

export type Sender<A, R> = (args: A, key: string) => Promise<R>

export interface ScanQueueOptions<A, R> {
  send: Sender<A, R>
  /** The server accepted the scan. */
  onDone?: (item: ScanItem<A>, result: R) => void
  /** The server refused the scan (business rule): the item is finished, not retried. */
  onRefused?: (item: ScanItem<A>, error: unknown) => void
  /** A send failed without a business answer; the item stays and will be retried. */
  onRetry?: (item: ScanItem<A>, error: unknown) => void
  /** Which errors keep the item for a retry; default `isTransportError`. */
  retryable?: (error: unknown) => boolean
  /** Delay before retry n (1-based); default 500 ms doubling up to 8 s. */
  retryDelayMs?: (attempt: number) => number
  newKey?: () => string
  /** Persist unsent items under this localStorage key (include the user and warehouse pair in it). */
  storageKey?: string
}

/** No business answer arrived: network, timeout, server error, session to renew, rate limit. */
export function isTransportError(e: unknown): boolean {
  if (!(e instanceof ApiError)) return true
  return e.status === 0 || e.status >= 500 || e.status === 401 || e.status === 429 || e.code === '302'
}

const defaultDelay = (n: number) => Math.min(8000, 500 * 2 ** (n - 1))

export class ScanQueue<A, R = unknown> {
  private list: ScanItem<A>[] = []
  private seq = 0
  private busy = false
  private timer: ReturnType<typeof setTimeout> | undefined
  private disposed = false
  private readonly listeners = new Set<() => void>()
  private snapshot: readonly ScanItem<A>[] = []

  private opts: ScanQueueOptions<A, R>

  constructor(opts: ScanQueueOptions<A, R>) {
    this.opts = opts
    const restored = this.load()
    if (restored.length) {
      this.list = restored.map((i) => ({ ...i, state: 'queued' as const }))
      this.seq = Math.max(...restored.map((i) => i.seq))
      this.changed()
      queueMicrotask(() => this.pump())
    }
  }

  /** Adds a scan at the end; it is sent after every scan before it. */
  enqueue(args: A, label = ''): ScanItem<A> {
    const key = (this.opts.newKey ?? (() => crypto.randomUUID()))()
    const item: ScanItem<A> = { seq: ++this.seq, key, args, label, state: 'queued', attempts: 0, at: Date.now() }
    this.list = [...this.list, item]
    this.changed()
    this.pump()
    return item
  }

  /** Items not yet answered, oldest first (stable reference between changes, for useSyncExternalStore). */
  items = (): readonly ScanItem<A>[] => this.snapshot

  get size(): number { return this.list.length }

  /**
   * Resolves once every scan queued so far is answered (the queue empty): a read that depends on what
   * they did — which slot the next item goes to — waits for them instead of racing them.
   */
  idle(): Promise<void> {
    if (!this.list.length) return Promise.resolve()
    return new Promise((resolve) => {
      const off = this.subscribe(() => { if (!this.list.length) { off(); resolve() } })
    })
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn)
    return () => { this.listeners.delete(fn) }
  }

  /** Retries a waiting head item now (the operator pressed retry, or the browser came back online). */
  retryNow(): void {
    if (this.timer === undefined) return
    clearTimeout(this.timer)
    this.timer = undefined
    this.pump()
  }

  /** Stops sending (an answer in flight is still recorded); unsent items stay, in storage too when persisted. */
  dispose(): void {
    this.disposed = true
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
  }

  /** Swaps the callbacks (a re-rendered station passes fresh closures); the storage key stays. */
  configure(opts: Omit<ScanQueueOptions<A, R>, 'storageKey'>): void {
    this.opts = { ...opts, storageKey: this.opts.storageKey }
  }

  /** Undoes dispose (a remount) and carries on with the waiting items. */
  resume(): void {
    this.disposed = false
    this.pump()
  }

  private pump(): void {
    if (this.busy || this.disposed || this.timer !== undefined) return
    const head = this.list[0]
    if (!head) return
    this.busy = true
    this.update(head, { state: 'sending', attempts: head.attempts + 1 })
    const current = this.list[0]!
    void this.opts.send(current.args, current.key).then(
      (result) => {
        this.busy = false
        this.remove(current)
        this.opts.onDone?.(current, result)
        this.pump()
      },
      (error: unknown) => {
        this.busy = false
        if ((this.opts.retryable ?? isTransportError)(error)) {
          this.update(current, { state: 'retrying', lastError: error instanceof Error ? error.message : String(error) })
          this.opts.onRetry?.(this.list[0]!, error)
          if (this.disposed) return
          this.timer = setTimeout(() => { this.timer = undefined; this.pump() }, (this.opts.retryDelayMs ?? defaultDelay)(current.attempts))
          return
        }
        this.remove(current)
        this.opts.onRefused?.(current, error)
        this.pump()
      },
    )
  }

  private update(item: ScanItem<A>, patch: Partial<ScanItem<A>>): void {
    this.list = this.list.map((i) => (i.key === item.key ? { ...i, ...patch } : i))
    this.changed()
  }

  private remove(item: ScanItem<A>): void {
    this.list = this.list.filter((i) => i.key !== item.key)
    this.changed()
  }

  private changed(): void {
    this.snapshot = this.list
    this.save()
    for (const l of this.listeners) l()
  }

  private load(): ScanItem<A>[] {
    if (!this.opts.storageKey || typeof localStorage === 'undefined') return []
    try {
      const v = JSON.parse(localStorage.getItem(this.opts.storageKey) ?? '[]') as unknown
      return Array.isArray(v) ? (v as ScanItem<A>[]).filter((i) => i && typeof i.key === 'string') : []
    } catch {
      return []
    }
  }

  private save(): void {
    if (!this.opts.storageKey || typeof localStorage === 'undefined') return
    try {
      if (this.list.length) localStorage.setItem(this.opts.storageKey, JSON.stringify(this.list))
      else localStorage.removeItem(this.opts.storageKey)
    } catch { /* storage full or disabled: the in-memory queue still holds the scans */ }
  }
}
