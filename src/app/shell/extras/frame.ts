// Embedded-page rules (spec section 2), pure so they are tested without a browser: the frame address
// takes the page's protocol, the routeMeta message the shell posts, and the messages it obeys.

/**
 * The frame address with its protocol forced to the page's ('http:' or 'https:'), so an https console
 * never embeds mixed content. Protocol-relative addresses get the page protocol; relative paths stay as
 * they are; anything that is not http(s) (javascript:, data:, …) is refused with ''.
 */
export function resolveFrameUrl(url: string | null | undefined, pageProtocol: string): string {
  const u = (url ?? '').trim()
  if (!u) return ''
  const proto = pageProtocol.endsWith(':') ? pageProtocol : `${pageProtocol}:`
  if (u.startsWith('//')) return `${proto}${u}`
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(u)
  if (!m) return u
  if (!/^https?$/i.test(m[1])) return ''
  return proto + u.slice(m[0].length)
}

/** The origin a message to the frame may be delivered to (never '*': the payload carries the jwt). */
export function frameOrigin(src: string, pageHref: string): string | null {
  try {
    const o = new URL(src, pageHref).origin
    return o && o !== 'null' ? o : null
  } catch {
    return null
  }
}

export interface FrameIdentity {
  userId: number
  name: string
  warehouse: number
  tenantId: number
  language: string
  jwtToken: string
}

/** The message posted to the frame once it has loaded. */
export function routeMetaMessage(meta: Record<string, unknown>, who: FrameIdentity, url: string) {
  return {
    type: 'routeMeta' as const,
    meta,
    data: JSON.stringify({ userId: who.userId, name: who.name, warehouse: who.warehouse, tenantId: who.tenantId, language: who.language, jwtToken: who.jwtToken, url }),
  }
}

/** An in-app path the frame may send us to; external or odd targets are refused (null). */
function internalPath(target: unknown): string | null {
  let path: string | undefined
  if (typeof target === 'string') path = target
  else if (target && typeof target === 'object') {
    const o = target as { path?: unknown; fullPath?: unknown; query?: unknown }
    const p = typeof o.fullPath === 'string' ? o.fullPath : typeof o.path === 'string' ? o.path : undefined
    if (p !== undefined) {
      path = p
      if (typeof o.fullPath !== 'string' && o.query && typeof o.query === 'object') {
        const qs = new URLSearchParams()
        for (const [k, v] of Object.entries(o.query as Record<string, unknown>)) if (v !== undefined && v !== null && v !== '') qs.append(k, String(v))
        const s = qs.toString()
        if (s) path += (path.includes('?') ? '&' : '?') + s
      }
    }
  }
  if (!path) return null
  path = path.trim()
  if (!path.startsWith('/')) path = '/' + path
  // '//host' or '/\host' would leave the console.
  if (/^\/[/\\]/.test(path)) return null
  return path
}

/** What an incoming frame message asks for: 'scm-backHome' → '/', {type:'routerPush', data} → data's route. */
export function frameMessageTarget(data: unknown): string | null {
  if (data === 'scm-backHome') return '/'
  if (!data || typeof data !== 'object') return null
  const m = data as { msg?: unknown; type?: unknown; data?: unknown }
  if (m.msg === 'scm-backHome' || m.type === 'scm-backHome') return '/'
  if (m.type === 'routerPush') return internalPath(m.data)
  return null
}

/** Applies a frame message; returns whether it navigated. */
export function handleFrameMessage(data: unknown, navigate: (path: string) => void): boolean {
  const target = frameMessageTarget(data)
  if (target === null) return false
  navigate(target)
  return true
}

/** The sandbox and permissions of the frame (spec section 2). */
export const FRAME_SANDBOX = 'allow-forms allow-scripts allow-same-origin allow-popups allow-top-navigation allow-downloads allow-modals'
export const FRAME_ALLOW = 'fullscreen; camera; microphone; geolocation'
