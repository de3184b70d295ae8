// Runs before every test file (vitest setupFiles). The server's suites share their worker process
// between files (isolate: false, see vite.config.ts), so what one file sets in process.env (e.g.
// CARRIER_SIM_FAIL=0 for its carrier simulator) must not reach the next file: each file starts from the
// environment the worker had before any test file ran.
type Env = Record<string, string | undefined>
const slot = globalThis as typeof globalThis & { __wmsBaseEnv?: Env }
const base: Env = (slot.__wmsBaseEnv ??= { ...process.env })
for (const k of Object.keys(process.env)) if (!(k in base)) delete process.env[k]
for (const [k, v] of Object.entries(base)) if (v !== undefined) process.env[k] = v
