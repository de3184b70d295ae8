// New sales outbound order, keyboard first: the header — platform, order type, platform order no.,
// site, shop (choosing a shop fills its site), shipping method (the known ones offered as you type),
// carrier, expected delivery — the consignee and address, then the lines: type or scan a SKU code,
// UPC or FNSKU and press Enter (the quantity beside it; the same code again adds to its line). Enter
// checks the code with the server at once — the lookup the save uses — so an unknown code is refused
// then, naming it, the typed text kept; the line shows the SKU it names. Alt+Backspace on a line removes
// it. Ctrl+Enter saves through outbound.order.create; every refusal — the browser's pre-flight with the
// command's own schema, or the server's — shows under the field or line it names and the form stays as
// typed.
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api, ApiError } from '../../../api/clients'
import { Modal } from '../../../palette/focus'
import { CreateOutboundArgs, OUTBOUND_ORDER_API, type CreatedOutbound } from '../../../../../commands/outbound-orders'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts, type FieldErrors } from '../../documents/formParts'
import { FormFooter, LinesSection, useLineEditor, type LineColumn } from '../../documents/LinesEditor'
import { fetchOutboundOptions, OPTIONS_KEY, ORDER_TYPE_OPTIONS, PLATFORM_OPTIONS } from './api'

/** The SKU a code names (GET OUTBOUND_ORDER_API.resolve). */
interface ResolvedSku { skuId: number; skuCode: string; styleNo: string; colorName: string; sizeName: string }
interface Line extends ResolvedSku { key: number; code: string; qty: number }
const LABEL = (f: string) => `outbound:order.fields.${f}`
const EMPTY_HEAD = {
  platform: '', orderType: '2', sourceNo: '', siteId: '', shopId: '', shippingMethod: '', carrierId: '', expectedDeliveryAt: '',
  consigneeName: '', consigneePhone: '', country: '', state: '', city: '', postcode: '', address: '', associationNo: '', remark: '',
}
type Head = typeof EMPTY_HEAD
const TEXT_MAX: Partial<Record<keyof Head, number>> = {
  sourceNo: 64, consigneeName: 100, consigneePhone: 40, country: 60, state: 60, city: 60, postcode: 20, address: 300, associationNo: 64, remark: 500,
}
const idOrNull = (v: string) => (v ? Number(v) : null)
/** The code as typed (a UPC or FNSKU stays the line's platform code) and the SKU the server said it names. */
const lineColumns = (t: (k: string) => string): LineColumn<Line>[] => [
  { header: t(LABEL('code')), cell: (l) => l.code, className: 'font-mono', codeError: true },
  { header: t(LABEL('skuCode')), cell: (l) => l.skuCode, className: 'font-mono' },
  { header: t(LABEL('styleNo')), cell: (l) => l.styleNo },
  { header: t(LABEL('colorName')), cell: (l) => l.colorName },
  { header: t(LABEL('sizeName')), cell: (l) => l.sizeName },
]

/**
 * Another kind of order on the same form (the ToB order form, src/app/pages/tob): its order type (fixed),
 * title and test id, a section of its own fields under the header (with the form's errors), its
 * arguments, and a refusal it answers itself (a 409 asking to confirm: resend adds arguments).
 */
export interface OrderFormExtension {
  titleKey: string; testId: string; orderType: number
  section(p: { uid: string; errors: FieldErrors; clearError(name: string): void }): ReactNode
  args(): Record<string, unknown>
  onFailed?(error: unknown, resend: (more: Record<string, unknown>) => void): boolean
}

export function OutboundOrderForm({ onClose, onSaved, ext }: { onClose(): void; onSaved?(r: CreatedOutbound): void; ext?: OrderFormExtension }) {
  const { t } = useTranslation()
  const uid = useId()
  const options = useQuery({ queryKey: OPTIONS_KEY, queryFn: fetchOutboundOptions, staleTime: 60_000 }).data
  const [head, setHead] = useState<Head>(ext ? { ...EMPTY_HEAD, orderType: String(ext.orderType) } : EMPTY_HEAD)
  const { errors, setErrors, formError, busy, submit } = useCommandSubmit()
  const list = useLineEditor<Line>(setErrors)
  const { lines } = list
  const { errOf, fieldProps, fieldBox } = useFieldParts(uid, errors, LABEL)

  const shops = (options?.shops ?? []).filter((s) => !head.siteId || s.siteId === null || String(s.siteId) === head.siteId)
  const set = (name: keyof Head, value: string) => {
    setHead((h) => {
      const next = { ...h, [name]: value }
      // A shop belongs to a site: choosing it fills the site; another site drops a shop of another one.
      const shop = options?.shops.find((s) => String(s.id) === next.shopId)
      if (name === 'shopId' && shop?.siteId) next.siteId = String(shop.siteId)
      if (name === 'siteId' && shop?.siteId && String(shop.siteId) !== value) next.shopId = ''
      return next
    })
    setErrors(({ [name]: _drop, ...rest }) => rest)
  }

  /** Enter: the code checked with the server at once, in the order typed (refused naming it, the text kept), then added. */
  const addScan = () => list.submitChecked(
    t('errors:field.tooSmall', { field: t(LABEL('qty')), min: 1 }),
    (code, line) => api.get<ResolvedSku>(OUTBOUND_ORDER_API.resolve, { code, line }, { silent: true }),
    (sku, code, n) => list.addLine((l) => l.code === code, (key) => ({ ...sku, key, code, qty: n }), n),
    (e) => (e instanceof ApiError ? (e.errors?.[0]?.message ?? e.message) : (e as Error).message),
  )

  const argsOf = () => ({
    platform: head.platform, orderType: Number(head.orderType), sourceNo: head.sourceNo || null, siteId: idOrNull(head.siteId), shopId: idOrNull(head.shopId),
    shippingMethod: head.shippingMethod || null, carrierId: idOrNull(head.carrierId), expectedDeliveryAt: head.expectedDeliveryAt || null,
    consigneeName: head.consigneeName, consigneePhone: head.consigneePhone || null, country: head.country, state: head.state || null, city: head.city || null,
    postcode: head.postcode || null, address: head.address, associationNo: head.associationNo || null, remark: head.remark || null,
    lines: lines.map((l) => ({ code: l.code, qty: l.qty })),
  })

  const save = async (more: Record<string, unknown> = {}) => {
    // An unchosen platform is missing, not an invalid value.
    const out = await submit('outbound.order.create', CreateOutboundArgs, { ...argsOf(), ...ext?.args(), ...more }, {
      refine: (errs) => (head.platform ? errs : { ...errs, platform: { key: 'errors:field.required' } }),
      onFailed: ext?.onFailed && ((e) => ext.onFailed!(e, (m) => void save({ ...more, ...m }))),
    })
    if (out) { if (onSaved) onSaved(out.result as CreatedOutbound); else onClose() }
  }

  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save() }
  }
  const text = (name: keyof Head, opts: { required?: boolean; className?: string; type?: string } = {}) => fieldBox(name,
    <input {...fieldProps(name)} type={opts.type ?? 'text'} className={inputCls(!!errOf(name))} value={head[name]} maxLength={TEXT_MAX[name]}
      onChange={(e) => set(name, e.target.value)} />, opts)
  const select = (name: keyof Head, choices: { value: string; label: string }[], opts: { required?: boolean; none?: boolean; autoFocus?: boolean } = {}) => fieldBox(name,
    <select {...fieldProps(name)} autoFocus={opts.autoFocus} className={inputCls(!!errOf(name))} value={head[name]} onChange={(e) => set(name, e.target.value)}>
      {opts.none !== false && <option value="">{t(opts.required ? 'outbound-ui:form.choose' : 'outbound-ui:form.none')}</option>}
      {choices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
    </select>, opts)
  const titleId = `${uid}-title`
  const named = (xs: { id: number; code: string; name: string }[] | undefined) => (xs ?? []).map((x) => ({ value: String(x.id), label: `${x.code} · ${x.name}` }))

  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} onKeyDown={keyDown} testId={ext?.testId ?? 'outbound-order-form'} className="max-h-[90vh] w-full max-w-5xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <h2 id={titleId} className="mb-3 text-base font-semibold">{t(ext?.titleKey ?? 'outbound-ui:form.title')}</h2>
      <div className="grid grid-cols-4 gap-3">
        {select('platform', PLATFORM_OPTIONS.map((o) => ({ value: o.value, label: t(o.labelKey) })), { required: true, autoFocus: true })}
        {!ext && select('orderType', ORDER_TYPE_OPTIONS.map((o) => ({ value: o.value, label: t(o.labelKey) })), { required: true, none: false })}
        {text('sourceNo')}
        {select('siteId', named(options?.sites))}
        {select('shopId', named(shops))}
        {fieldBox('shippingMethod', <>
          <input {...fieldProps('shippingMethod')} className={inputCls(!!errOf('shippingMethod'))} value={head.shippingMethod} maxLength={40} list={`${uid}-methods`}
            autoComplete="off" onChange={(e) => set('shippingMethod', e.target.value)} />
          <datalist id={`${uid}-methods`}>{(options?.shippingMethods ?? []).map((m) => <option key={m} value={m} />)}</datalist>
        </>)}
        {select('carrierId', named(options?.carriers))}
        {text('expectedDeliveryAt', { type: 'date' })}
      </div>
      {ext?.section({ uid, errors, clearError: (name) => setErrors(({ [name]: _drop, ...rest }) => rest) })}
      <fieldset className="mt-3 grid grid-cols-4 gap-3 border-t pt-3">
        <legend className="pr-2 text-sm font-semibold">{t('outbound-ui:form.consignee')}</legend>
        {text('consigneeName', { required: true })}
        {text('consigneePhone', { type: 'tel' })}
        {text('country', { required: true })}
        {text('state')}
        {text('city')}
        {text('postcode')}
        {text('address', { required: true, className: 'col-span-2' })}
        {text('associationNo')}
        {text('remark', { className: 'col-span-3' })}
      </fieldset>

      <LinesSection<Line> uid={uid} title={`${t(LABEL('lines'))} — ${t('outbound-ui:form.total', { lines: lines.length, qty: list.total })}`}
        scanLabel={t('outbound-ui:form.scan')} qtyLabel={t(LABEL('qty'))} emptyText={t('outbound-ui:form.empty')} lineNoHeader={t(LABEL('lineNo'))}
        qtyAria={(l, i) => t('outbound-ui:form.lineQty', { line: i + 1, code: l.code })} removeAria={(i) => t('outbound-ui:form.remove', { line: i + 1 })}
        removeHeader={t('outbound-ui:form.removeColumn')} editor={list} onAdd={addScan} columns={lineColumns(t)} errOf={errOf} />
      <FormFooter formError={formError} keys="outbound-ui:form.keys" saveLabel="outbound-ui:form.save" busy={busy} onCancel={onClose} onSave={() => void save()} />
    </Modal>
  )
}
