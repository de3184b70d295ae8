// Inbound settings (stock-in → inbound-setting): receiving location (a location code), storage mode
// normal/fast, same-product co-storage, the X/B mix rule, the double-read guard (off by default) and the three timeouts;
// saved with inbound.settings.save (errors shown on their fields).
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../api/clients'
import { runCommandById } from '../../../commands/run'
import { Field, fieldErrorsOf, inputClass, type FieldErrors } from '../returns/form-ui'

interface Settings {
  receivingLocationCode: string | null; storageMode: 'normal' | 'fast'; coStorage: boolean; forbidXbMix: boolean; minScanIntervalMs: number
  inboundTimeoutHours: number; unloadingTimeoutHours: number; shelvingTimeoutHours: number
}
const NUMS = ['minScanIntervalMs', 'inboundTimeoutHours', 'unloadingTimeoutHours', 'shelvingTimeoutHours'] as const

export default function InboundSettingsPage() {
  const s = useQuery({ queryKey: ['inbound', 'settings'], queryFn: () => api.get<Settings>('/api/inbound/settings') })
  // Remounted with each fresh read, so the form starts from what the server has.
  return s.data ? <SettingsForm key={s.dataUpdatedAt} initial={s.data} /> : <div className="p-4" />
}

function SettingsForm({ initial }: { initial: Settings }) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const [v, setV] = useState<Record<string, string | boolean>>(() => ({
    ...Object.fromEntries(NUMS.map((k) => [k, String(initial[k])])), receivingLocationCode: initial.receivingLocationCode ?? '',
    storageMode: initial.storageMode, coStorage: initial.coStorage, forbidXbMix: initial.forbidXbMix,
  }))
  const [errors, setErrors] = useState<FieldErrors>({})
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const out = await runCommandById('inbound.settings.save', {
      receivingLocationCode: String(v.receivingLocationCode).trim() || null, storageMode: v.storageMode, coStorage: v.coStorage, forbidXbMix: v.forbidXbMix,
      ...Object.fromEntries(NUMS.map((k) => [k, String(v[k]).trim() === '' ? Number.NaN : Number(v[k])])),
    })
    setErrors(fieldErrorsOf(out))
    if (out.status === 'ok') void qc.invalidateQueries({ queryKey: ['inbound', 'settings'] })
  }
  const text = (k: string) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value })
  const check = (k: string) => (
    <label className="flex items-center gap-2 text-sm" data-field={k}>
      <input type="checkbox" checked={!!v[k]} onChange={(e) => setV({ ...v, [k]: e.target.checked })} /> {t(`inbound:settings.fields.${k}`)}
    </label>
  )
  return (
    <form onSubmit={submit} className="grid max-w-3xl grid-cols-2 gap-3 p-4" data-testid="inbound-settings">
      <h1 className="col-span-full text-xl font-semibold">{t('inbound:settings.title')}</h1>
      <Field label="inbound:settings.fields.receivingLocationCode" name="receivingLocationCode" errors={errors}>
        <input autoFocus className={`${inputClass} font-mono`} value={String(v.receivingLocationCode)} onChange={text('receivingLocationCode')} />
      </Field>
      <Field label="inbound:settings.fields.storageMode" name="storageMode" errors={errors}>
        <select className={inputClass} value={String(v.storageMode)} onChange={text('storageMode')}>
          {(['normal', 'fast'] as const).map((m) => <option key={m} value={m}>{t(`inbound:settings.storageMode.${m}`)}</option>)}
        </select>
      </Field>
      {check('coStorage')}
      {check('forbidXbMix')}
      {NUMS.map((k) => (
        <Field key={k} label={`inbound:settings.fields.${k}`} name={k} errors={errors}>
          <input className={inputClass} inputMode="numeric" value={String(v[k])} onChange={text(k)} aria-describedby={k === 'minScanIntervalMs' ? 'inbound-settings-guard-hint' : undefined} />
          {/* The double-read guard says what it does (off by default; the stations queue every other scan). */}
          {k === 'minScanIntervalMs' && <span id="inbound-settings-guard-hint" className="text-xs text-slate-500">{t('inbound:settings.hints.minScanIntervalMs')}</span>}
        </Field>
      ))}
      <div className="col-span-full"><button type="submit" className="rounded bg-sky-600 px-3 py-1 text-white">{t('inbound:settings.save')}</button></div>
    </form>
  )
}
