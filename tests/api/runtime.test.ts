// Process-level behaviour: one PGlite data directory per process, and the browser's runtime config.
import { describe, it, expect, afterAll } from 'vitest'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync, rmSync, existsSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { acquireDataDirLock, DataDirLockedError } from '../../src/server/db/lock'
import { createTestApp } from '../helpers/app'

const dirs: string[] = []
const tmp = () => { const d = mkdtempSync(join(tmpdir(), 'wms-lock-')); dirs.push(d); return d }
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }) })

describe('data directory lock', () => {
  it('refuses a second holder and frees the directory on release', () => {
    const dir = tmp()
    const lock = acquireDataDirLock(dir)
    expect(readFileSync(join(dir, 'wms.lock'), 'utf8')).toBe(String(process.pid))
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
    lock.release()
    expect(existsSync(join(dir, 'wms.lock'))).toBe(false)
    acquireDataDirLock(dir).release()
  })

  it('takes over a stale lock whose process is gone', () => {
    const dir = tmp()
    writeFileSync(join(dir, 'wms.lock'), '999999') // no such pid
    const lock = acquireDataDirLock(dir)
    expect(readFileSync(join(dir, 'wms.lock'), 'utf8')).toBe(String(process.pid))
    lock.release()
  })

  it('a second server process on the same DATA_DIR exits with a clear message', () => {
    const dir = tmp()
    const lock = acquireDataDirLock(dir) // this test process plays the first server
    try {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, DATA_DIR: dir, PORT: '0', DATABASE_URL: '' }, encoding: 'utf8', timeout: 60_000,
      })
      expect(r.status).toBe(2)
      expect(r.stderr).toContain('is in use by another process')
      expect(r.stderr).toContain(`pid ${process.pid}`)
    } finally { lock.release() }
  }, 60_000)
})

describe('GET /runtime-config.js', () => {
  it('hands the browser the Sentry DSN only when one is configured', async () => {
    const withDsn = await createTestApp({ sentryDsn: 'https://key@errors.example/42' })
    try {
      const res = await withDsn.app.inject({ method: 'GET', url: '/runtime-config.js' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('javascript')
      const config = new Function('window', `${res.body}; return window.__WMS_CONFIG__`)({})
      expect(config).toEqual({ sentryDsn: 'https://key@errors.example/42' })
    } finally { await withDsn.close() }
  })
})
