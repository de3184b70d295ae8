// Pieces of a document's form dialog (header fields and lines, keyboard first): every refusal — the
// browser's pre-flight with the command's own zod schema, or the server's field errors — is kept by
// its path ('consigneeName', 'lines.2.code' …) and shown under the field or line it names, with
// aria-invalid / aria-describedby on the control; a refusal of no field (or a disabled command's
// reason) is the form's general message. The form stays as typed.
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import type { CommandContext } from '../../../domain/commands'
import { ApiError } from '../../api/clients'
import { reasonLabel } from '../../commands/reason'
import { runCommand, useCommandRegistry } from '../../palette'
import { errorText, issueToError, type FieldErr } from '../../forms'

export type FieldErrors = Record<string, FieldErr>

export const docInputCls = (bad: boolean) => `h-8 rounded border px-2 text-sm outline-none focus:ring-2 focus:ring-[var(--theme,#1890ff)] ${bad ? 'border-red-500' : 'border-gray-300'}`

/** An ApiError's field errors keyed by field path ('lines.2.code', 'supplierId' …). */
export function serverFieldErrors(e: unknown): FieldErrors {
  const out: FieldErrors = {}
  if (e instanceof ApiError) for (const f of e.errors ?? []) out[f.field] ??= { message: f.message }
  return out
}

/** A failed pre-flight parse's issues keyed by path (the first per path). */
export function schemaFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const i of error.issues) out[i.path.join('.')] ??= issueToError(i)
  return out
}

/**
 * The form's field helpers over its errors: `errOf(path)` is the translated message (the label of the
 * path's last named segment fills {field}); `fieldProps` the control's id and aria; `fieldBox` the label,
 * control and error line (ids `${uid}-${name}`).
 */
export function useFieldParts(uid: string, errors: FieldErrors, labelKey: (field: string) => string) {
  const { t } = useTranslation()
  const errOf = (path: string) => errorText(t, errors[path], labelKey(path.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? path))
  const fieldProps = (name: string) => {
    const msg = errOf(name)
    return { id: `${uid}-${name}`, 'aria-invalid': msg ? true : undefined, 'aria-describedby': msg ? `${uid}-${name}-err` : undefined }
  }
  const fieldBox = (name: string, control: ReactNode, opts: { required?: boolean; className?: string } = {}) => {
    const msg = errOf(name)
    return (
      <div className={`flex flex-col gap-1 text-sm ${opts.className ?? ''}`} data-field={name}>
        <label htmlFor={`${uid}-${name}`} className="text-gray-700">{t(labelKey(name))}{opts.required && <span className="ml-0.5 text-red-600">*</span>}</label>
        {control}
        {msg && <p id={`${uid}-${name}-err`} role="alert" className="text-xs text-red-600">{msg}</p>}
      </div>
    )
  }
  return { errOf, fieldProps, fieldBox }
}

/**
 * A form's run of its command: the pre-flight with the command's own schema (refusals on the fields,
 * nothing sent), then the command; the server's refusals land on the fields. Answers the command's
 * result once it ran, else undefined.
 */
export function useCommandSubmit() {
  const registry = useCommandRegistry()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (commandId: string, schema: z.ZodType, args: Record<string, unknown>, opts: { ctx?: CommandContext; refine?(errs: FieldErrors): FieldErrors; /** A refusal the caller answers itself (a 409 asking to confirm): true = handled. */ onFailed?(error: unknown): boolean } = {}): Promise<{ result: unknown } | undefined> => {
    if (busy) return undefined
    const pre = schema.safeParse(args)
    if (!pre.success) {
      const errs = schemaFieldErrors(pre.error)
      setErrors(opts.refine ? opts.refine(errs) : errs)
      return undefined
    }
    const def = registry.get(commandId)
    if (!def) return undefined
    setBusy(true)
    setFormError(null)
    try {
      const out = await runCommand(def, { ctx: opts.ctx, args: args as never })
      if (out.status === 'ok') return { result: out.result }
      if (out.status === 'failed') {
        if (opts.onFailed?.(out.error)) return undefined
        const errs = serverFieldErrors(out.error)
        setErrors(errs)
        if (!Object.keys(errs).length) setFormError(out.error instanceof Error ? out.error.message : String(out.error))
      } else if (out.status === 'disabled') setFormError(reasonLabel(out.reason))
      return undefined
    } finally {
      setBusy(false)
    }
  }
  return { errors, setErrors, formError, busy, submit }
}
