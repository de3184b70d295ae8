// Task path configuration (warehouse → task-path-configuration, component 'warehouse/task-path-configuration'):
// the order in which picking, count and replenishment tasks visit locations — the warehouse's row (area
// empty) and per storage area rows that override it: corner (location code), random (fixed per task) or
// an explicit order by up to three keys (shelf, floor, location code, each ascending or descending). The
// grid lists the rows (Enter loads one into the form, the toolbar removes the selected one); the form
// saves with Ctrl+Enter or its button through tasks.path.save — its refusals land on the fields — and
// shows the walk its area's first locations take now.
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/clients'
import { DataGrid, type GridColumn, type GridQuery } from '../../grid'
import { formatTime } from '../../../domain/format'
import { ORDER_KEYS, ROUTES, SavePathArgs, TASK_POOL_API } from '../../../../commands/task-pool'
import { CommandButtons } from '../documents/CommandButtons'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../documents/formParts'

interface PathRecord extends Record<string, unknown> { id: number; areaCode: string | null; areaName: string | null; route: string; orderKeys: string; remark: string | null; updatedAt: string; updatedByName: string | null }
const F = (f: string) => `tasks:path.fields.${f}`
const ROUTE_OPTIONS = ROUTES.map((r) => ({ value: r, labelKey: `tasks:path.route.${r}` }))

function Keys({ keys }: { keys: string }) {
  const { t } = useTranslation()
  return <span>{keys ? keys.split(', ').map((k) => t(`tasks:path.key.${k}`)).join(' → ') : '—'}</span>
}
function RouteCell({ route }: { route: string }) {
  const { t } = useTranslation()
  return <span>{t(`tasks:path.route.${route}`)}</span>
}
function AreaCell({ r }: { r: PathRecord }) {
  const { t } = useTranslation()
  return <span>{r.areaCode ? `${r.areaCode}${r.areaName ? ` · ${r.areaName}` : ''}` : t('tasks:path.warehouse')}</span>
}
const columns: GridColumn<PathRecord>[] = [
  { id: 'areaCode', titleKey: F('areaCode'), width: 200, sortable: true, filter: 'text', hideable: false, render: (r) => <AreaCell r={r} /> },
  { id: 'route', titleKey: F('route'), width: 220, filter: 'enum', enumDict: ROUTE_OPTIONS, render: (r) => <RouteCell route={r.route} /> },
  { id: 'orderKeys', titleKey: F('orderKeys'), width: 260, render: (r) => <Keys keys={r.orderKeys} /> },
  { id: 'remark', titleKey: F('remark'), width: 200, render: (r) => r.remark ?? '' },
  { id: 'updatedByName', titleKey: F('updatedByName'), width: 120, render: (r) => r.updatedByName ?? '—' },
  { id: 'updatedAt', titleKey: F('updatedAt'), width: 160, sortable: true, render: (r) => formatTime(r.updatedAt) },
]
const fetchPaths = (q: GridQuery) => api.get<{ records: PathRecord[]; total: number }>(TASK_POOL_API.paths, q)

interface Form { areaCode: string; route: string; keys: [string, string, string]; remark: string }
const blank: Form = { areaCode: '', route: 'corner', keys: ['', '', ''], remark: '' }

export default function TaskPathPage() {
  const { t } = useTranslation()
  const uid = useId()
  const [form, setForm] = useState<Form>(blank)
  const { errors, formError, busy, submit } = useCommandSubmit()
  const { fieldBox, fieldProps } = useFieldParts(uid, errors, F)
  const argsOf = () => ({ areaCode: form.areaCode || null, route: form.route, orderKeys: form.route === 'explicit' ? form.keys.filter(Boolean) : [], remark: form.remark || null })
  const save = async () => { await submit('tasks.path.save', SavePathArgs, argsOf()) }
  const preview = useQuery({
    queryKey: ['grid', 'task-path-preview', form.areaCode],
    enabled: form.areaCode.trim().length > 0,
    queryFn: () => api.get<{ locations: string[] }>(TASK_POOL_API.preview, { areaCode: form.areaCode.trim() }, { silent: true }),
  })
  const load = (r: PathRecord) => {
    const ks = r.orderKeys ? r.orderKeys.split(', ') : []
    setForm({ areaCode: r.areaCode ?? '', route: r.route, keys: [ks[0] ?? '', ks[1] ?? '', ks[2] ?? ''], remark: r.remark ?? '' })
    requestAnimationFrame(() => document.getElementById(`${uid}-route`)?.focus())
  }
  return (
    <div className="flex flex-col gap-3" data-testid="task-path">
      <p className="text-sm text-slate-600">{t('tasks:path.hint')}</p>
      <form className="flex flex-wrap items-end gap-3 rounded border p-3" aria-label={t('tasks:path.title')} data-testid="task-path-form"
        onSubmit={(e) => { e.preventDefault(); void save() }}
        onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save() } }}>
        {fieldBox('areaCode', <input {...fieldProps('areaCode')} className={inputCls(!!errors.areaCode)} value={form.areaCode} placeholder={t('tasks:path.warehouse')}
          onChange={(e) => setForm({ ...form, areaCode: e.target.value.toUpperCase() })} />)}
        {fieldBox('route', <select {...fieldProps('route')} className={inputCls(!!errors.route)} value={form.route} onChange={(e) => setForm({ ...form, route: e.target.value })}>
          {ROUTES.map((r) => <option key={r} value={r}>{t(`tasks:path.route.${r}`)}</option>)}
        </select>)}
        {form.route === 'explicit' && fieldBox('orderKeys', (
          <div className="flex gap-1">
            {[0, 1, 2].map((i) => (
              <select key={i} {...(i === 0 ? fieldProps('orderKeys') : {})} aria-label={`${t(F('orderKeys'))} ${i + 1}`} className={inputCls(!!errors.orderKeys)} value={form.keys[i]}
                onChange={(e) => { const keys = [...form.keys] as Form['keys']; keys[i] = e.target.value; setForm({ ...form, keys }) }}>
                <option value="">—</option>
                {ORDER_KEYS.map((k) => <option key={k} value={k}>{t(`tasks:path.key.${k}`)}</option>)}
              </select>
            ))}
          </div>
        ))}
        {fieldBox('remark', <input {...fieldProps('remark')} className={inputCls(!!errors.remark)} value={form.remark} onChange={(e) => setForm({ ...form, remark: e.target.value })} />)}
        <button type="submit" disabled={busy} className="h-8 rounded bg-sky-700 px-4 text-sm text-white" data-testid="task-path-save">{t('tasks:path.save')} <kbd className="text-xs">Ctrl+Enter</kbd></button>
        {formError && <p role="alert" className="w-full text-sm text-red-600">{formError}</p>}
      </form>
      <section aria-label={t('tasks:path.preview')} className="text-sm" data-testid="task-path-preview">
        <h2 className="font-semibold">{t('tasks:path.preview')}</h2>
        <p className="font-mono text-xs text-slate-700">{form.areaCode && preview.data ? preview.data.locations.join(' → ') : t('tasks:path.previewEmpty')}</p>
      </section>
      {/* The list last: it fills the page's height, so the form and the preview stay in view above it. */}
      <DataGrid<PathRecord>
        gridId="task-path" titleKey="tasks:path.title" columns={columns} fetcher={fetchPaths} defaultSort="areaCode:asc" rowId={(r) => String(r.id)}
        onOpen={load} toolbar={<CommandButtons ids={['tasks.path.delete']} label="tasks:path.title" />}
      />
    </div>
  )
}
