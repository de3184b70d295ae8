// The ToB order list's dialogs (addressed by URL, TobOrdersPage):
//   AssignPickingDialog  ?assign=<ids>      batch assign picking: pick mode (PickingBySeed 1 / OrdinaryPicking 2)
//                                           and task mode (whole: a task an order / bulk: one for the wave) →
//                                           outbound.tob.assignPicking (its question names how many orders);
//   SplitMethodDialog    ?splitMethod=<ids> the split method (stock / maxQty / maxLines) → outbound.tob.splitMethod;
//   TobEditDialog        ?edit=<id>         the ToB fields of one order → outbound.tob.update (a marketplace
//                                           quantity that differs asks to confirm, then sends confirm: true).
// Enter submits, Escape closes; a refusal shows on the field it names and the dialog stays as typed.
import { useId, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/clients'
import { Modal } from '../../palette/focus'
import { buildCommandContext } from '../../commands/context'
import { dictLabelKey, PickMode } from '../../../domain/dictionaries'
import { OUTBOUND_ORDER_API } from '../../../../commands/outbound-orders'
import { TobAssignArgs, TobSplitMethodArgs, TobUpdateArgs } from '../../../../commands/tob-orders'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../documents/formParts'
import { SPLIT_METHOD_OPTIONS, type TobOrderRecord } from './api'
import { askMismatch, EMPTY_TOB, tobArgsOf, TobFields, tobHeadOf, type TobHead } from './TobFields'

/** The grid's rows when they are these orders (their status decides), else the ids alone (the server decides). */
const ctxFor = (ids: readonly number[]) => {
  const base = buildCommandContext()
  return { ...base, selection: ids.map((id) => base.selection.find((r) => Number(r.id) === id) ?? { id }) }
}

function DialogFrame({ testId, title, hint, busy, error, saveLabel, onClose, onSave, children, wide }: {
  testId: string; title: string; hint: string; busy: boolean; error: string | null; saveLabel: string; onClose(): void; onSave(): void; children: ReactNode; wide?: boolean
}) {
  const { t } = useTranslation()
  const uid = useId()
  return (
    <Modal scope="dialog" labelledBy={`${uid}-title`} onEscape={onClose} testId={testId} className={`max-h-[90vh] w-full ${wide ? 'max-w-4xl' : 'max-w-lg'} overflow-auto rounded-lg bg-white p-4 shadow-2xl`}>
      {/* Enter on a choice submits, as on a text field (a native select would open its list instead). */}
      <form noValidate onSubmit={(e) => { e.preventDefault(); onSave() }} className="flex flex-col gap-3"
        onKeyDown={(e) => { if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'SELECT') { e.preventDefault(); onSave() } }}>
        <h2 id={`${uid}-title`} className="text-base font-semibold">{title}</h2>
        {children}
        {error && <p role="alert" className="text-sm text-red-600" data-testid={`${testId}-error`}>{error}</p>}
        <p className="text-xs text-gray-600">{hint}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose}>{t('common:cancel')}</button>
          <button type="submit" className="h-8 rounded bg-[var(--theme,#1890ff)] px-3 text-sm text-white disabled:opacity-50" disabled={busy} data-testid={`${testId}-save`}>{saveLabel}</button>
        </div>
      </form>
    </Modal>
  )
}

export function AssignPickingDialog({ ids, onClose }: { ids: number[]; onClose(): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const [pickMode, setPickMode] = useState(String(PickMode.OrdinaryPicking))
  const [taskMode, setTaskMode] = useState<'whole' | 'bulk'>('whole')
  const { errors, formError, busy, submit } = useCommandSubmit()
  const { errOf, fieldProps, fieldBox } = useFieldParts(uid, errors, (f) => (f === 'ids' ? 'tob-ui:assign.orders' : `outbound:wave.fields.${f}`))
  const save = async () => {
    const out = await submit('outbound.tob.assignPicking', TobAssignArgs, { ids, pickMode: Number(pickMode), taskMode }, { ctx: ctxFor(ids) })
    if (out) onClose()
  }
  return (
    <DialogFrame testId="tob-assign" title={t('tob-ui:assign.title', { count: ids.length })} hint={t('tob-ui:assign.keys')} busy={busy}
      error={errOf('ids') ?? formError} saveLabel={t('tob-ui:assign.save')} onClose={onClose} onSave={() => void save()}>
      <p className="text-sm text-gray-700">{t('tob-ui:assign.rule')}</p>
      {fieldBox('pickMode',
        <select {...fieldProps('pickMode')} autoFocus className={inputCls(!!errOf('pickMode'))} value={pickMode} data-testid="tob-assign-pick-mode" onChange={(e) => setPickMode(e.target.value)}>
          {[PickMode.PickingBySeed, PickMode.OrdinaryPicking].map((m) => <option key={m} value={String(m)}>{t(dictLabelKey('pickMode', m))}</option>)}
        </select>)}
      {fieldBox('taskMode',
        <select {...fieldProps('taskMode')} className={inputCls(!!errOf('taskMode'))} value={taskMode} data-testid="tob-assign-task-mode" onChange={(e) => setTaskMode(e.target.value as 'whole' | 'bulk')}>
          <option value="whole">{t('tob-ui:assign.whole')}</option>
          <option value="bulk">{t('tob-ui:assign.bulk')}</option>
        </select>)}
    </DialogFrame>
  )
}

export function SplitMethodDialog({ ids, onClose }: { ids: number[]; onClose(): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const [method, setMethod] = useState('')
  const { errors, setErrors, formError, busy, submit } = useCommandSubmit()
  const { errOf, fieldProps, fieldBox } = useFieldParts(uid, errors, (f) => (f === 'ids' ? 'tob-ui:assign.orders' : `tob:fields.${f}`))
  const save = async () => {
    const out = await submit('outbound.tob.splitMethod', TobSplitMethodArgs, { ids, splitMethod: method }, {
      ctx: ctxFor(ids), refine: (errs) => (method ? errs : { ...errs, splitMethod: { key: 'errors:field.required' } }),
    })
    if (out) onClose()
  }
  return (
    <DialogFrame testId="tob-split-method" title={t('tob-ui:splitMethod.title', { count: ids.length })} hint={t('tob-ui:splitMethod.keys')} busy={busy}
      error={errOf('ids') ?? formError} saveLabel={t('tob-ui:splitMethod.save')} onClose={onClose} onSave={() => void save()}>
      <p className="text-sm text-gray-700">{t('tob-ui:splitMethod.rule')}</p>
      {fieldBox('splitMethod',
        <select {...fieldProps('splitMethod')} autoFocus className={inputCls(!!errOf('splitMethod'))} value={method} data-testid="tob-split-method-value"
          onChange={(e) => { setMethod(e.target.value); setErrors({}) }}>
          <option value="">{t('outbound-ui:form.choose')}</option>
          {SPLIT_METHOD_OPTIONS.map((o) => <option key={o.value} value={o.value}>{t(o.labelKey)}</option>)}
        </select>, { required: true })}
    </DialogFrame>
  )
}

export function TobEditDialog({ id, onClose }: { id: number; onClose(): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const q = useQuery({ queryKey: ['grid', 'tob-edit', id], queryFn: () => api.get<{ order: TobOrderRecord }>(OUTBOUND_ORDER_API.detailById(id)), retry: false, staleTime: 0 })
  const order = q.data?.order
  const [head, setHead] = useState<TobHead | null>(null)
  const h = head ?? (order ? tobHeadOf(order) : EMPTY_TOB)
  const { errors, setErrors, formError, busy, submit } = useCommandSubmit()
  const save = async (confirm = false) => {
    let again = false
    const out = await submit('outbound.tob.update', TobUpdateArgs, { id, ...tobArgsOf(h), ...(confirm ? { confirm: true } : {}) }, {
      ctx: ctxFor([id]),
      onFailed: (e) => {
        const ask = askMismatch(e)
        if (!ask) return false
        void ask.then((ok) => { if (ok) { again = true; void save(true) } })
        return true
      },
    })
    if (out && !again) onClose()
  }
  return (
    <DialogFrame wide testId="tob-edit" title={t('tob-ui:edit.title', { orderNo: order?.orderNo ?? '' })} hint={t('tob-ui:edit.keys')} busy={busy || !order}
      error={formError ?? (q.isError ? (q.error as Error).message : null)} saveLabel={t('tob-ui:edit.save')} onClose={onClose} onSave={() => void save()}>
      {order
        ? <TobFields uid={uid} head={h} errors={errors} onChange={(name, value) => { setHead({ ...h, [name]: value }); setErrors(({ [name]: _drop, ...rest }) => rest) }} />
        : <p role="status" className="text-sm text-gray-600">{t('outbound-ui:details.loading')}</p>}
    </DialogFrame>
  )
}
