// HTTP clients of spec section 7/8, on ky:
//  main   — responseCode envelope ('0001' ok, '302' → reset token and go to data.redirectPath), 30 s
//  long   — the same with a 60 s timeout (exports, imports, label purchase)
//  second — the auth service's { code, msg } envelope; 401 → sign-in with return address
//  notice — the notification service: plain { data }, any non-200 rejects
// Headers: bearer token (fixed basic credential before login), x-language-header, x-oauth2-app=wms,
// x-sso-auth (jwt), x-userinfo-header (tenant-user-warehouse). GET arrays as repeated keys.
import ky, { HTTPError, TimeoutError, type Options } from 'ky'
import { LANGUAGE_HEADER } from '../../domain/i18n'
import { session } from '../state/session'
import { i18next } from '../i18n'

export const BASIC_CREDENTIAL = 'Basic d21zOndtcw==' // 'wms:wms' — the fixed pre-login credential
export const TIMEOUT_MS = 30_000
export const LONG_TIMEOUT_MS = 60_000

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly messageKey?: string,
    readonly errors?: { field: string; message: string; messageKey: string }[],
    readonly data?: unknown,
    /** The message's params (main envelope `messageParams`): the message can be translated again from messageKey. */
    readonly params?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** Hooks the shell installs: toasts, error reporting, redirect to sign-in. */
export const apiEvents = {
  onError: (_err: ApiError, _opts: { silent: boolean }) => {},
  onRedirect: (_path: string) => { window.location.assign(_path) },
  /** Tries to renew the access token after a 401/'302'; true → the request is retried once. */
  onUnauthorized: async (): Promise<boolean> => false,
}

export function userInfoHeader(): string | undefined {
  const s = session
  if (!s.userId || !s.warehouseId || !s.tenantId) return undefined
  return `${s.tenantId}-${encodeURIComponent(s.username)}-${s.warehouseId}`
}

export function commonHeaders(): Record<string, string> {
  const h: Record<string, string> = {
    'x-language-header': LANGUAGE_HEADER[session.language],
    'x-oauth2-app': 'wms',
    authorization: session.token ? `Bearer ${session.token}` : BASIC_CREDENTIAL,
  }
  if (session.jwtToken) h['x-sso-auth'] = session.jwtToken
  const ui = userInfoHeader()
  if (ui) h['x-userinfo-header'] = ui
  return h
}

/** GET arrays serialized as repeated keys; empty-string values dropped (spec section 5). */
export function toSearchParams(q: Record<string, unknown> | undefined): URLSearchParams {
  const sp = new URLSearchParams()
  for (const [k, v] of Object.entries(q ?? {})) {
    if (v === undefined || v === null || v === '') continue
    if (Array.isArray(v)) for (const x of v) sp.append(k, String(x))
    else sp.append(k, String(v))
  }
  return sp
}

const base = ky.create({
  prefixUrl: '',
  retry: 0,
  throwHttpErrors: false,
  hooks: { beforeRequest: [(req) => { for (const [k, v] of Object.entries(commonHeaders())) if (!req.headers.has(k)) req.headers.set(k, v) }] },
})

type Kind = 'main' | 'second' | 'notice'

interface CallOptions { query?: Record<string, unknown>; json?: unknown; body?: BodyInit; timeout?: number; silent?: boolean; dataField?: 'data' | 'datas'; headers?: Record<string, string>; noRetry?: boolean; signal?: AbortSignal }

async function call<T>(kind: Kind, method: string, url: string, opts: CallOptions): Promise<T> {
  const kyOpts: Options = { method, timeout: opts.timeout ?? TIMEOUT_MS, headers: opts.headers }
  if (opts.query) kyOpts.searchParams = toSearchParams(opts.query)
  if (opts.json !== undefined) kyOpts.json = opts.json
  if (opts.body !== undefined) kyOpts.body = opts.body
  if (opts.signal) kyOpts.signal = opts.signal
  let res: Response
  try {
    res = await base(url.replace(/^\//, '/'), kyOpts)
  } catch (e) {
    // Spec: cancelled requests are not reported (the palette cancels stale document searches).
    if (opts.signal?.aborted) throw e
    const err = e instanceof TimeoutError
      ? new ApiError(i18next.t('errors:timeout'), 0, 'timeout', 'errors:timeout')
      : new ApiError(i18next.t('errors:network'), 0, 'error.network', 'errors:network')
    if (e instanceof TimeoutError || !(e instanceof HTTPError)) err.name = e instanceof TimeoutError ? 'TimeoutError' : 'Network Error'
    apiEvents.onError(err, { silent: !!opts.silent })
    throw err
  }
  const body = await res.json().catch(() => undefined) as Record<string, any> | undefined
  if (kind === 'main') {
    if (body?.responseCode === '0001') return (opts.dataField ? body[opts.dataField] : body.data ?? body.datas) as T
    if (body?.responseCode === '302') {
      if (!opts.noRetry && await apiEvents.onUnauthorized()) return call<T>(kind, method, url, { ...opts, noRetry: true })
      session.token = ''
      apiEvents.onRedirect(body.data?.redirectPath ?? '/sso/login')
    }
    const err = new ApiError(body?.error ?? body?.responseDesc ?? 'Error', res.status, String(body?.responseCode ?? res.status), body?.messageKey, body?.errors, body?.data, body?.messageParams)
    apiEvents.onError(err, { silent: !!opts.silent || body?.responseCode === '302' })
    throw err
  }
  if (kind === 'second') {
    if (res.ok && body && Number(body.code) === 0) return body.data as T
    if (res.status === 401 || Number(body?.code) === 401) {
      if (!opts.noRetry && await apiEvents.onUnauthorized()) return call<T>(kind, method, url, { ...opts, noRetry: true })
      session.token = ''
      apiEvents.onRedirect(`/sso/login?redirect=${encodeURIComponent(location.pathname + location.search)}`)
    }
    const err = new ApiError(body?.msg ?? body?.error ?? 'Error', res.status, String(body?.code ?? res.status), body?.messageKey, body?.errors)
    apiEvents.onError(err, { silent: !!opts.silent })
    throw err
  }
  if (res.status !== 200) {
    const err = new ApiError(body?.message ?? 'Error', res.status, String(res.status), body?.messageKey)
    apiEvents.onError(err, { silent: true })
    throw err
  }
  return body?.data as T
}

function client(kind: Kind, timeout: number, prefix = '') {
  return {
    get: <T>(url: string, query?: Record<string, unknown>, o: { silent?: boolean; dataField?: 'data' | 'datas'; signal?: AbortSignal } = {}) => call<T>(kind, 'GET', prefix + url, { query, timeout, ...o }),
    post: <T>(url: string, json?: unknown, o: { silent?: boolean; dataField?: 'data' | 'datas'; headers?: Record<string, string>; noRetry?: boolean } = {}) => call<T>(kind, 'POST', prefix + url, { json, timeout, ...o }),
    put: <T>(url: string, json?: unknown, o: { silent?: boolean } = {}) => call<T>(kind, 'PUT', prefix + url, { json, timeout, ...o }),
    del: <T>(url: string, query?: Record<string, unknown>, o: { silent?: boolean } = {}) => call<T>(kind, 'DELETE', prefix + url, { query, timeout, ...o }),
    form: <T>(url: string, body: FormData | URLSearchParams, o: { silent?: boolean; dataField?: 'data' | 'datas'; noRetry?: boolean } = {}) => call<T>(kind, 'POST', prefix + url, { body, timeout, ...o }),
  }
}

export const api = client('main', TIMEOUT_MS)
export const apiLong = client('main', LONG_TIMEOUT_MS)
export const authApi = client('second', TIMEOUT_MS)
/** The notification service lives on its own base. */
export const NOTICE_BASE = '/notice-api'
export const noticeApi = client('notice', TIMEOUT_MS, NOTICE_BASE)
