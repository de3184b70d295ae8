// Shipping method of the selected outbound orders (?shipping=<ids>): the method (the known ones offered
// as you type) and optionally the carrier; Enter runs outbound.order.shippingMethod over all of them
// (drafts and orders in force whose shipment is not approved; otherwise refused, all or nothing).
// Refusals show on the field they name; the dialog stays open.
import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../../palette/focus'
import { buildCommandContext } from '../../../commands/context'
import { ShippingMethodArgs } from '../../../../../commands/outbound-orders'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../../documents/formParts'
import { fetchOutboundOptions, OPTIONS_KEY } from './api'

const LABEL = (f: string) => `outbound:order.fields.${f}`

export function ShippingMethodDialog({ ids, onClose }: { ids: number[]; onClose(): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const options = useQuery({ queryKey: OPTIONS_KEY, queryFn: fetchOutboundOptions, staleTime: 60_000 }).data
  const [method, setMethod] = useState('')
  const [carrier, setCarrier] = useState('')
  const { errors, setErrors, formError, busy, submit } = useCommandSubmit()
  const { errOf, fieldProps, fieldBox } = useFieldParts(uid, errors, LABEL)

  const save = async () => {
    // The grid's rows when they are these orders (their status decides), else the ids alone (the server decides).
    const base = buildCommandContext()
    const ctx = { ...base, selection: ids.map((id) => base.selection.find((r) => Number(r.id) === id) ?? { id }) }
    const out = await submit('outbound.order.shippingMethod', ShippingMethodArgs, { ids, shippingMethod: method, carrierId: carrier ? Number(carrier) : null }, { ctx })
    if (out) onClose()
  }

  const titleId = `${uid}-title`
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} testId="outbound-order-shipping" className="w-full max-w-lg rounded-lg bg-white p-4 shadow-2xl">
      <form noValidate onSubmit={(e) => { e.preventDefault(); void save() }} className="flex flex-col gap-3">
        <h2 id={titleId} className="text-base font-semibold">{t('outbound-ui:shipping.title', { count: ids.length })}</h2>
        {fieldBox('shippingMethod', <>
          <input {...fieldProps('shippingMethod')} autoFocus className={inputCls(!!errOf('shippingMethod'))} value={method} maxLength={40} list={`${uid}-methods`}
            autoComplete="off" data-testid="shipping-method" onChange={(e) => { setMethod(e.target.value); setErrors({}) }} />
          <datalist id={`${uid}-methods`}>{(options?.shippingMethods ?? []).map((m) => <option key={m} value={m} />)}</datalist>
        </>, { required: true })}
        {fieldBox('carrierId',
          <select {...fieldProps('carrierId')} className={inputCls(!!errOf('carrierId'))} value={carrier} data-testid="shipping-carrier" onChange={(e) => setCarrier(e.target.value)}>
            <option value="">{t('outbound-ui:form.none')}</option>
            {(options?.carriers ?? []).map((c) => <option key={c.id} value={String(c.id)}>{c.code} · {c.name}</option>)}
          </select>)}
        {(errOf('ids') || formError) && <p role="alert" className="text-sm text-red-600" data-testid="shipping-error">{errOf('ids') ?? formError}</p>}
        <p className="text-xs text-gray-500">{t('outbound-ui:shipping.keys')}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose}>{t('common:cancel')}</button>
          <button type="submit" className="h-8 rounded bg-[var(--theme,#1890ff)] px-3 text-sm text-white disabled:opacity-50" disabled={busy} data-testid="shipping-save">
            {t('outbound-ui:shipping.save')}
          </button>
        </div>
      </form>
    </Modal>
  )
}
