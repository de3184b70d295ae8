// /sso/login — the sign-in page as the single sign-on service plays it (spec sections 4 and 7):
// form data username, password, deviceId, validCode → datas.access_token / jwt_token (the server puts the
// refresh token into its httpOnly cookie), then /auth-redirect?token=…&jwt_token=…&redirect=… stores
// them and continues. The refresh token never travels through the address or page storage.
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
// eslint-disable-next-line no-restricted-imports -- the sign-in page is never kept alive behind another tab
import { useSearch } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { api, ApiError } from '../api/clients'
import { PATHS } from '../state/session-flow'
import { LanguageSwitch } from '../shell/LanguageSwitch'
import { pageTitle } from '../../domain/menu/routes'

interface LoginResult { access_token: string; jwt_token?: string }

/** A stable id for this browser (the login call's deviceId); kept in localStorage. */
export function deviceId(): string {
  const KEY = 'wms.deviceId'
  let id = localStorage.getItem(KEY)
  if (!id) {
    id = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `web-${Date.now()}-${Math.random().toString(36).slice(2)}`
    localStorage.setItem(KEY, id)
  }
  return id
}

/** Only same-site paths are followed after sign-in (no open redirect to another host). */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/sso/login')) return '/'
  return raw
}

export function authRedirectUrl(r: LoginResult, redirect: string): string {
  const q = new URLSearchParams({ token: r.access_token, jwt_token: r.jwt_token ?? '', redirect })
  return `/auth-redirect?${q}`
}

type FieldName = 'username' | 'password'

export default function SignInPage() {
  const { t } = useTranslation()
  const search = useSearch()
  const redirect = safeRedirect(new URLSearchParams(search).get('redirect'))
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({})
  useEffect(() => { document.title = pageTitle('auth-ui:signIn.title', (k) => t(k), t('common:appTitle')) }, [t])

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (busy) return
    const fe: Partial<Record<FieldName, string>> = {}
    if (!username.trim()) fe.username = t('errors:field.required', { field: t('fields:username') })
    if (!password) fe.password = t('errors:field.required', { field: t('fields:password') })
    setFieldErrors(fe)
    setError('')
    if (Object.keys(fe).length) {
      document.getElementById(fe.username ? 'signin-username' : 'signin-password')?.focus()
      return
    }
    setBusy(true)
    try {
      const form = new URLSearchParams({ username: username.trim(), password, deviceId: deviceId(), validCode: '' })
      const r = await api.form<LoginResult>(PATHS.login, form, { dataField: 'datas', silent: true, noRetry: true })
      if (!r?.access_token) throw new ApiError(t('auth-ui:signIn.failed'), 0, 'empty')
      navigate(authRedirectUrl(r, redirect), { replace: true })
    } catch (err) {
      const ae = err instanceof ApiError ? err : undefined
      const named: Partial<Record<FieldName, string>> = {}
      for (const f of ae?.errors ?? []) if (f.field === 'username' || f.field === 'password') named[f.field] = f.message
      setFieldErrors(named)
      setError(ae?.message || t('auth-ui:signIn.failed'))
      setPassword('')
      document.getElementById('signin-password')?.focus()
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex min-h-full items-center justify-center bg-slate-100 p-4">
      <main className="w-full max-w-sm rounded-lg bg-white p-8 shadow" aria-labelledby="signin-title">
        <div className="mb-6 flex items-center justify-between">
          <h1 id="signin-title" data-testid="page-title" className="text-xl font-semibold">{t('auth-ui:signIn.title')}</h1>
          <LanguageSwitch />
        </div>
        <p className="mb-4 text-sm text-slate-600">{t('auth-ui:signIn.subtitle')}</p>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="signin-form">
          <div>
            <label htmlFor="signin-username" className="mb-1 block text-sm font-medium">{t('fields:username')}</label>
            <input id="signin-username" name="username" autoComplete="username" autoFocus value={username}
              onChange={(e) => setUsername(e.target.value)} aria-invalid={!!fieldErrors.username}
              aria-describedby={fieldErrors.username ? 'signin-username-error' : undefined}
              className="w-full rounded border border-slate-300 px-3 py-2" />
            {fieldErrors.username && <p id="signin-username-error" className="mt-1 text-sm text-red-700">{fieldErrors.username}</p>}
          </div>
          <div>
            <label htmlFor="signin-password" className="mb-1 block text-sm font-medium">{t('fields:password')}</label>
            <input id="signin-password" name="password" type="password" autoComplete="current-password" value={password}
              onChange={(e) => setPassword(e.target.value)} aria-invalid={!!fieldErrors.password}
              aria-describedby={fieldErrors.password ? 'signin-password-error' : undefined}
              className="w-full rounded border border-slate-300 px-3 py-2" />
            {fieldErrors.password && <p id="signin-password-error" className="mt-1 text-sm text-red-700">{fieldErrors.password}</p>}
          </div>
          {error && <p role="alert" data-testid="signin-error" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p>}
          <button type="submit" disabled={busy} data-testid="signin-submit"
            className="rounded bg-[var(--theme)] px-4 py-2 font-medium text-white disabled:opacity-60">
            {busy ? t('auth-ui:signIn.busy') : t('auth-ui:signIn.submit')}
          </button>
        </form>
      </main>
    </div>
  )
}
