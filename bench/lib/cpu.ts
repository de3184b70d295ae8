// CPU a bench phase cost: the benched server process and, on PostgreSQL, the bench database's
// backends (shared by bench/outbound.ts and bench/outbound-ship.ts).
import { readdirSync, readFileSync } from 'node:fs'

/** CPU time (ms) of a process from /proc (Linux; utime + stime at 100 ticks/s); NaN elsewhere. */
export function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(f[11]) + Number(f[12])) * 10
  } catch { return NaN }
}

export interface Cpu { server: number; db: number }

/**
 * CPU spent by the benched server process and — on PostgreSQL — by the backends of the bench database
 * (found by the database name in their process title; a backend started during the phase counts from 0,
 * one that ended is counted up to its last sample, taken every 200 ms). On PGlite the database runs
 * inside the server process: all of it is "server". What the two cores could do at best follows:
 * ops/s ≤ 1000 / server ms (one Node thread) and ≤ 2000 / (server + db) ms (both cores, nothing else).
 */
export class CpuMeter {
  constructor(private readonly serverPid: number | undefined, private readonly dbName: string | undefined) {}

  private backends(): Map<number, number> {
    const out = new Map<number, number>()
    if (!this.dbName || process.platform !== 'linux') return out
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue
      try {
        const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8')
        if (cmd.startsWith('postgres:') && cmd.includes(` ${this.dbName} `)) out.set(Number(d), cpuOf(Number(d)))
      } catch { /* gone */ }
    }
    return out
  }

  async measure<T>(fn: () => Promise<T>): Promise<[T, Cpu]> {
    const server0 = this.serverPid ? cpuOf(this.serverPid) : NaN
    const first = this.backends()
    const last = new Map(first)
    const sample = () => { for (const [pid, cpu] of this.backends()) { if (!first.has(pid)) first.set(pid, 0); last.set(pid, cpu) } }
    const timer = setInterval(sample, 200)
    try {
      const r = await fn()
      sample()
      let db = 0
      for (const [pid, cpu] of last) db += cpu - (first.get(pid) ?? 0)
      return [r, { server: (this.serverPid ? cpuOf(this.serverPid) : NaN) - server0, db: this.dbName ? db : 0 }]
    } finally { clearInterval(timer) }
  }
}
