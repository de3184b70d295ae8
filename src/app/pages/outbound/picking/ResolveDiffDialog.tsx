// Resolve one pick difference (outbound.pickDiff.resolve): reissue — the goods were there after all, the
// quantity (the short one by default, at most that) goes back to the order in a new task; reallocate —
// stock from elsewhere, a new task; out of stock — the order line stays short. The arrows choose, Enter
// resolves, Esc closes. A refusal stays on its field (or under the form), the form as typed; an
// exception already processed says so before anything is sent.
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { commandEnabled } from '../../../../domain/commands'
import { buildCommandContext } from '../../../commands/context'
import { reasonLabel } from '../../../commands/reason'
import { Modal } from '../../../palette/focus'
import { useCommandRegistry } from '../../../palette'
import { showToast } from '../../../state/toast'
import { PICK_DIFF_RESOLUTIONS, ResolveDiffArgs, type PickDiffResolution } from '../../../../../commands/outbound-picking'
import { docInputCls, useCommandSubmit, useFieldParts } from '../../documents/formParts'
import type { DiffRecord } from './api'

const LABEL = (f: string) => `outbound:pickDiff.fields.${f}`
interface Resolved { diffNo: string; resolution: PickDiffResolution; resolvedQty: number; taskNo: string | null }

export function ResolveDiffDialog({ diff, facts, onClose }: { diff: DiffRecord; facts: Record<string, unknown>; onClose(): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const [resolution, setResolution] = useState<PickDiffResolution>('reissue')
  const [qty, setQty] = useState(String(diff.shortQty))
  const [remark, setRemark] = useState('')
  const { errors, setErrors, formError, busy, submit } = useCommandSubmit()
  const { errOf, fieldProps, fieldBox } = useFieldParts(uid, errors, LABEL)
  const def = useCommandRegistry().get('outbound.pickDiff.resolve')
  const ctx = { ...buildCommandContext(), selection: [facts], document: facts, documentId: diff.id }
  const verdict = def ? commandEnabled(def, ctx) : true
  const refusal = verdict === true ? null : reasonLabel(verdict)

  const save = async () => {
    const args = { id: diff.id, resolution, qty: resolution === 'reissue' ? (qty.trim() === '' ? null : Number(qty.trim())) : null, remark: remark.trim() || null }
    const out = await submit('outbound.pickDiff.resolve', ResolveDiffArgs, args, { ctx })
    if (!out) return
    const r = out.result as Resolved
    const done = t('outbound-picking-ui:diff.done', { diffNo: r.diffNo, resolution: t(`outbound:pickDiff.resolution.${r.resolution}`), qty: r.resolvedQty })
    showToast('success', r.taskNo ? `${done} ${t('outbound-picking-ui:diff.newTask', { taskNo: r.taskNo })}` : done)
    onClose()
  }

  const titleId = `${uid}-title`
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} testId="resolve-diff-dialog" className="w-full max-w-lg rounded-lg bg-white p-4 shadow-2xl">
      <form noValidate onSubmit={(e) => { e.preventDefault(); void save() }} className="flex flex-col gap-3"
        // Enter on a radio button resolves too (browsers differ on submitting a form from a radio).
        onKeyDown={(e) => { if (e.key === 'Enter' && (e.target as HTMLInputElement).type === 'radio') { e.preventDefault(); if (!refusal) void save() } }}>
        <h2 id={titleId} className="text-base font-semibold">{t('outbound-picking-ui:diff.title', { diffNo: diff.diffNo })}</h2>
        <p className="text-sm text-gray-700" data-testid="resolve-facts">
          {t('outbound-picking-ui:diff.facts', { orderNo: diff.orderNo, skuCode: diff.skuCode, locationCode: diff.locationCode, shortQty: diff.shortQty, taskNo: diff.taskNo })}
        </p>
        <fieldset className="flex flex-col gap-1 text-sm" data-field="resolution">
          <legend className="mb-1 text-gray-700">{t(LABEL('resolution'))}<span className="ml-0.5 text-red-600">*</span></legend>
          {PICK_DIFF_RESOLUTIONS.map((r) => (
            <label key={r} className="flex items-center gap-2">
              <input type="radio" name={`${uid}-resolution`} value={r} checked={resolution === r} autoFocus={resolution === r} data-testid={`resolution-${r}`}
                onChange={() => { setResolution(r); setErrors({}) }} />
              {t(`outbound:pickDiff.resolution.${r}`)}
            </label>
          ))}
        </fieldset>
        {fieldBox('qty', (
          <input {...fieldProps('qty')} inputMode="numeric" disabled={resolution !== 'reissue'} className={docInputCls(!!errOf('qty'))} value={resolution === 'reissue' ? qty : ''}
            data-testid="resolve-qty" onChange={(e) => { setQty(e.target.value); setErrors({}) }} />
        ), { required: resolution === 'reissue' })}
        {fieldBox('remark', (
          <input {...fieldProps('remark')} className={docInputCls(!!errOf('remark'))} value={remark} maxLength={300} data-testid="resolve-remark" onChange={(e) => setRemark(e.target.value)} />
        ))}
        {(refusal || formError) && <p role="alert" className="text-sm text-red-600" data-testid="resolve-error">{refusal ?? formError}</p>}
        <p className="text-xs text-gray-600">{t('outbound-picking-ui:diff.keys')}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose}>{t('common:cancel')}</button>
          <button type="submit" className="h-8 rounded bg-[var(--theme,#1890ff)] px-3 text-sm text-white disabled:opacity-50" disabled={busy || !!refusal} data-testid="resolve-save">
            {t('outbound-picking-ui:diff.save')}
          </button>
        </div>
      </form>
    </Modal>
  )
}
