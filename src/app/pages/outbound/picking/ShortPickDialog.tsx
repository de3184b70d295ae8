// The short pick of the station's current line (Alt+S): how many are not there — the line's remaining
// by default — then Enter runs outbound.pick.short {taskNo, lineId, qty}; a refusal (more than is
// left …) stays on the field with the dialog open; Esc closes it and the scan field has the focus again.
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CommandContext } from '../../../../domain/commands'
import { Modal } from '../../../palette/focus'
import { PickShortArgs, type PickNext, type ShortResult } from '../../../../../commands/outbound-picking'
import { docInputCls, useCommandSubmit, useFieldParts } from '../../documents/formParts'

const LABEL = (f: string) => `outbound:pick.fields.${f}`

export function ShortPickDialog({ taskNo, line, ctx, onClose, onDone }: {
  taskNo: string; line: PickNext; ctx: CommandContext; onClose(): void; onDone(r: ShortResult, qty: number): void
}) {
  const { t } = useTranslation()
  const uid = useId()
  const [qty, setQty] = useState(String(line.remaining))
  const { errors, setErrors, formError, busy, submit } = useCommandSubmit()
  const { errOf, fieldProps, fieldBox } = useFieldParts(uid, errors, LABEL)
  const save = async () => {
    const n = Number(qty.trim())
    const out = await submit('outbound.pick.short', PickShortArgs, { taskNo, lineId: line.lineId, qty: qty.trim() === '' ? Number.NaN : n }, { ctx })
    if (out) onDone(out.result as ShortResult, n)
  }
  const titleId = `${uid}-title`
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} testId="short-pick-dialog" className="w-full max-w-md rounded-lg bg-white p-4 shadow-2xl">
      <form noValidate onSubmit={(e) => { e.preventDefault(); void save() }} className="flex flex-col gap-3">
        <h2 id={titleId} className="text-base font-semibold">{t('outbound-picking-ui:short.title', { skuCode: line.skuCode, locationCode: line.locationCode })}</h2>
        <p className="text-sm text-gray-700">{t('outbound-picking-ui:short.facts', { orderNo: line.orderNo, remaining: line.remaining })}</p>
        {fieldBox('qty', (
          <input {...fieldProps('qty')} autoFocus inputMode="numeric" className={docInputCls(!!errOf('qty'))} value={qty} data-testid="short-qty"
            onFocus={(e) => e.target.select()} onChange={(e) => { setQty(e.target.value); setErrors({}) }} />
        ), { required: true })}
        {formError && <p role="alert" className="text-sm text-red-600" data-testid="short-error">{formError}</p>}
        <p className="text-xs text-gray-600">{t('outbound-picking-ui:short.keys')}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose}>{t('common:cancel')}</button>
          <button type="submit" className="h-8 rounded bg-red-700 px-3 text-sm text-white disabled:opacity-50" disabled={busy} data-testid="short-save">
            {t('outbound-picking-ui:short.save')}
          </button>
        </div>
      </form>
    </Modal>
  )
}
