// Form state validated by the SAME zod schema the server parses with: values, one error per field,
// touched fields, validation on blur and on submit, and the server's field errors (ApiError.errors)
// mapped back onto the fields so a refusal shows where it belongs.
import { useId, useMemo, useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { ApiError } from '../api/clients'

/** An error on a field: an i18n key with params (client) or the server's translated message. */
export interface FieldErr { key?: string; params?: Record<string, unknown>; message?: string }

/** zod issue → i18n key, the same mapping the server uses (src/server/http/route.ts). */
export function issueToError(i: z.core.$ZodIssue): FieldErr {
  if (i.message && /^[a-z][\w-]*:[\w.-]+$/.test(i.message)) return { key: i.message, params: issueParams(i) }
  const input = (i as { input?: unknown }).input
  const key = (() => {
    switch (i.code) {
      case 'invalid_type': return input === undefined || input === '' ? 'errors:field.required' : 'errors:field.invalidType'
      case 'too_small': return (i as { origin?: string }).origin === 'string' && Number((i as { minimum?: unknown }).minimum) === 1 ? 'errors:field.required' : 'errors:field.tooSmall'
      case 'too_big': return 'errors:field.tooBig'
      case 'invalid_format': return 'errors:field.invalidFormat'
      case 'invalid_value': return 'errors:field.invalidValue'
      default: return 'errors:field.invalid'
    }
  })()
  return { key, params: issueParams(i) }
}

function issueParams(i: z.core.$ZodIssue): Record<string, unknown> {
  const p: Record<string, unknown> = {}
  if ('minimum' in i) p.min = String(i.minimum)
  if ('maximum' in i) p.max = String(i.maximum)
  return p
}

export type Errors<T> = Partial<Record<keyof T & string, FieldErr>>

export interface ZodForm<T extends Record<string, unknown>> {
  values: T
  errors: Errors<T>
  touched: Partial<Record<keyof T & string, boolean>>
  /** Set after a submit attempt failed validation (shows the general form message). */
  submitFailed: boolean
  submitting: boolean
  dirty: boolean
  /** A non-field server error (message already translated by the server). */
  formMessage: string | null
  setValue<K extends keyof T & string>(name: K, value: T[K]): void
  blur(name: keyof T & string): void
  validate(): { ok: true; data: T } | { ok: false }
  /** Form onSubmit: validates, then runs `fn` with the parsed data; ApiError field errors land on fields. */
  handleSubmit(fn: (data: T) => Promise<unknown> | unknown): (e?: FormEvent) => Promise<void>
  setServerErrors(err: unknown): boolean
  reset(next?: T): void
  /** Props for an input bound to `name`. */
  field<K extends keyof T & string>(name: K): BoundField<T[K]>
}

export interface BoundField<V> {
  id: string
  name: string
  value: V
  onChange(value: V): void
  onBlur(): void
  error?: FieldErr
  invalid: boolean
  errorId: string
}

export function useZodForm<S extends z.ZodType<Record<string, unknown>>>(schema: S, initial: z.input<S> & Record<string, unknown>): ZodForm<z.infer<S> & Record<string, unknown>> {
  type T = z.infer<S> & Record<string, unknown>
  type K = keyof T & string
  const [values, setValues] = useState<T>(initial as T)
  const [errors, setErrors] = useState<Errors<T>>({})
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({})
  const [submitFailed, setSubmitFailed] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [formMessage, setFormMessage] = useState<string | null>(null)
  const [baseline, setBaseline] = useState<T>(initial as T)
  const prefix = `f${useId().replace(/:/g, '')}`

  const run = (v: T) => {
    const r = schema.safeParse(v)
    if (r.success) return { ok: true as const, data: r.data as T, errors: {} as Errors<T> }
    const errs: Errors<T> = {}
    for (const i of r.error.issues) {
      const f = String(i.path[0] ?? '_') as K
      if (!errs[f]) errs[f] = issueToError(i)
    }
    return { ok: false as const, errors: errs }
  }

  const setValue = <F extends K>(name: F, value: T[F]) => {
    setValues((v) => ({ ...v, [name]: value }))
    // A field that already shows an error re-validates as it is corrected.
    setErrors((e) => {
      if (!e[name]) return e
      const next = run({ ...values, [name]: value })
      return { ...e, [name]: next.ok ? undefined : next.errors[name] }
    })
  }

  const blur = (name: K) => {
    setTouched((t) => ({ ...t, [name]: true }))
    const r = run(values)
    setErrors((e) => ({ ...e, [name]: r.ok ? undefined : r.errors[name] }))
  }

  const validate = () => {
    const r = run(values)
    setErrors(r.errors)
    setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Partial<Record<K, boolean>>)
    return r.ok ? { ok: true as const, data: r.data } : { ok: false as const }
  }

  const setServerErrors = (err: unknown) => {
    if (!(err instanceof ApiError)) return false
    const fields = (err.errors ?? []).filter((e) => e.field && e.field !== '_')
    if (fields.length) {
      const errs: Errors<T> = {}
      for (const e of fields) {
        const f = e.field.split('.')[0] as K
        if (!errs[f]) errs[f] = { message: e.message, key: e.message ? undefined : e.messageKey }
      }
      setErrors(errs)
      setSubmitFailed(true)
      setFormMessage(null)
    } else {
      setFormMessage(err.message)
    }
    return true
  }

  const handleSubmit = (fn: (data: T) => Promise<unknown> | unknown) => async (e?: FormEvent) => {
    e?.preventDefault()
    setFormMessage(null)
    const r = validate()
    if (!r.ok) { setSubmitFailed(true); return }
    setSubmitFailed(false)
    setSubmitting(true)
    try {
      await fn(r.data)
      setBaseline(values)
    } catch (err) {
      if (!setServerErrors(err)) throw err
    } finally {
      setSubmitting(false)
    }
  }

  const reset = (next?: T) => {
    const v = next ?? baseline
    setValues(v); setBaseline(v); setErrors({}); setTouched({}); setSubmitFailed(false); setFormMessage(null)
  }

  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(baseline), [values, baseline])

  const field = <F extends K>(name: F): BoundField<T[F]> => ({
    id: `${prefix}-${name}`,
    name,
    value: values[name],
    onChange: (v: T[F]) => setValue(name, v),
    onBlur: () => blur(name),
    error: errors[name],
    invalid: !!errors[name],
    errorId: `${prefix}-${name}-error`,
  })

  return { values, errors, touched, submitFailed, submitting, dirty, formMessage, setValue, blur, validate, handleSubmit, setServerErrors, reset, field }
}
