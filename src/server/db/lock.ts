// PGlite has no lock of its own: two processes on one data directory would corrupt it. We take an
// exclusive lock file holding our pid; a stale one (its process gone) is taken over.
import { openSync, writeSync, closeSync, readFileSync, unlinkSync } from 'node:fs'
import { join } from 'node:path'

export interface DataDirLock { release(): void }

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(`The data directory ${dataDir} is in use by another process (pid ${pid}). ` +
      'PGlite allows one process per data directory: stop that process, or set DATA_DIR to another directory, ' +
      'or use PostgreSQL through DATABASE_URL.')
    this.name = 'DataDirLockedError'
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try { process.kill(pid, 0); return true } catch (e) { return (e as NodeJS.ErrnoException).code === 'EPERM' }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = join(dataDir, 'wms.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let released = false
      const release = () => {
        if (released) return
        released = true
        try { if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file) } catch { /* already gone */ }
      }
      process.once('exit', release)
      return { release }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      const pid = Number(readFileSync(file, 'utf8').trim())
      if (alive(pid) && pid !== process.pid) throw new DataDirLockedError(dataDir, pid)
      if (pid === process.pid) throw new DataDirLockedError(dataDir, pid)
      unlinkSync(file) // stale: its process is gone
    }
  }
  throw new Error(`could not lock ${dataDir}`)
}
