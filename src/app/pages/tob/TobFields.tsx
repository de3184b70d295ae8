// The ToB header fields of an order (spec section 3: destination warehouse, expected container number,
// logistics provider, channel, business type, box mark, pickup or self delivery, product nature surcharges,
// marketplace quantity), shared by the ToB order form (added-outoder) and the edit dialog
// (outbound.tob.update). Required ones (src/domain/tob.ts TOB_REQUIRED) carry the star; refusals show
// under the field they name. "Expected quantity does not match marketplace quantity" comes back as 409
// confirmNeeded: askMismatch asks the operator, and the caller sends again with confirm: true.
import type { FieldErrors } from '../documents/formParts'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/clients'
import { askConfirm } from '../../commands/interaction'
import { TOB_REQUIRED } from '../../../domain/tob'
import { docInputCls as inputCls, useFieldParts } from '../documents/formParts'
import { BUSINESS_TYPE_OPTIONS, DELIVERY_MODE_OPTIONS, PRODUCT_NATURE_OPTIONS, type TobOrderRecord } from './api'

export const EMPTY_TOB = {
  destinationWarehouse: '', expectedContainerNo: '', logisticsProvider: '', channel: '', businessType: '', boxMark: '', deliveryMode: '',
  productNatures: [] as string[], marketplaceQty: '',
}
export type TobHead = typeof EMPTY_TOB
type TextField = Exclude<keyof TobHead, 'productNatures'>
const MAX: Partial<Record<TextField, number>> = { destinationWarehouse: 100, expectedContainerNo: 40, logisticsProvider: 100, channel: 60, boxMark: 200 }

export const tobHeadOf = (o: TobOrderRecord): TobHead => ({
  destinationWarehouse: o.destinationWarehouse ?? '', expectedContainerNo: o.expectedContainerNo ?? '', logisticsProvider: o.logisticsProvider ?? '',
  channel: o.channel ?? '', businessType: o.businessType ?? '', boxMark: o.boxMark ?? '', deliveryMode: o.deliveryMode ?? '',
  productNatures: o.productNatures ?? [], marketplaceQty: o.marketplaceQty == null ? '' : String(o.marketplaceQty),
})

/** The command's ToB arguments (empty → null; the quantity a number when it is one, else as typed for the schema to refuse). */
export function tobArgsOf(h: TobHead) {
  const q = h.marketplaceQty.trim()
  return {
    destinationWarehouse: h.destinationWarehouse || null, expectedContainerNo: h.expectedContainerNo || null, logisticsProvider: h.logisticsProvider || null,
    channel: h.channel || null, businessType: (h.businessType || null) as never, boxMark: h.boxMark || null, deliveryMode: (h.deliveryMode || null) as never,
    productNatures: (h.productNatures.length ? h.productNatures : null) as never, marketplaceQty: q === '' ? null : /^\d+$/.test(q) ? Number(q) : (q as never),
  }
}

/** A 409 "expected quantity does not match marketplace quantity": asks to confirm (true: send again with confirm). Null: another refusal. */
export function askMismatch(error: unknown): Promise<boolean> | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !(error.data as { confirmNeeded?: boolean } | undefined)?.confirmNeeded) return null
  return askConfirm('tob:errors.marketplaceQtyMismatch', { titleKey: 'tob-ui:confirm.qtyTitle', params: { ...(error.params ?? {}) } as Record<string, string | number> })
}

export function TobFields({ uid, head, errors, onChange }: { uid: string; head: TobHead; errors: FieldErrors; onChange(name: keyof TobHead, value: string | string[]): void }) {
  const { t } = useTranslation()
  const { errOf, fieldProps, fieldBox } = useFieldParts(`${uid}-tob`, errors, (f) => `tob:fields.${f}`)
  const req = (f: string) => (TOB_REQUIRED as readonly string[]).includes(f)
  const text = (name: TextField, className = '') => fieldBox(name,
    <input {...fieldProps(name)} className={inputCls(!!errOf(name))} value={head[name]} maxLength={MAX[name]} inputMode={name === 'marketplaceQty' ? 'numeric' : undefined}
      onChange={(e) => onChange(name, e.target.value)} />, { required: req(name), className })
  const select = (name: TextField, options: { value: string; labelKey: string }[]) => fieldBox(name,
    <select {...fieldProps(name)} className={inputCls(!!errOf(name))} value={head[name]} onChange={(e) => onChange(name, e.target.value)}>
      <option value="">{t(req(name) ? 'outbound-ui:form.choose' : 'outbound-ui:form.none')}</option>
      {options.map((o) => <option key={o.value} value={o.value}>{t(o.labelKey)}</option>)}
    </select>, { required: req(name) })
  const natureErr = errOf('productNatures')
  return (
    <fieldset className="mt-3 grid grid-cols-4 gap-3 border-t pt-3" data-testid="tob-fields">
      <legend className="pr-2 text-sm font-semibold">{t('tob-ui:form.tobLegend')}</legend>
      {text('destinationWarehouse')}
      {text('channel')}
      {select('businessType', BUSINESS_TYPE_OPTIONS)}
      {text('boxMark')}
      {text('expectedContainerNo')}
      {text('logisticsProvider')}
      {select('deliveryMode', DELIVERY_MODE_OPTIONS)}
      {text('marketplaceQty')}
      <div className="col-span-4 flex flex-col gap-1 text-sm" role="group" aria-labelledby={`${uid}-tob-natures`} data-field="productNatures">
        <span id={`${uid}-tob-natures`} className="text-gray-700">{t('tob:fields.productNatures')}</span>
        <div className="flex flex-wrap gap-3">
          {PRODUCT_NATURE_OPTIONS.map((o) => (
            <label key={o.value} className="flex items-center gap-1">
              <input type="checkbox" checked={head.productNatures.includes(o.value)} aria-invalid={natureErr ? true : undefined}
                onChange={(e) => onChange('productNatures', e.target.checked ? [...head.productNatures, o.value] : head.productNatures.filter((x) => x !== o.value))} />
              {t(o.labelKey)}
            </label>
          ))}
        </div>
        {natureErr && <p role="alert" className="text-xs text-red-600">{natureErr}</p>}
      </div>
    </fieldset>
  )
}
