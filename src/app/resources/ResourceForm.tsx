// The new/edit dialog of any resource, built from its declaration: def.form rows, one input per field
// kind, validated on blur and on submit with the SAME zod schema the server parses with (plus the
// declaration's cross-field rules); the server's field errors land on their fields. Enter submits,
// Esc cancels (asking first when something was changed). Saving runs the generated command
// resource.<name>.add | .edit through the command runtime (idempotency key, audit on the server).
import { useMemo } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { commandIdOf, fieldLabelKey, labelFieldOf, resourceSchemas, titleKeyOf, type FieldDef, type ResourceDef } from '../../domain/resource'
import { holds } from '../../domain/commands'
import { Field, Form, NumberInput, DateInput, Select, TextInput, useUnsavedChangesPrompt, useZodForm, type BoundField } from '../forms'
import { Modal } from '../palette/focus'
import { getRuntime } from '../commands/run'
import { askConfirm } from '../commands/interaction'
import { showToast } from '../state/toast'
import { session } from '../state/session'
import { fetchResourceRow, type Row } from './api'
import { dictOptions } from './columns'
import { BoolInput, CodeInput, DateTimeInput, FileUpload, RefManyPicker, RefPicker, TextArea } from './inputs'
import { itemColumns, itemLabelKeys, JsonRowsEditor, JsonText } from './JsonRowsEditor'
import { gridIdOf } from './ids'

type Values = Record<string, unknown>

/** The row's name for messages: its label field (declaration), else its id. */
const labelOfRow = (def: ResourceDef, row: unknown) => {
  if (!row || typeof row !== 'object') return ''
  const r = row as Values
  const f = labelFieldOf(def)
  return String((f && r[f]) ?? r.id ?? '')
}

const editable = (def: ResourceDef) => Object.entries(def.fields).filter(([, f]) => !f.readOnly)

/** Stored row → form values: only editable fields, decimals/ints as numbers, dates as YYYY-MM-DD. */
export function rowToValues(def: ResourceDef, row: Row | null): Values {
  const out: Values = {}
  for (const [name, f] of editable(def)) {
    let v = row ? row[name] : f.default
    if (v === undefined && !row) { out[name] = f.kind === 'refMany' || f.kind === 'files' ? [] : undefined; continue }
    if ((f.kind === 'int' || f.kind === 'decimal' || f.kind === 'ref') && typeof v === 'string' && v !== '') v = Number(v)
    if (f.kind === 'date' && typeof v === 'string') v = v.slice(0, 10)
    out[name] = v ?? null
  }
  return out
}

/** What is sent: optional fields left empty become null (an empty optional code is "none", not a bad code). */
export function cleanValues(def: ResourceDef, v: unknown): unknown {
  if (!v || typeof v !== 'object') return v
  const out: Values = {}
  for (const [k, x] of Object.entries(v as Values)) {
    const f = def.fields[k]
    out[k] = f && !f.required && (x === '' || x === undefined || (typeof x === 'number' && Number.isNaN(x))) ? null : x
  }
  return out
}

/** The form's schema: the declaration's create schema (the full row is edited) + its refine rules. */
export function formSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = { ...resourceSchemas(def).create.shape }
  for (const [k, s] of Object.entries(shape)) {
    const f = def.fields[k]
    // An empty required enum/ref/number reads "required", not "invalid" (zod reports a union or type issue).
    if (f?.required && f.default === undefined) shape[k] = z.any().refine((v) => v !== undefined && v !== null && v !== '', 'errors:field.required').pipe(s)
  }
  const base = z.object(shape).strict().superRefine((value, ctx) => {
    for (const i of def.refine?.(value as Values) ?? []) ctx.addIssue({ code: 'custom', path: i.path.split('.'), message: i.messageKey, params: i.params })
  })
  return z.preprocess((v) => cleanValues(def, v), base) as unknown as z.ZodType<Values>
}

export function ResourceFormDialog({ def, id, onClose }: { def: ResourceDef<any>; id?: number | string; onClose(): void }) {
  const { t } = useTranslation()
  const editing = id !== undefined && id !== null
  const row = useQuery({ queryKey: ['resourceRow', def.name, String(id)], queryFn: () => fetchResourceRow(def.name, id!), enabled: editing, staleTime: 0, retry: false })
  const canEdit = holds(`${def.menuCode}:${editing ? 'edit' : 'add'}`, { permissions: new Set(session.permissions), roles: session.roles })
  const titleId = `resource-form-title-${def.name}`
  const title = t(editing ? (canEdit ? 'resources-ui:form.editTitle' : 'resources-ui:form.viewTitle') : 'resources-ui:form.newTitle', { title: t(titleKeyOf(def)) })
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} testId={`resource-form-${def.name}`} className="max-h-[85vh] w-full max-w-3xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <h2 id={titleId} className="mb-3 text-base font-semibold">{title}</h2>
      {editing && row.isPending && <p role="status" className="text-sm text-gray-500">{t('common:loading')}</p>}
      {editing && row.isError && <p role="alert" className="text-sm text-red-600">{(row.error as Error).message}</p>}
      {(!editing || row.data) && <ResourceFormBody def={def} row={editing ? row.data ?? null : null} readOnly={!canEdit} onClose={onClose} />}
    </Modal>
  )
}

function ResourceFormBody({ def, row, readOnly, onClose }: { def: ResourceDef<any>; row: Row | null; readOnly: boolean; onClose(): void }) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const schema = useMemo(() => formSchema(def), [def])
  const initial = useMemo(() => rowToValues(def, row), [def, row])
  const form = useZodForm(schema, initial)
  useUnsavedChangesPrompt(form.dirty && !readOnly)
  const lockedRow = !!(row && def.readOnlyRow && row[def.readOnlyRow.field as string] === def.readOnlyRow.value)
  const disabled = readOnly || lockedRow

  const cancel = async () => {
    if (form.dirty && !disabled && !(await askConfirm('resources-ui:form.discard', { titleKey: 'resources-ui:form.discardTitle' }))) return
    onClose()
  }
  const submit = async (data: Values) => {
    const action = row ? 'edit' : 'add'
    const saved = await getRuntime().callServer<Row>(commandIdOf(def, action), row ? { id: row.id, ...data } : data)
    form.reset(form.values)
    await qc.invalidateQueries({ queryKey: ['grid', gridIdOf(def)] })
    qc.removeQueries({ queryKey: ['resourceRow', def.name] })
    qc.removeQueries({ queryKey: ['refOptions', def.name] })
    showToast('success', t(row ? 'resources-ui:form.updated' : 'resources-ui:form.created', { title: t(titleKeyOf(def)), label: labelOfRow(def, saved) }))
    onClose()
  }
  const firstField = def.form[0]?.[0]
  return (
    <Form form={form} onSubmit={submit} onCancel={() => void cancel()} actions={!disabled} submitLabel="resources-ui:form.save" testId={`resource-form-${def.name}-form`}>
      {lockedRow && <p role="note" className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-800">{t(def.readOnlyRow!.messageKey)}</p>}
      {def.form.map((line, i) => (
        <div key={i} className="grid gap-3" style={{ gridTemplateColumns: `repeat(${line.length}, minmax(0, 1fr))` }}>
          {line.map((name) => {
            const f = def.fields[name]
            if (!f) return null
            return <FieldInput key={name} def={def} name={name} f={f} field={form.field(name)} row={row} disabled={disabled || !!f.readOnly} autoFocus={name === firstField} />
          })}
        </div>
      ))}
      {disabled && (
        <div className="flex justify-end">
          <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose}>{t('common:close')}</button>
        </div>
      )}
    </Form>
  )
}

/** One field by kind. Readonly fields of the layout are shown disabled with the stored value. */
export function FieldInput({ def, name, f, field, row, disabled, autoFocus, labelKey }: { def: ResourceDef<any>; name: string; f: FieldDef; field: BoundField<unknown>; row: Row | null; disabled: boolean; autoFocus: boolean; labelKey?: string }) {
  const { t } = useTranslation()
  const label = labelKey ?? fieldLabelKey(def, name)
  const value = f.readOnly ? row?.[name] ?? null : field.value
  const ctl = { id: field.id, value, onChange: field.onChange, onBlur: field.onBlur, invalid: field.invalid, describedBy: field.errorId, disabled }
  const bound = { ...field, value } as BoundField<any>
  switch (f.kind) {
    case 'int': case 'decimal':
      return <NumberInput label={label} field={bound} required={f.required} disabled={disabled} min={f.min} max={f.max} step={f.kind === 'int' ? 1 : 'any'} />
    case 'date':
      return <DateInput label={label} field={bound} required={f.required} disabled={disabled} />
    case 'enum':
      return <Select label={label} field={bound} required={f.required} disabled={disabled} options={dictOptions(f.dict)} />
    case 'text': case 'email': case 'phone':
      return <TextInput label={label} field={bound} required={f.required} disabled={disabled} autoFocus={autoFocus} maxLength={f.maxLength} type={f.kind === 'email' ? 'email' : f.kind === 'phone' ? 'tel' : 'text'} />
    default: break
  }
  let control
  switch (f.kind) {
    case 'code': control = <CodeInput {...ctl} value={value as string} maxLength={f.maxLength} />; break
    case 'textarea': control = <TextArea {...ctl} value={value as string} maxLength={f.maxLength} />; break
    case 'bool': control = <BoolInput {...ctl} value={value as boolean} />; break
    case 'datetime': control = <DateTimeInput {...ctl} value={value as string} />; break
    case 'ref': control = <RefPicker {...ctl} value={value as number} refName={f.ref!} initialLabel={row?.[`${name}Label`] as string | undefined} clearable={!f.required} />; break
    case 'refMany': control = <RefManyPicker {...ctl} value={value as number[]} refName={f.ref!} initialLabels={row?.[`${name}Labels`] as string[] | undefined} />; break
    case 'image': control = <FileUpload {...ctl} value={value as string} multiple={false} image purpose={f.uploadPurpose} />; break
    case 'files': control = <FileUpload {...ctl} value={value as string[]} multiple image={false} purpose={f.uploadPurpose} />; break
    case 'json': {
      const cols = itemColumns(f.item)
      control = cols
        ? <JsonRowsEditor {...ctl} columns={cols} caption={t(label)} labelKeys={itemLabelKeys(def.ns, def.name, name)} />
        : <JsonText {...ctl} />
      break
    }
    default: control = <input id={field.id} className="h-8 rounded border px-2 text-sm" value={String(value ?? '')} disabled={disabled} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />
  }
  return <Field label={label} field={field} required={f.required}>{control}</Field>
}
