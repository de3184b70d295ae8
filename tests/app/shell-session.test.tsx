// @vitest-environment happy-dom
// Session flow (spec section 4) against the real API in-process (fastify.inject over PGlite/PostgreSQL):
// sign-in page → /auth-redirect → cookies; session bootstrap picks the first pair when the saved one is
// absent and keeps it when present; weak password lands on /profile?tab=password; a 401 refreshes the
// token once and retries (the refresh token only ever in the server's httpOnly cookie, which page
// scripts cannot read); logout revokes the session and clears everything.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest'
import { act } from 'react'
import type { Root } from 'react-dom/client'
import { navigate } from 'wouter/use-browser-location'
import type { TestApp } from '../helpers/app'
import { api } from '../../src/app/api/clients'
import { session } from '../../src/app/state/session'
import { toasts } from '../../src/app/state/toast'
import { ui } from '../../src/app/state/ui'
import { clearSession, loadFavourites, loadSession, logout, pickPair, readTokens, storeTokens, PATHS } from '../../src/app/state/session-flow'
import { setCurrentRoute } from '../../src/app/router/current'
import { currentFavouriteState, toggleCurrentFavourite } from '../../src/app/shell/effects'
import { getCookie, setCookie, parentDomain } from '../../src/app/shell/cookies'
import { installApiHooks } from '../../src/app/shell/api-hooks'
import SignInPage, { safeRedirect } from '../../src/app/pages/SignInPage'
import AuthRedirectPage, { parseRedirectQuery } from '../../src/app/pages/AuthRedirectPage'
import { SessionGate } from '../../src/app/router/session-gate'
import { serverCookies, startApi, tokenFor as signInFor, type Api, type Sent } from '../helpers/bridge'
import { clearCookies, typeInto, waitFor, $, newRoot } from '../helpers/dom'

let t: TestApp
let sent: Sent[]
let host: HTMLElement
let root: Root

const tokenFor = (username: string, password?: string) => signInFor(t.app, username, password)

/** Signs in the way the sign-in page does, through the page's fetch: the server's cookie lands in the browser. */
async function browserSignIn(username: string, password = 'Demo#2026') {
  const form = new URLSearchParams({ username, password, deviceId: 'vitest', validCode: '' })
  return api.form<{ access_token: string; refresh_token: string; jwt_token: string }>(PATHS.login, form, { dataField: 'datas', silent: true, noRetry: true })
}
const REFRESH_COOKIE = 'wms_refresh'

async function render(el: React.ReactElement) {
  await act(async () => { root.render(el) })
}

let server: Api
beforeAll(async () => {
  server = await startApi()
  ;({ t, sent } = server)
  installApiHooks()
})
afterAll(async () => { await server?.close() })
beforeEach(async () => {
  clearSession()
  clearCookies()
  serverCookies.clear()
  toasts.list = []
  sent.length = 0
  session.language = 'en'
  ;({ host, root } = newRoot())
  return async () => { await act(async () => root.unmount()); host.remove() }
})

describe('pure session helpers', () => {
  const pairs = [
    { warehouseId: 26, tenantId: 1, warehouseName: 'Dongguan DC', tenantName: 'Stride Footwear' },
    { warehouseId: 168, tenantId: 1, warehouseName: 'Los Angeles', tenantName: 'Stride Footwear' },
  ]
  it('pickPair keeps the saved pair when present, else the first, else nothing', () => {
    expect(pickPair(pairs, '168-1')?.warehouseId).toBe(168)
    expect(pickPair(pairs, '201-1')?.warehouseId).toBe(26)
    expect(pickPair(pairs, undefined)?.warehouseId).toBe(26)
    expect(pickPair([], '26-1')).toBeUndefined()
  })
  it('tokens go to the parent domain only when there is one', () => {
    expect(parentDomain('wms.example.com')).toBe('.example.com')
    expect(parentDomain('a.b.example.com')).toBe('.b.example.com')
    expect(parentDomain('localhost')).toBeUndefined()
    expect(parentDomain('example.com')).toBeUndefined()
    expect(parentDomain('127.0.0.1')).toBeUndefined()
  })
  it('redirects after sign-in stay on this site', () => {
    expect(safeRedirect('/stock-in/x?a=1')).toBe('/stock-in/x?a=1')
    expect(safeRedirect('//evil.example/')).toBe('/')
    expect(safeRedirect('https://evil.example/')).toBe('/')
    expect(safeRedirect('/sso/login')).toBe('/')
    expect(safeRedirect(null)).toBe('/')
    expect(parseRedirectQuery('?wg_oauth=A&jwt_token=J&wg_oauth_refresh=R&redirect=%2Fprofile')).toEqual({ token: 'A', jwtToken: 'J', refreshToken: 'R', redirect: '/profile' })
  })
})

describe('sign-in page', () => {
  it('refuses empty fields naming them, without calling the server', async () => {
    navigate('/sso/login?redirect=%2Fprofile')
    await render(<SignInPage />)
    await act(async () => { $<HTMLFormElement>('[data-testid=signin-form]')!.requestSubmit() })
    expect(host.textContent).toContain('Username is required')
    expect(host.textContent).toContain('Password is required')
    expect(sent.filter((s) => s.path === '/auth/oauth/token')).toHaveLength(0)
  })

  it('shows the server refusal for a wrong password and clears the password', async () => {
    navigate('/sso/login')
    await render(<SignInPage />)
    await typeInto($<HTMLInputElement>('#signin-username')!, 'receiver')
    await typeInto($<HTMLInputElement>('#signin-password')!, 'wrong-password')
    await act(async () => { $<HTMLFormElement>('[data-testid=signin-form]')!.requestSubmit() })
    const err = await waitFor(() => $('[data-testid=signin-error]'), 'sign-in error')
    expect(err.textContent).toBe('Incorrect username or password.')
    expect($<HTMLInputElement>('#signin-password')!.value).toBe('')
    expect(window.location.pathname).toBe('/sso/login')
  })

  it('posts form data and hands the tokens to /auth-redirect, which stores them and continues', async () => {
    navigate('/sso/login?redirect=%2Fprofile%3Ftab%3Dinfo')
    await render(<SignInPage />)
    await typeInto($<HTMLInputElement>('#signin-username')!, 'receiver')
    await typeInto($<HTMLInputElement>('#signin-password')!, 'Demo#2026')
    await act(async () => { $<HTMLFormElement>('[data-testid=signin-form]')!.requestSubmit() })
    await waitFor(() => window.location.pathname === '/auth-redirect', 'auth-redirect')
    const login = sent.find((s) => s.path === '/auth/oauth/token')!
    expect(login.headers['content-type']).toContain('application/x-www-form-urlencoded')
    const form = new URLSearchParams(login.body)
    expect([form.get('username'), form.get('password'), form.has('deviceId'), form.has('validCode')]).toEqual(['receiver', 'Demo#2026', true, true])
    const q = new URLSearchParams(window.location.search)
    expect(q.get('token')).toMatch(/^ey/)
    // The refresh token travels neither in the address nor in page storage: the server set its cookie.
    expect(q.get('wg_oauth_refresh')).toBeNull()
    expect(serverCookies.get(REFRESH_COOKIE)?.path).toBe('/auth/oauth/refresh')
    expect(q.get('redirect')).toBe('/profile?tab=info')

    await render(<AuthRedirectPage />)
    await waitFor(() => window.location.pathname === '/profile', 'redirect target')
    expect(window.location.search).toBe('?tab=info')
    expect(getCookie('token')).toBe(q.get('token'))
    expect(getCookie('refreshToken')).toBeUndefined()
    expect(document.cookie).not.toContain(serverCookies.get(REFRESH_COOKIE)!.value)
    expect(getCookie('jwtToken')).toBe(q.get('jwt_token'))
  })

  it("an external sign-on's wg_oauth_refresh is exchanged at once into the cookie, never stored by the page", async () => {
    const tk = await tokenFor('receiver')
    navigate(`/auth-redirect?${new URLSearchParams({ token: tk.access_token, jwt_token: tk.jwt_token, wg_oauth_refresh: tk.refresh_token, redirect: '/profile' })}`)
    await render(<AuthRedirectPage />)
    await waitFor(() => window.location.pathname === '/profile', 'redirect target')
    const exchange = sent.filter((s) => s.path === '/auth/oauth/refresh')
    expect(exchange).toHaveLength(1)
    expect(JSON.parse(exchange[0]!.body)).toEqual({ refreshToken: tk.refresh_token })
    const successor = serverCookies.get(REFRESH_COOKIE)!.value
    expect(successor).toMatch(/^[\w-]{43}$/)
    expect(successor).not.toBe(tk.refresh_token)
    expect(document.cookie).not.toContain(tk.refresh_token)
    expect(document.cookie).not.toContain(successor)
    expect(getCookie('token')).toBe(session.token)
  })
})

describe('session bootstrap', () => {
  it('picks the first pair when the saved pair is not in the user list', async () => {
    const tk = await tokenFor('receiver')
    storeTokens({ token: tk.access_token, jwtToken: tk.jwt_token })
    setCookie('warehouseTenant', '201-1') // receiver works in 26-1 and 168-1 only
    const r = await loadSession()
    expect(r.weakPassword).toBe(false)
    expect([session.warehouseId, session.tenantId]).toEqual([26, 1])
    expect(getCookie('warehouseTenant')).toBe('26-1')
    expect(session.warehouseList.map((p) => `${p.warehouseId}-${p.tenantId}`)).toEqual(['26-1', '168-1'])
    expect(session.warehouseLocation).toBe(1)
    expect(session.menus.length).toBeGreaterThan(0)
    expect(session.permissions).toContain('menu:dashboard')
    expect(session.roles).toEqual(['receiver'])
    expect(session.ready).toBe(true)
    // The scoped calls named the chosen pair.
    const menus = sent.find((s) => s.path === '/wms-plus-base/common/pms/user/menus')!
    expect(menus.headers['x-userinfo-header']).toBe('1-receiver-26')
  })

  it('keeps the saved pair when it is in the list (overseas warehouse → location 2)', async () => {
    const tk = await tokenFor('receiver')
    storeTokens({ token: tk.access_token })
    setCookie('warehouseTenant', '168-1')
    await loadSession()
    expect([session.warehouseId, session.tenantId, session.warehouseLocation, session.isDomestic]).toEqual([168, 1, 2, false])
  })

  it('reads tokens back from cookies (a reload); a refresh token an older console left readable is dropped', async () => {
    const tk = await tokenFor('receiver')
    storeTokens({ token: tk.access_token, jwtToken: tk.jwt_token })
    setCookie('refreshToken', tk.refresh_token)
    session.token = ''
    session.jwtToken = ''
    readTokens()
    expect([session.token, session.jwtToken]).toEqual([tk.access_token, tk.jwt_token])
    expect(getCookie('refreshToken')).toBeUndefined()
  })

  it('a weak password lands on /profile?tab=password with a warning', async () => {
    const tk = await tokenFor('weakuser', 'weak1234')
    storeTokens({ token: tk.access_token })
    navigate('/stock-manage/stock-manage-list')
    await render(<SessionGate><p data-testid="inside">inside</p></SessionGate>)
    await waitFor(() => $('[data-testid=inside]'), 'session loaded')
    await waitFor(() => window.location.pathname === '/profile', 'profile redirect')
    expect(window.location.search).toBe('?tab=password')
    expect(toasts.list.map((x) => [x.kind, x.message])).toContainEqual(['warning', 'weak password change required'])
    // Still held there while the password is weak.
    await act(async () => navigate('/'))
    await waitFor(() => window.location.pathname === '/profile', 'held on profile')
  })

  it('no token → the gate sends the user to sign in with the return address', async () => {
    navigate('/stock-manage/stock-manage-list?x=1')
    await render(<SessionGate><p data-testid="inside">inside</p></SessionGate>)
    await waitFor(() => window.location.pathname === '/sso/login', 'sign-in redirect')
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/stock-manage/stock-manage-list?x=1')
    expect($('[data-testid=inside]')).toBeNull()
  })

  it('startup failure asks, and on confirm resets the token and goes to sign in', async () => {
    // A real startup failure: a signed-in user whose warehouse-tenant pairs were all removed.
    await t.database.exec(`DELETE FROM user_access WHERE user_id = (SELECT id FROM app_user WHERE username = 'shelver')`)
    const tk = await tokenFor('shelver')
    storeTokens({ token: tk.access_token })
    navigate('/')
    await render(<SessionGate><p data-testid="inside">inside</p></SessionGate>)
    const dlg = await waitFor(() => $('[data-testid=confirm-dialog]') ?? $('[role=alert]'), 'failure shown')
    expect(dlg.textContent).toContain('The console could not load your session.')
    expect(host.textContent).toContain('Your account has no warehouse and tenant assigned')
    await act(async () => { (await import('../../src/app/state/confirm')).answerConfirm(true) })
    await waitFor(() => window.location.pathname === '/sso/login', 'sign-in after confirm')
    expect(getCookie('token')).toBeUndefined()
    expect(session.token).toBe('')
  })
})

describe('favourites', () => {
  it('the star saves the list as a JSON string under favoriteRoutes; only menu routes qualify', async () => {
    const tk = await tokenFor('receiver')
    storeTokens({ token: tk.access_token })
    await loadSession()
    expect(session.favourites).toEqual([])
    setCurrentRoute({ path: '/profile', fullPath: '/profile', name: 'profile', title: 'shell:route.profile', componentKey: null, meta: {}, params: {}, fromMenu: false })
    expect(currentFavouriteState()).toBeUndefined()
    setCurrentRoute({ path: '/stock-manage/stock-manage-list', fullPath: '/stock-manage/stock-manage-list?sku=A1', name: 'stock-manage-list', title: 'menu:title.stock-manage-list', componentKey: 'x', meta: {}, params: {}, fromMenu: true })
    expect(currentFavouriteState()).toBe(false)
    await toggleCurrentFavourite()
    const save = sent.find((x) => x.path === '/wms-plus-base/tableColumnConfig/user/addTableColumnConfig')!
    const body = JSON.parse(save.body)
    expect(body.tableKey).toBe('favoriteRoutes')
    expect(JSON.parse(body.tableConfig)).toEqual([{ fullPath: '/stock-manage/stock-manage-list?sku=A1', name: 'stock-manage-list', path: '/stock-manage/stock-manage-list', params: {}, query: { sku: 'A1' }, meta: { title: 'menu:title.stock-manage-list' } }])
    expect(currentFavouriteState()).toBe(true)
    session.favourites = []
    await loadFavourites() // read back from the server
    expect(session.favourites.map((f) => f.path)).toEqual(['/stock-manage/stock-manage-list'])
    await toggleCurrentFavourite()
    await loadFavourites()
    expect(session.favourites).toEqual([])
  })
})

describe('token refresh and logout', () => {
  it("a '302' refreshes the access token once (from the httpOnly cookie), retries, and rotates the tokens", async () => {
    await browserSignIn('receiver')
    const before = serverCookies.get(REFRESH_COOKIE)!.value
    navigate('/profile')
    storeTokens({ token: 'not-a-valid-token', jwtToken: '' })
    const info = await api.get<{ id: number }>('/wms-plus-base/common/pms/user/info')
    expect(info.id).toBeGreaterThan(0)
    const refreshes = sent.filter((s) => s.path === '/auth/oauth/refresh')
    expect(refreshes).toHaveLength(1)
    // The page names no refresh token; the browser sent the cookie; the answer carries none back.
    expect(JSON.parse(refreshes[0]!.body)).toEqual({})
    expect(refreshes[0]!.headers.cookie).toBe(`${REFRESH_COOKIE}=${before}`)
    expect(session.token).not.toBe('not-a-valid-token')
    expect(serverCookies.get(REFRESH_COOKIE)!.value).not.toBe(before)
    expect(document.cookie).not.toContain(serverCookies.get(REFRESH_COOKIE)!.value)
    expect(getCookie('token')).toBe(session.token)
    expect(window.location.pathname).toBe('/profile')
  })

  it('concurrent 401s share one refresh (a reused refresh token would end the session)', async () => {
    await browserSignIn('receiver')
    storeTokens({ token: 'stale', jwtToken: '' })
    const results = await Promise.all([1, 2, 3].map(() => api.get<{ id: number }>('/wms-plus-base/common/pms/user/info')))
    expect(results.every((r) => r.id > 0)).toBe(true)
    expect(sent.filter((s) => s.path === '/auth/oauth/refresh')).toHaveLength(1)
  })

  it('without a usable refresh token the client goes to sign in with the return address', async () => {
    navigate('/stock-manage/stock-manage-list')
    serverCookies.set(REFRESH_COOKIE, { value: 'nope', path: '/auth/oauth/refresh' })
    storeTokens({ token: 'stale', jwtToken: '' })
    await expect(api.get('/wms-plus-base/common/pms/user/info')).rejects.toThrow()
    expect(window.location.pathname).toBe('/sso/login')
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/stock-manage/stock-manage-list')
    expect(session.token).toBe('')
  })

  it('logout sends the offline notice, revokes the token, clears the session, tabs and the refresh cookie', async () => {
    const tk = await browserSignIn('receiver')
    expect(serverCookies.has(REFRESH_COOKIE)).toBe(true)
    storeTokens({ token: tk.access_token, jwtToken: tk.jwt_token })
    await loadSession()
    ui.visitedViews = [{ path: '/x', fullPath: '/x', name: 'x', title: 'x' }]
    navigate('/profile')
    await logout('/profile', (p) => navigate(p))
    const calls = sent.map((s) => `${s.method} ${s.path}`)
    expect(calls).toContain('POST /auth/oauth/offline-notice')
    expect(calls).toContain('DELETE /auth/oauth/remove/token')
    expect(JSON.parse(sent.find((s) => s.path === '/auth/oauth/offline-notice')!.body)).toEqual({ userName: 'receiver' })
    expect([session.token, session.roles.length, session.menus.length, ui.visitedViews.length, session.ready]).toEqual(['', 0, 0, 0, false])
    expect(getCookie('token')).toBeUndefined()
    expect(serverCookies.has(REFRESH_COOKIE)).toBe(false)
    expect(window.location.pathname + window.location.search).toBe('/sso/login?redirect=%2Fprofile')
    // The revoked token no longer works on the server.
    const after = await t.app.inject({ method: 'GET', url: '/wms-plus-base/common/pms/user/info', headers: { authorization: `Bearer ${tk.access_token}` } })
    expect(after.statusCode).toBe(401)
  })
})
