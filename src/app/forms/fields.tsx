// Small form building blocks bound to useZodForm: every input carries its label, required mark,
// aria-invalid and the translated error under it (aria-describedby), so a refusal names the field.
import { Fragment, type ReactNode } from 'react'
import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { BoundField, FieldErr } from './useZodForm'

export function errorText(t: TFunction, err: FieldErr | undefined, labelKey: string): string | undefined {
  if (!err) return undefined
  if (err.message) return err.message
  return t(err.key ?? 'errors:field.invalid', { ...err.params, field: t(labelKey) })
}

export interface FieldProps { label: string; field: Pick<BoundField<unknown>, 'id' | 'error' | 'errorId'>; required?: boolean; hint?: string; children: ReactNode }

/** Label + control + error line. `label` is an i18n key. */
export function Field({ label, field, required, hint, children }: FieldProps) {
  const { t } = useTranslation()
  const msg = errorText(t, field.error, label)
  return (
    <div className="flex flex-col gap-1 text-sm" data-field={field.id}>
      <label htmlFor={field.id} className="text-gray-700">
        {t(label)}{required && <span className="ml-0.5 text-red-600" aria-label={t('forms:required')}>*</span>}
      </label>
      {children}
      {hint && !msg && <p className="text-xs text-gray-500">{t(hint)}</p>}
      {msg && <p id={field.errorId} role="alert" className="text-xs text-red-600">{msg}</p>}
    </div>
  )
}

const inputCls = (invalid: boolean) => `h-8 rounded border px-2 text-sm outline-none focus:ring-2 focus:ring-[var(--theme,#1890ff)] ${invalid ? 'border-red-500' : 'border-gray-300'}`
const aria = (f: BoundField<unknown>) => ({ 'aria-invalid': f.invalid || undefined, 'aria-describedby': f.invalid ? f.errorId : undefined })

interface InputProps<V> { label: string; field: BoundField<V>; required?: boolean; hint?: string; placeholder?: string; disabled?: boolean; autoFocus?: boolean; maxLength?: number }

export function TextInput({ label, field, required, hint, placeholder, disabled, autoFocus, maxLength, type = 'text' }: InputProps<string | undefined | null> & { type?: 'text' | 'password' | 'email' | 'tel' | 'search' }) {
  const { t } = useTranslation()
  return (
    <Field label={label} field={field} required={required} hint={hint}>
      <input
        id={field.id} name={field.name} type={type} className={inputCls(field.invalid)} value={field.value ?? ''} maxLength={maxLength}
        placeholder={placeholder ? t(placeholder) : undefined} disabled={disabled} autoFocus={autoFocus} required={required}
        onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} {...aria(field as BoundField<unknown>)}
      />
    </Field>
  )
}

/** Empty text → undefined (so "required" is reported as required, not as NaN). */
export function NumberInput({ label, field, required, hint, disabled, min, max, step }: InputProps<number | undefined | null> & { min?: number; max?: number; step?: number | 'any' }) {
  return (
    <Field label={label} field={field} required={required} hint={hint}>
      <input
        id={field.id} name={field.name} type="number" inputMode="decimal" className={inputCls(field.invalid)} disabled={disabled}
        value={field.value === undefined || field.value === null || Number.isNaN(field.value) ? '' : String(field.value)} min={min} max={max} step={step}
        onChange={(e) => field.onChange(e.target.value === '' ? undefined : Number(e.target.value))} onBlur={field.onBlur} {...aria(field as BoundField<unknown>)}
      />
    </Field>
  )
}

/** Value is 'YYYY-MM-DD' (or '' → undefined). */
export function DateInput({ label, field, required, hint, disabled, min, max }: InputProps<string | undefined | null> & { min?: string; max?: string }) {
  return (
    <Field label={label} field={field} required={required} hint={hint}>
      <input
        id={field.id} name={field.name} type="date" className={inputCls(field.invalid)} disabled={disabled} min={min} max={max}
        value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value || undefined)} onBlur={field.onBlur} {...aria(field as BoundField<unknown>)}
      />
    </Field>
  )
}

export interface SelectOption<V> { value: V; labelKey: string }

/** headlessui Listbox: Enter/Space/↓ opens, arrows move, Enter picks, Esc closes — all keyboard. */
export function Select<V extends string | number>({ label, field, options, required, hint, disabled }: InputProps<V | undefined | null> & { options: readonly SelectOption<V>[] }) {
  const { t } = useTranslation()
  const current = options.find((o) => o.value === field.value)
  return (
    <Field label={label} field={field} required={required} hint={hint}>
      <Listbox value={field.value ?? null} onChange={(v: V | null) => { field.onChange(v ?? undefined); field.onBlur() }} disabled={disabled}>
        <div className="relative">
          <ListboxButton
            id={field.id} className={`${inputCls(field.invalid)} w-full text-left`} {...aria(field as BoundField<unknown>)}
            // Opening the list moves focus into it: that is not leaving the field, so no "required" yet.
            onBlur={(e) => { if ((e.relatedTarget as HTMLElement | null)?.getAttribute('role') !== 'listbox') field.onBlur() }}
          >
            {current ? t(current.labelKey) : <span className="text-gray-400">{t('forms:select.placeholder')}</span>}
          </ListboxButton>
          <ListboxOptions anchor="bottom start" className="z-[120] max-h-60 w-[var(--button-width)] overflow-auto rounded border bg-white py-1 text-sm shadow-lg focus:outline-none">
            {options.length === 0 && <div className="px-2 py-1 text-gray-400">{t('forms:select.none')}</div>}
            {options.map((o) => (
              <ListboxOption key={String(o.value)} value={o.value} as={Fragment}>
                {({ focus, selected }) => (
                  <div className={`cursor-default px-2 py-1 ${focus ? 'bg-blue-50' : ''} ${selected ? 'font-medium' : ''}`}>{t(o.labelKey)}</div>
                )}
              </ListboxOption>
            ))}
          </ListboxOptions>
        </div>
      </Listbox>
    </Field>
  )
}

/** The spec's general message (section 5) after a failed submit, or a non-field server refusal. */
export function FormError({ show, message }: { show: boolean; message?: string | null }) {
  const { t } = useTranslation()
  if (!show && !message) return null
  return <div role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="form-error">{message || t('common:validation.form')}</div>
}
