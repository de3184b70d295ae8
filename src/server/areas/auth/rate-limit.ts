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

  /** Hits within the window. */
  count(key: string): number {
    return this.live(key).length
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

export interface LoginBrakeOptions {
  /** Failures of one account from one address within the window before that pair is braked. */
  perAccountAddress: number
  /** Failures from one address (any accounts) within the window before the address is braked. */
  perAddress: number
  windowMs: number
  /** Longest delay a braked attempt waits (the first waits min(1 s, this), each further failure doubles it). */
  maxDelayMs: number
  now?: () => number
}

/**
 * The sign-in brake. Only failures count: successes never do, so a warehouse signing in behind one NAT
 * at shift start is never slowed by its own good sign-ins. Failures lock nothing: once an
 * account+address pair (or an address) is over its threshold, each further attempt of that pair waits
 * a progressive, bounded delay before the password is checked, and only one such attempt per pair
 * (and a few per address) may be in flight — more answer 429 at once. The right password still signs
 * in, after the delay; a wrong one answers 429 with the next delay. So the owner is never locked out
 * by someone else (another address is not braked at all), and a guesser gets at most one guess per
 * delay per pair instead of as many as it can send.
 */
export class LoginBrake {
  private readonly pairFailures: SlidingWindowLimiter
  private readonly addressFailures: SlidingWindowLimiter
  private readonly inFlight = new Map<string, number>()

  constructor(readonly opts: LoginBrakeOptions) {
    this.pairFailures = new SlidingWindowLimiter(opts.perAccountAddress, opts.windowMs, opts.now)
    this.addressFailures = new SlidingWindowLimiter(opts.perAddress, opts.windowMs, opts.now)
  }

  private static pair(account: string, address: string) { return `${account}\n${address}` }

  /** Milliseconds a new attempt of this account from this address waits before its check; 0: not braked. */
  delayMs(account: string, address: string): number {
    const excess = Math.max(
      this.pairFailures.count(LoginBrake.pair(account, address)) - this.opts.perAccountAddress,
      this.addressFailures.count(address) - this.opts.perAddress,
    )
    if (excess < 0) return 0
    const first = Math.min(1000, this.opts.maxDelayMs)
    return Math.min(this.opts.maxDelayMs, first * 2 ** Math.min(excess, 20))
  }

  /**
   * Admits a braked attempt: one at a time per account+address, at most `perAccountAddress` at a time
   * per address. Returns the release function, or undefined when the attempt must be refused now.
   */
  admit(account: string, address: string): (() => void) | undefined {
    const keys = [`p\n${LoginBrake.pair(account, address)}`, `a\n${address}`]
    const caps = [1, Math.max(1, this.opts.perAccountAddress)]
    if (keys.some((k, i) => (this.inFlight.get(k) ?? 0) >= caps[i])) return undefined
    for (const k of keys) this.inFlight.set(k, (this.inFlight.get(k) ?? 0) + 1)
    let done = false
    return () => {
      if (done) return
      done = true
      for (const k of keys) {
        const n = (this.inFlight.get(k) ?? 1) - 1
        if (n > 0) this.inFlight.set(k, n)
        else this.inFlight.delete(k)
      }
    }
  }

  failed(account: string, address: string): void {
    this.pairFailures.hit(LoginBrake.pair(account, address))
    this.addressFailures.hit(address)
  }

  /** A good sign-in clears its own pair's failures (not the address's: others' failures stay counted). */
  succeeded(account: string, address: string): void {
    this.pairFailures.reset(LoginBrake.pair(account, address))
  }
}
