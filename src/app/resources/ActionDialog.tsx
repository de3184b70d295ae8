// The arguments form of a resource's extra action (e.g. a location's vendor box ceiling), opened by
// its generated command when the action needs more than the selected ids. Fields come from the
// action's zod input: a key that is also a field of the resource gets that field's input and label,
// others a plain input labelled `fields:<key>`. Saving runs resource.<name>.<action> with the ids.
import { useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { commandIdOf, type FieldDef, type ResourceAction, type ResourceDef } from '../../domain/resource'
import { Form, useZodForm } from '../forms'
import { Modal } from '../palette/focus'
import { getRuntime } from '../commands/run'
import { showToast } from '../state/toast'
import { FieldInput } from './ResourceForm'
import { gridIdOf } from './ids'
import { itemColumns } from './JsonRowsEditor'

type Values = Record<string, unknown>

/** The action's argument keys besides `ids`, each with the field definition its input is built from. */
export function actionFields(def: ResourceDef, x: ResourceAction): [string, FieldDef][] {
  const shape = (x.input as unknown as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {}
  return Object.entries(shape).filter(([k]) => k !== 'ids').map(([k, s]) => {
    const own = def.fields[k]
    if (own) return [k, { ...own, readOnly: false }]
    // Not a resource field: the kind from the zod type (via the same introspection as sub-rows).
    const col = itemColumns({ _zod: { def: { type: 'array', element: { _zod: { def: { type: 'object', shape: { [k]: s } } } } } } } as unknown as z.ZodType)?.[0]
    const kind: FieldDef['kind'] = col?.kind === 'number' ? 'decimal' : col?.kind === 'boolean' ? 'bool' : 'text'
    return [k, { kind, required: !col?.optional }]
  })
}

export function ActionDialog({ def, action, ids, onClose }: { def: ResourceDef<any>; action: ResourceAction; ids: (number | string)[]; onClose(): void }) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const fields = useMemo(() => actionFields(def, action), [def, action])
  const initial = useMemo(() => ({ ids: ids.map(Number), ...Object.fromEntries(fields.map(([k]) => [k, null])) }), [ids, fields])
  const form = useZodForm(action.input as z.ZodType<Values>, initial)
  const titleId = `resource-action-title-${def.name}`
  const submit = async (data: Values) => {
    await getRuntime().callServer(commandIdOf(def, action.action), data)
    await qc.invalidateQueries({ queryKey: ['grid', gridIdOf(def)] })
    qc.removeQueries({ queryKey: ['resourceRow', def.name] })
    showToast('success', t('resources-ui:action.done', { title: t(action.title), count: ids.length }))
    onClose()
  }
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} testId={`resource-action-${def.name}-${action.action}`} className="w-full max-w-xl rounded-lg bg-white p-4 shadow-2xl">
      <h2 id={titleId} className="mb-1 text-base font-semibold">{t(action.title)}</h2>
      <p className="mb-3 text-sm text-gray-600">{t('resources-ui:action.rows', { count: ids.length })}</p>
      <Form form={form} onSubmit={submit} onCancel={onClose} submitLabel="resources-ui:form.save">
        {fields.map(([k, f], i) => (
          // The resource's own field label, else the shared `fields:` namespace.
          <FieldInput key={k} def={def} name={k} f={f} field={form.field(k)} row={null} disabled={false} autoFocus={i === 0} labelKey={def.fields[k] ? undefined : `fields:${k}`} />
        ))}
      </Form>
    </Modal>
  )
}
