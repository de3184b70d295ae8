// Permission semantics of spec section 6, shared by the server (enforcement) and the UI (courtesy).
// A held permission "matches" a required one when the required code is a substring of a held code;
// for a list, any overlap. On new-menu pages required names get the suffix `_new`. A missing
// requirement is a programming error: 'need roles!'. skipAuth (default true) turns checks off for
// a menu's buttons — but never on the server for mutating commands (see hasPermission's `server`).
export const ADMIN_ROLE = 'admin'

export class NeedRolesError extends Error {
  constructor() { super('need roles!'); this.name = 'NeedRolesError' }
}

export interface PermissionContext {
  permissions: readonly string[]
  roles?: readonly string[]
  skipAuth?: boolean
  /** The current page is a new-menu page: required names get `_new`. */
  newMenu?: boolean
}

export function permissionMatches(required: string, held: readonly string[]): boolean {
  return held.some((h) => h.includes(required))
}

/** The directive's check (spec section 6). */
export function checkPermission(required: string | readonly string[] | undefined | null, ctx: PermissionContext): boolean {
  if (required === undefined || required === null || required === '' || (Array.isArray(required) && required.length === 0)) {
    throw new NeedRolesError()
  }
  if (ctx.roles?.includes(ADMIN_ROLE)) return true
  if (ctx.skipAuth) return true
  const list = (typeof required === 'string' ? [required] : required).map((r) => (ctx.newMenu ? `${r}_new` : r))
  return list.some((r) => permissionMatches(r, ctx.permissions))
}

/** Server-side check: exact code (or admin); skipAuth never applies to the server. */
export function holdsPermission(code: string, held: ReadonlySet<string> | readonly string[], roles: readonly string[]): boolean {
  if (roles.includes(ADMIN_ROLE)) return true
  const set = held instanceof Set ? held : new Set(held as readonly string[])
  return set.has(code) || set.has(`${code}_new`)
}

/** Route meta roles filter (spec section 2 "Route building"): admin sees all; no roles = open. */
export function routeAllowed(metaRoles: readonly string[] | undefined, userRoles: readonly string[]): boolean {
  if (userRoles.includes(ADMIN_ROLE)) return true
  if (!metaRoles || metaRoles.length === 0) return true
  return metaRoles.some((r) => userRoles.includes(r))
}
