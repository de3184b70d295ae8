// Minimal document.cookie helpers (spec section 3: sidebarStatus, language, size, isManual live in cookies).
export function getCookie(name: string): string | undefined {
  for (const part of document.cookie ? document.cookie.split('; ') : []) {
    const i = part.indexOf('=')
    const k = i < 0 ? part : part.slice(0, i)
    if (decodeURIComponent(k) === name) return decodeURIComponent(i < 0 ? '' : part.slice(i + 1))
  }
  return undefined
}

export function setCookie(name: string, value: string, opts: { days?: number; path?: string; domain?: string } = {}): void {
  let c = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${opts.path ?? '/'}; SameSite=Lax`
  if (opts.days !== undefined) c += `; max-age=${Math.round(opts.days * 86400)}`
  if (opts.domain) c += `; domain=${opts.domain}`
  document.cookie = c
}

export function removeCookie(name: string, opts: { path?: string; domain?: string } = {}): void {
  let c = `${encodeURIComponent(name)}=; path=${opts.path ?? '/'}; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT`
  if (opts.domain) c += `; domain=${opts.domain}`
  document.cookie = c
}

/** Host and each parent domain ('a.b.example.com' → itself, 'b.example.com', 'example.com'). */
export function domainCandidates(hostname: string): string[] {
  if (!hostname || /^[\d.]+$/.test(hostname) || !hostname.includes('.')) return []
  const parts = hostname.split('.')
  const out: string[] = []
  for (let i = 0; i < parts.length - 1; i++) out.push(parts.slice(i).join('.'))
  return out
}

/**
 * Removes every cookie this page can see. A cookie is deleted only with the path and domain it was
 * set with (the token lives on the parent domain), so each name is expired for every candidate pair.
 */
export function clearAllCookies(): void {
  const names = (document.cookie ? document.cookie.split('; ') : []).map((p) => decodeURIComponent(p.split('=')[0]))
  const paths = ['/']
  const segs = location.pathname.split('/').filter(Boolean)
  for (let i = 1; i <= segs.length; i++) paths.push('/' + segs.slice(0, i).join('/'))
  const domains: (string | undefined)[] = [undefined, ...domainCandidates(location.hostname), ...domainCandidates(location.hostname).map((d) => '.' + d)]
  for (const name of names) for (const path of paths) for (const domain of domains) removeCookie(name, { path, domain })
}
