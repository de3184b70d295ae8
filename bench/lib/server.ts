// Shared by the HTTP benches: a free loopback port from a given range, the real server
// (tsx src/server/main.ts) started on it and stopped again, and a percentile helper.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

/** "8260-8269" or "8260,8261" → the ports; `fallback` when unset. */
export function portsFrom(spec: string | undefined, fallback: number[]): number[] {
  if (!spec) return fallback
  const m = /^(\d+)-(\d+)$/.exec(spec.trim())
  if (m) return Array.from({ length: Number(m[2]) - Number(m[1]) + 1 }, (_, i) => Number(m[1]) + i)
  return spec.split(',').map((p) => Number(p.trim())).filter((p) => Number.isInteger(p) && p > 0)
}

export async function freePort(ports: number[]): Promise<number> {
  for (const port of ports) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = createServer()
      s.once('error', () => resolve(false))
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)))
    })
    if (ok) return port
  }
  throw new Error(`no free port in ${ports[0]}-${ports[ports.length - 1]}`)
}

export interface RunningServer { base: string; child: ChildProcess; exited: Promise<void>; stop(): Promise<void> }

/**
 * Starts the server with `env` on the first free port of `ports`; resolves once it says it is ready.
 * The server is the child itself (node --import tsx, no wrapper process), so a signal sent to `child`
 * — SIGKILL in the crash test — reaches the process that holds the database.
 */
export async function startServer(env: Record<string, string>, ports: number[]): Promise<RunningServer> {
  const port = await freePort(ports)
  const child = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', STATIC_DIR: '/nonexistent',
      // The sign-in limit would (rightly) stop a load generator at 20/min from one address.
      LOGIN_LIMIT_ADDRESS: '100000000', LOGIN_LIMIT_ACCOUNT: '100000000', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d) => { output += d })
  child.stderr!.on('data', (d) => { output += d })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`)
    try {
      const r = await fetch(`${base}/version.json`)
      await r.arrayBuffer()
      if (output.includes('ready')) break
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`server did not start:\n${output}`) }
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    base, child, exited,
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      const t = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(t)
    },
  }
}

/** The p-th percentile of an ascending array (nearest rank). */
export const pct = (sorted: number[], p: number) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN
