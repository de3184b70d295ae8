// <Form>: Enter submits (native implicit submission), Esc cancels, the 'form' focus scope is pushed
// while it is mounted, and the general error shows after a failed submit.
import type { KeyboardEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useFocusScope } from '../palette'
import { FormError } from './fields'
import type { ZodForm } from './useZodForm'

export interface FormProps<T extends Record<string, unknown>> {
  form: ZodForm<T>
  onSubmit(data: T): Promise<unknown> | unknown
  onCancel?(): void
  children: ReactNode
  className?: string
  /** Render the submit/cancel buttons (default true). */
  actions?: boolean
  submitLabel?: string
  testId?: string
}

export function Form<T extends Record<string, unknown>>({ form, onSubmit, onCancel, children, className, actions = true, submitLabel, testId }: FormProps<T>) {
  const { t } = useTranslation()
  useFocusScope('form')
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    // An open listbox or combobox handles its own Escape (and marks it handled).
    if (e.key === 'Escape' && onCancel && !e.defaultPrevented) { e.preventDefault(); onCancel() }
  }
  return (
    <form className={className ?? 'flex flex-col gap-3'} noValidate onSubmit={form.handleSubmit(onSubmit)} onKeyDown={onKeyDown} data-testid={testId}>
      <FormError show={form.submitFailed} message={form.formMessage} />
      {children}
      {actions && (
        <div className="flex justify-end gap-2 pt-2">
          {onCancel && <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onCancel}>{t('forms:cancel')}</button>}
          <button type="submit" className="h-8 rounded bg-[var(--theme,#1890ff)] px-3 text-sm text-white disabled:opacity-50" disabled={form.submitting}>
            {form.submitting ? t('forms:saving') : t(submitLabel ?? 'forms:submit')}
          </button>
        </div>
      )}
      <p className="text-xs text-gray-500">{t('forms:keys.hint')}</p>
    </form>
  )
}
