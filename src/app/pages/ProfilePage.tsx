// /profile — tabs info and password (spec section 2; ?tab=password is where a weak password lands).
// The password form validates with the same zod schema the server uses (src/domain/password.ts) and
// sends PUT /auth/users/edit/password {oldPassword, newPassword, confirmPassword}.
import { useState, type FormEvent } from 'react'
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { navigate } from 'wouter/use-browser-location'
import { changePasswordSchemaFor, PASSWORD_MAX, PASSWORD_MIN, type ChangePasswordInput } from '../../domain/password'
import { authApi, ApiError } from '../api/clients'
import { session } from '../state/session'
import { showToast } from '../state/toast'
import { pairLabel } from '../state/session-flow'
import { usePageSearch } from './kit'

const TABS = ['info', 'password'] as const
type Field = keyof ChangePasswordInput
const FIELDS: Field[] = ['oldPassword', 'newPassword', 'confirmPassword']
const PARAMS = { min: PASSWORD_MIN, max: PASSWORD_MAX }

/** zod issues → i18n message keys per field (first issue wins); the server runs the same rule. */
export function passwordErrors(input: ChangePasswordInput, username = session.username): Partial<Record<Field, string>> {
  const r = changePasswordSchemaFor(username).safeParse(input)
  const out: Partial<Record<Field, string>> = {}
  if (r.success) return out
  for (const issue of r.error.issues) {
    const f = issue.path[0] as Field
    if (FIELDS.includes(f) && !out[f]) out[f] = issue.message
  }
  return out
}

function ProfileInfo() {
  const s = useSnapshot(session)
  const { t } = useTranslation()
  const pair = s.warehouseList.find((p) => p.warehouseId === s.warehouseId && p.tenantId === s.tenantId)
  const rows: [string, string][] = [
    ['auth-ui:profile.username', s.username],
    ['auth-ui:profile.employeeName', s.employeeName || '—'],
    ['auth-ui:profile.roles', s.roles.join(', ') || '—'],
    ['auth-ui:profile.warehouse', pair ? pairLabel(pair) : '—'],
    ['auth-ui:profile.language', t(`shell:language.names.${s.language}`)],
  ]
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm" data-testid="profile-info">
      {rows.map(([k, v]) => [<dt key={k + 't'} className="text-slate-500">{t(k)}</dt>, <dd key={k + 'd'}>{v}</dd>])}
    </dl>
  )
}

function PasswordForm() {
  const { t } = useTranslation()
  const [values, setValues] = useState<ChangePasswordInput>({ oldPassword: '', newPassword: '', confirmPassword: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [formError, setFormError] = useState('')
  const [busy, setBusy] = useState(false)
  const msg = (key: string | undefined) => (key ? t(key, PARAMS) : '')

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (busy) return
    const errs = passwordErrors(values)
    setErrors(errs)
    setFormError('')
    const first = FIELDS.find((f) => errs[f])
    if (first) {
      setFormError(t('common:validation.form'))
      document.getElementById(`pw-${first}`)?.focus()
      return
    }
    setBusy(true)
    try {
      await authApi.put('/auth/users/edit/password', values, { silent: true })
      session.weakPassword = false
      setValues({ oldPassword: '', newPassword: '', confirmPassword: '' })
      showToast('success', t('auth:password.changed'))
    } catch (err) {
      const ae = err instanceof ApiError ? err : undefined
      const named: Partial<Record<Field, string>> = {}
      for (const f of ae?.errors ?? []) if (FIELDS.includes(f.field as Field)) named[f.field as Field] = f.messageKey
      setErrors(named)
      setFormError(ae?.message ?? t('common:validation.form'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4" data-testid="password-form">
      {FIELDS.map((f, i) => (
        <div key={f}>
          <label htmlFor={`pw-${f}`} className="mb-1 block text-sm font-medium">{t(`auth-ui:password.${f}`)}</label>
          <input id={`pw-${f}`} type="password" autoFocus={i === 0} value={values[f]}
            autoComplete={f === 'oldPassword' ? 'current-password' : 'new-password'}
            onChange={(e) => setValues({ ...values, [f]: e.target.value })}
            onBlur={() => setErrors((prev) => ({ ...prev, [f]: passwordErrors(values)[f] }))}
            aria-invalid={!!errors[f]} aria-describedby={errors[f] ? `pw-${f}-error` : undefined}
            className="w-full rounded border border-slate-300 px-3 py-2" />
          {errors[f] && <p id={`pw-${f}-error`} className="mt-1 text-sm text-red-700">{msg(errors[f])}</p>}
        </div>
      ))}
      <p className="text-xs text-slate-500">{t('auth-ui:password.rule', PARAMS)}</p>
      {formError && <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800">{formError}</p>}
      <div>
        <button type="submit" disabled={busy} className="rounded bg-[var(--theme)] px-4 py-2 text-white disabled:opacity-60">
          {t('auth-ui:password.submit')}
        </button>
      </div>
    </form>
  )
}

export default function ProfilePage() {
  const { t } = useTranslation()
  const search = usePageSearch()
  const tab = new URLSearchParams(search).get('tab')
  const index = Math.max(0, TABS.indexOf(tab as (typeof TABS)[number]))
  const { weakPassword } = useSnapshot(session)
  return (
    <section className="rounded bg-white p-6 shadow-sm">
      {weakPassword && <p role="alert" className="mb-4 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('auth:weakPasswordChangeRequired')}</p>}
      <TabGroup selectedIndex={index} onChange={(i) => navigate(`/profile?tab=${TABS[i]}`, { replace: true })}>
        <TabList className="mb-4 flex gap-2 border-b border-slate-200" aria-label={t('auth-ui:profile.tabs')}>
          {TABS.map((k) => (
            <Tab key={k} data-testid={`profile-tab-${k}`}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm data-[selected]:border-[var(--theme)] data-[selected]:font-medium">
              {t(`auth-ui:profile.tab.${k}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          <TabPanel><ProfileInfo /></TabPanel>
          <TabPanel><PasswordForm /></TabPanel>
        </TabPanels>
      </TabGroup>
    </section>
  )
}
