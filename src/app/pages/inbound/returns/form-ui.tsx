// Small keyboard-first form parts shared by the inbound-extra pages: a labelled field with its server
// error, and the field errors of a failed command run (ApiError.errors → { field: message }).
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../../api/clients'
import { i18next } from '../../../i18n'
import type { RunOutcome } from '../../../commands/run'

export type FieldErrors = Record<string, string>

/**
 * Field messages of a failed run (already naming the field by the screen's label); nested fields
 * (lines.1.code) also count for their root (lines), prefixed with the line they are on ('Line 2: …').
 */
export function fieldErrorsOf(out: RunOutcome): FieldErrors {
  if (out.status !== 'failed') return {}
  const e = out.error as { errors?: { field: string; message: string }[] } | undefined
  const list = e instanceof ApiError ? e.errors ?? [] : e?.errors ?? []
  const map: FieldErrors = {}
  for (const x of list) {
    map[x.field] ??= x.message
    const [root, index] = x.field.split('.')
    const line = index !== undefined && /^\d+$/.test(index) ? Number(index) + 1 : undefined
    map[root!] ??= line === undefined ? x.message : i18next.t('inbound:errors.line', { line, message: x.message })
  }
  return map
}

export function Field(props: { label: string; name: string; errors: FieldErrors; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation()
  const err = props.errors[props.name]
  return (
    <label className={`flex flex-col gap-1 text-sm ${props.wide ? 'col-span-full' : ''}`} data-field={props.name}>
      <span className="font-medium text-slate-600">{t(props.label)}</span>
      {props.children}
      {err && <span role="alert" className="text-red-600" data-testid={`error-${props.name}`}>{err}</span>}
    </label>
  )
}

export const inputClass = 'rounded border px-2 py-1'

/** "SKU qty" per row (qty defaults to 1); blank rows ignored. */
export function parseLines<K extends string>(text: string, key: K): ({ [P in K]: string } & { qty: number })[] {
  return text.split(/\n/).map((l) => l.trim()).filter(Boolean).map((l) => {
    const [code, n] = l.split(/[\s,;]+/)
    return { [key]: code ?? '', qty: n ? Number(n) : 1 } as { [P in K]: string } & { qty: number }
  })
}

