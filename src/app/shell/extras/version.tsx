// New-version notice (spec section 4): shown when GET /version.json differs from this build, or when
// the version websocket announces a deploy of the WMS pipeline; activating it reloads the page.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { version as PACKAGE_VERSION } from '../../../../package.json'

/** The version this bundle was built from (VITE_APP_VERSION overrides package.json's). */
export const BUILD_VERSION: string = (import.meta.env?.VITE_APP_VERSION as string | undefined) || PACKAGE_VERSION
export const WMS_PIPELINE = 'WMS'
const RECHECK_MS = 10 * 60_000
const MAX_BACKOFF_MS = 60_000

/** '5.11.04' and '5.11.4' are the same release: numeric parts compare without leading zeros. */
export function normalizeVersion(v: string): string {
  return v.trim().replace(/^v/i, '').split('.').map((p) => (/^\d+$/.test(p) ? String(Number(p)) : p)).join('.')
}

export function isNewVersion(deployed: unknown, build: string = BUILD_VERSION): boolean {
  return typeof deployed === 'string' && deployed.trim() !== '' && normalizeVersion(deployed) !== normalizeVersion(build)
}

/** A websocket message announcing a deploy of the WMS pipeline: {event:'updated', task:{pipelineName}}. */
export function isWmsDeployEvent(message: unknown): boolean {
  let m = message
  if (typeof m === 'string') { try { m = JSON.parse(m) } catch { return false } }
  if (!m || typeof m !== 'object') return false
  const o = m as { event?: unknown; task?: { pipelineName?: unknown } | null }
  return o.event === 'updated' && typeof o.task?.pipelineName === 'string' && o.task.pipelineName.toUpperCase() === WMS_PIPELINE
}

/**
 * Whether a socket message should show the banner: a WMS deploy, unless it names exactly this build
 * (a console loaded after the deploy is already current).
 */
export function deployNeedsReload(message: unknown, build: string = BUILD_VERSION): boolean {
  if (!isWmsDeployEvent(message)) return false
  const m = (typeof message === 'string' ? JSON.parse(message) : message) as { name?: unknown }
  return !(typeof m.name === 'string' && m.name.trim() && !isNewVersion(m.name, build))
}

export async function fetchDeployedVersion(): Promise<string | undefined> {
  const res = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' })
  if (!res.ok) return undefined
  const body = (await res.json().catch(() => undefined)) as { version?: unknown } | undefined
  return typeof body?.version === 'string' ? body.version : undefined
}

/** The version socket; ?v= names this build so the server tells a stale console at once on connect. */
export function versionSocketUrl(loc: Pick<Location, 'protocol' | 'host'> = location, build: string = BUILD_VERSION): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/ws/version?v=${encodeURIComponent(build)}`
}

export function VersionBanner() {
  const { t } = useTranslation()
  const [outdated, setOutdated] = useState(false)

  useEffect(() => {
    let stopped = false
    const check = () => {
      fetchDeployedVersion().then((v) => { if (!stopped && isNewVersion(v)) setOutdated(true) })
        .catch((e) => console.warn('[version] check failed', e))
    }
    check()
    const timer = setInterval(check, RECHECK_MS)
    const onVisible = () => { if (document.visibilityState === 'visible') check() }
    document.addEventListener('visibilitychange', onVisible)

    // Websocket with capped exponential backoff; a deploy restarts the server and drops the socket.
    let ws: WebSocket | null = null
    let retry: ReturnType<typeof setTimeout> | undefined
    let backoff = 1000
    const connect = () => {
      if (stopped || typeof WebSocket === 'undefined') return
      try { ws = new WebSocket(versionSocketUrl()) } catch (e) { console.warn('[version] socket failed', e); return }
      ws.onopen = () => { backoff = 1000 }
      ws.onmessage = (ev) => { if (deployNeedsReload(ev.data)) setOutdated(true) }
      ws.onclose = () => {
        if (stopped) return
        retry = setTimeout(connect, backoff)
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS)
      }
    }
    connect()
    return () => {
      stopped = true
      clearInterval(timer)
      clearTimeout(retry)
      document.removeEventListener('visibilitychange', onVisible)
      if (ws) { ws.onclose = null; ws.close() }
    }
  }, [])

  if (!outdated) return null
  return (
    <button
      type="button"
      data-testid="version-banner"
      onClick={() => location.reload()}
      className="no-print fixed bottom-4 left-1/2 z-40 -translate-x-1/2 rounded-md bg-[var(--theme)] px-4 py-2 text-sm text-white shadow-lg"
    >
      {t('extras:version.available')}
    </button>
  )
}
