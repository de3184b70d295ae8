// Cookie helpers for the persisted UI state of spec section 3 (token, jwtToken, sidebarStatus, language,
// isManual, size, the chosen warehouse-tenant pair). The refresh token is not among them: the server
// keeps it in an httpOnly cookie page scripts cannot read (README "Tokens and cookies").
// Tokens are scoped to the parent domain when there is one (spec section 9) so sibling apps of the
// single sign-on share them; on localhost or an IP address there is no parent: the host only.

export const COOKIE = {
  token: 'token',
  /** Where older consoles kept the refresh token readable by scripts: only ever removed now. */
  legacyRefreshToken: 'refreshToken',
  jwtToken: 'jwtToken',
  sidebarStatus: 'sidebarStatus',
  language: 'language',
  isManual: 'isManual',
  size: 'size',
  /** `<warehouseId>-<tenantId>` of the pair last chosen. */
  warehouseTenant: 'warehouseTenant',
} as const

/** '.example.com' for 'wms.example.com'; undefined for 'localhost', 'example.com' and IP addresses. */
export function parentDomain(hostname: string): string | undefined {
  if (!hostname || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return undefined
  const labels = hostname.split('.')
  if (labels.length < 3) return undefined
  return '.' + labels.slice(1).join('.')
}

export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  for (const part of document.cookie.split(';')) {
    const i = part.indexOf('=')
    if (i < 0) continue
    if (part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim())
  }
  return undefined
}

export function setCookie(name: string, value: string, opts: { days?: number; parent?: boolean } = {}): void {
  if (typeof document === 'undefined') return
  let c = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`
  if (opts.days) c += `; max-age=${Math.round(opts.days * 86400)}`
  const domain = opts.parent ? parentDomain(location.hostname) : undefined
  if (domain) c += `; domain=${domain}`
  if (location.protocol === 'https:') c += '; Secure'
  document.cookie = c
}

export function removeCookie(name: string, opts: { parent?: boolean } = {}): void {
  if (typeof document === 'undefined') return
  // A past expires as well as max-age=0: happy-dom keeps a max-age=0 cookie until the clock ticks.
  const gone = `${name}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT`
  document.cookie = gone
  const domain = opts.parent ? parentDomain(location.hostname) : undefined
  if (domain) document.cookie = `${gone}; domain=${domain}`
}
