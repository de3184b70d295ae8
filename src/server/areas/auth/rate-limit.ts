// Sliding-window counters for the sign-in rate limit. Kept in memory on purpose: PGlite is one process
// by construction, and on PostgreSQL each server process limits on its own (N processes allow N× the
// limit) — acceptable for a brute-force brake, and it costs no database write per attempt.
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>()

  constructor(readonly limit: number, readonly windowMs: number, private readonly now: () => number = Date.now) {}

  private live(key: string): number[] {
    const t = this.now()
    const list = this.hits.get(key)
    if (!list) return []
    while (list.length && list[0] <= t - this.windowMs) list.shift()
    if (!list.length) this.hits.delete(key)
    return list
  }

  /** Seconds until one more attempt is allowed; 0 when allowed now. */
  retryAfter(key: string): number {
    const list = this.live(key)
    if (list.length < this.limit) return 0
    const oldest = list[list.length - this.limit]
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000))
  }

  hit(key: string): void {
    const list = this.live(key)
    list.push(this.now())
    this.hits.set(key, list)
    // Bound memory under a spray of distinct keys: sweep expired entries now and then.
    if (this.hits.size > 10_000) for (const k of [...this.hits.keys()]) this.live(k)
  }

  reset(key: string): void { this.hits.delete(key) }
}
