// Session flow of spec section 4: tokens from the sign-on redirect → user info → warehouse-tenant
// pair → warehouse location → menus → permissions → favourites. Logout, token refresh and the
// warehouse switch live here too, so the shell, the palette and tests share one implementation.
import { api, authApi } from '../api/clients'
import { i18next } from '../i18n'
import { COOKIE, getCookie, removeCookie, setCookie } from '../shell/cookies'
import { session, type MenuNode, type WarehouseTenant } from './session'
import { ui } from './ui'
import { dropCachedViews, resetViews } from './tabs'
import { queryClient } from './query-client'
import { clearDictionaries, refreshDictionaries } from '../lib/dictionaries'

export const PATHS = {
  login: '/auth/oauth/token',
  refresh: '/auth/oauth/refresh',
  offlineNotice: '/auth/oauth/offline-notice',
  removeToken: '/auth/oauth/remove/token',
  userInfo: '/wms-plus-base/common/pms/user/info',
  getInfo: '/wms-plus-base/common/pms/user/getInfo',
  menus: '/wms-plus-base/common/pms/user/menus',
  whoami: '/api/session/whoami',
  location: (warehouseId: number) => `/wms-base/basewarehouse/location/${warehouseId}`,
  tableConfig: '/wms-plus-base/tableColumnConfig/user/getTableColumnConfig',
  saveTableConfig: '/wms-plus-base/tableColumnConfig/user/addTableColumnConfig',
} as const

export const FAVOURITES_KEY = 'favoriteRoutes'

/** Raised when the session cannot be loaded; the message is already translated. */
export class SessionLoadError extends Error {
  constructor(message: string) { super(message); this.name = 'SessionLoadError' }
}

/**
 * What the page keeps: the access token and the SSO jwt. The refresh token is never in page storage: the
 * server keeps it in an httpOnly cookie sent only to the refresh route (README "Tokens and cookies").
 */
export interface Tokens { token: string; jwtToken?: string }

export function pairValue(p: Pick<WarehouseTenant, 'warehouseId' | 'tenantId'>): string {
  return `${p.warehouseId}-${p.tenantId}`
}
export function pairLabel(p: Pick<WarehouseTenant, 'warehouseName' | 'tenantName'>): string {
  return `${p.warehouseName}-${p.tenantName}`
}

/** The saved pair when it is still in the user's list, else the first one (spec section 4). */
export function pickPair(list: readonly WarehouseTenant[], saved: string | undefined): WarehouseTenant | undefined {
  return list.find((p) => pairValue(p) === saved) ?? list[0]
}

/** Keeps tokens in cookies (parent domain when there is one) and in the session store. */
export function storeTokens(t: Tokens): void {
  session.token = t.token
  setCookie(COOKIE.token, t.token, { parent: true })
  if (t.jwtToken !== undefined) {
    session.jwtToken = t.jwtToken
    setCookie(COOKIE.jwtToken, t.jwtToken, { parent: true })
  }
}

export function readTokens(): void {
  session.token = getCookie(COOKIE.token) ?? ''
  session.jwtToken = getCookie(COOKIE.jwtToken) ?? ''
  // A refresh token an older console left readable by page scripts is dropped, never read.
  removeCookie(COOKIE.legacyRefreshToken, { parent: true })
}

export function resetToken(): void {
  session.token = ''
  session.jwtToken = ''
  for (const c of [COOKIE.token, COOKIE.legacyRefreshToken, COOKIE.jwtToken]) removeCookie(c, { parent: true })
}

/** Clears what belongs to the signed-in user: roles, tokens, routes, open tabs (spec section 4). */
export function clearSession(): void {
  resetToken()
  session.userId = 0
  session.username = ''
  session.name = ''
  session.employeeName = ''
  session.roles = []
  session.permissions = []
  session.menus = []
  session.favourites = []
  session.warehouseList = []
  session.warehouseId = 0
  session.tenantId = 0
  session.ready = false
  clearDictionaries()
  resetViews()
}

interface UserInfo { id?: number; username?: string; employeeName?: string; avatar?: string; roles?: string[] }
interface GetInfo {
  id: number
  username: string
  avatar?: string
  tenants: WarehouseTenant[]
  employee?: { employeeName?: string } | null
  weakPassword?: boolean
}
interface WhoAmI { userId: number; username: string; roles: string[]; permissions: string[] }

export interface LoadResult { weakPassword: boolean }

/**
 * Loads everything the shell needs after sign-in. Throws SessionLoadError (translated) when the
 * user info has no id — "Verification failed, please Login again." — and rethrows API failures.
 */
export async function loadSession(): Promise<LoadResult> {
  const info = await api.get<UserInfo | null>(PATHS.userInfo, undefined, { silent: true })
  if (!info || !info.id) throw new SessionLoadError(i18next.t('errors:auth.verificationFailed'))
  const detail = await api.get<GetInfo | null>(PATHS.getInfo, undefined, { dataField: 'datas', silent: true })
  if (!detail) throw new SessionLoadError(i18next.t('errors:auth.verificationFailed'))
  session.userId = detail.id ?? info.id
  session.username = detail.username ?? info.username ?? ''
  session.name = detail.username ?? ''
  session.avatar = detail.avatar ?? info.avatar ?? ''
  session.employeeName = detail.employee?.employeeName ?? info.employeeName ?? ''
  session.weakPassword = !!detail.weakPassword
  session.warehouseList = detail.tenants ?? []
  session.roles = info.roles ?? []
  const pair = pickPair(session.warehouseList, getCookie(COOKIE.warehouseTenant))
  if (!pair) throw new SessionLoadError(i18next.t('shell:session.noWarehouse'))
  await applyPair(pair, true)
  // Spec section 3: every dictionary fetched once per session (never blocks sign-in when it fails).
  await Promise.all([loadFavourites(), refreshDictionaries()])
  session.ready = true
  return { weakPassword: session.weakPassword }
}

/** Sets the pair and reloads what depends on it: location, menus (server-filtered), permissions. */
async function applyPair(pair: WarehouseTenant, silent: boolean): Promise<void> {
  session.warehouseId = pair.warehouseId
  session.tenantId = pair.tenantId
  session.warehouseName = pair.warehouseName
  setCookie(COOKIE.warehouseTenant, pairValue(pair), { days: 365 })
  const [loc, menus, who] = await Promise.all([
    api.get<{ warehouseLocation?: number } | null>(PATHS.location(pair.warehouseId), undefined, { dataField: 'datas', silent }),
    api.get<{ menus?: MenuNode[] } | null>(PATHS.menus, undefined, { silent }),
    api.get<WhoAmI>(PATHS.whoami, undefined, { silent }),
  ])
  session.warehouseLocation = Number(loc?.warehouseLocation ?? 1)
  session.isDomestic = session.warehouseLocation === 1
  session.menus = menus?.menus ?? []
  session.roles = who.roles
  session.permissions = who.permissions
}

/** Warehouse switch (spec section 4): set pair, re-filter menu, drop cached views, reload page. */
export async function switchPair(value: string): Promise<void> {
  const pair = session.warehouseList.find((p) => pairValue(p) === value)
  if (!pair || pairValue(pair) === pairValue(session)) return
  const previous = session.warehouseList.find((p) => pairValue(p) === pairValue(session))
  try {
    await applyPair(pair, false)
  } catch (e) {
    // Stay in the pair that works rather than half in the new one.
    if (previous) {
      session.warehouseId = previous.warehouseId
      session.tenantId = previous.tenantId
      session.warehouseName = previous.warehouseName
      setCookie(COOKIE.warehouseTenant, pairValue(previous), { days: 365 })
    }
    throw e
  }
  dropCachedViews()
  // Cached reads belong to the previous warehouse/tenant.
  await queryClient.invalidateQueries()
}

export async function loadFavourites(): Promise<void> {
  try {
    const raw = await api.get<string | null>(PATHS.tableConfig, { tableKey: FAVOURITES_KEY }, { silent: true })
    const parsed = raw ? JSON.parse(raw) : []
    session.favourites = Array.isArray(parsed) ? parsed : []
  } catch (e) {
    // Favourites are a convenience: a bad stored value or a failed read must not block sign-in.
    console.warn('favourites not loaded', e)
    session.favourites = []
  }
}

export type Favourite = Session['favourites'][number]
type Session = typeof session

/** Adds or removes a favourite and saves the list (tableKey favoriteRoutes, JSON string). */
export async function toggleFavourite(route: Favourite): Promise<boolean> {
  const before = session.favourites.slice()
  const exists = before.some((f) => f.path === route.path)
  session.favourites = exists ? before.filter((f) => f.path !== route.path) : [...before, route]
  try {
    await api.post(PATHS.saveTableConfig, { tableKey: FAVOURITES_KEY, tableConfig: JSON.stringify(session.favourites) })
  } catch (e) {
    session.favourites = before
    throw e
  }
  return !exists
}

let refreshing: Promise<boolean> | null = null

/**
 * One refresh at a time: the server rotates refresh tokens and treats a reused one as theft, so
 * concurrent 401s must share a single call. The refresh token rides in its httpOnly cookie (the body
 * names none; with `handedOver`, a token an external sign-on put in the address is exchanged once, and
 * its successor goes into the cookie). Resolves true when a new access token was stored.
 */
export function refreshAccessToken(handedOver?: string): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const r = await authApi.post<{ access_token: string; jwt_token?: string }>(
        PATHS.refresh, handedOver ? { refreshToken: handedOver } : {}, { silent: true, noRetry: true },
      )
      if (!r?.access_token) return false
      storeTokens({ token: r.access_token, jwtToken: r.jwt_token })
      return true
    } catch {
      return false
    } finally {
      refreshing = null
    }
  })()
  return refreshing
}

export function loginPath(redirect: string | undefined): string {
  // Already on the sign-in page (e.g. two redirects racing): keep its own return address.
  if (redirect?.startsWith('/sso/login')) return redirect
  return redirect && redirect !== '/' ? `/sso/login?redirect=${encodeURIComponent(redirect)}` : '/sso/login'
}

/**
 * Logout (spec sections 4 and 8): the offline notice's failure is logged and ignored; the logout
 * call's failure is logged and rethrown (after the local session is cleared either way).
 */
export async function logout(currentPath: string, go: (path: string) => void): Promise<void> {
  try {
    await authApi.post(PATHS.offlineNotice, { userName: session.username }, { silent: true })
  } catch (e) {
    console.warn('offline notice failed', e)
  }
  let failure: unknown
  try {
    await authApi.del(PATHS.removeToken, undefined, { silent: true })
  } catch (e) {
    console.error('logout failed', e)
    failure = e
  }
  clearSession()
  ui.panel = null
  go(loginPath(currentPath))
  if (failure) throw failure
}
