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

/** An admitted sign-in attempt: wait `delayMs` (0: not braked) before checking, then `end()` it. */
export interface BrakedAttempt { delayMs: number; end(): void }

/**
 * The sign-in brake. Only failures count: successes never do, so a warehouse signing in behind one NAT
 * at shift start is never slowed by its own good sign-ins. Failures lock nothing: once an
 * account+address pair (or an address) is over its threshold, each further attempt of that pair waits
 * a progressive, bounded delay before the password is checked, and only one such attempt per pair
 * (and a few per address) may be in flight — more answer 429 at once. The right password still signs
 * in, after the delay; a wrong one answers 429 with the next delay. So the owner is never locked out
 * by someone else (another address is not braked at all), and a guesser gets at most one guess per
 * delay per pair instead of as many as it can send. Attempts still running count as failures until
 * they end, so a burst sent all at once is braked like the same attempts sent one after another.
 */
export class LoginBrake {
  private readonly pairFailures: SlidingWindowLimiter
  private readonly addressFailures: SlidingWindowLimiter
  /** Attempts running (`r…` keys) and braked attempts running (`b…` keys), per pair and per address. */
  private readonly running = new Map<string, number>()

  constructor(readonly opts: LoginBrakeOptions) {
    this.pairFailures = new SlidingWindowLimiter(opts.perAccountAddress, opts.windowMs, opts.now)
    this.addressFailures = new SlidingWindowLimiter(opts.perAddress, opts.windowMs, opts.now)
  }

  private static pair(account: string, address: string) { return `${account}\n${address}` }
  private n(key: string) { return this.running.get(key) ?? 0 }
  private add(keys: string[], d: 1 | -1) {
    for (const k of keys) {
      const v = this.n(k) + d
      if (v > 0) this.running.set(k, v)
      else this.running.delete(k)
    }
  }

  /** Milliseconds a new attempt of this account from this address waits before its check; 0: not braked. */
  delayMs(account: string, address: string): number {
    const pair = LoginBrake.pair(account, address)
    const excess = Math.max(
      this.pairFailures.count(pair) + this.n(`r\n${pair}`) - this.opts.perAccountAddress,
      this.addressFailures.count(address) + this.n(`r\n\n${address}`) - this.opts.perAddress,
    )
    if (excess < 0) return 0
    const first = Math.min(1000, this.opts.maxDelayMs)
    return Math.min(this.opts.maxDelayMs, first * 2 ** Math.min(excess, 20))
  }

  /**
   * Admits an attempt, or answers undefined when it must be refused now (a braked attempt while one of
   * the same pair, or `perAccountAddress` of the same address, are still running).
   */
  begin(account: string, address: string): BrakedAttempt | undefined {
    const pair = LoginBrake.pair(account, address)
    const delayMs = this.delayMs(account, address)
    const keys = [`r\n${pair}`, `r\n\n${address}`]
    if (delayMs > 0) {
      if (this.n(`b\n${pair}`) >= 1 || this.n(`b\n\n${address}`) >= Math.max(1, this.opts.perAccountAddress)) return undefined
      keys.push(`b\n${pair}`, `b\n\n${address}`)
    }
    this.add(keys, 1)
    let ended = false
    return { delayMs, end: () => { if (!ended) { ended = true; this.add(keys, -1) } } }
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
