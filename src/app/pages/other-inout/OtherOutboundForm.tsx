// New other outbound order, keyboard first: the reason (scrap, internal use, defective, sample, return to
// supplier, other), the stock status it takes (Defective for a defective outbound, else Normal unless chosen),
// the receiver and remark, then the lines — type or scan a SKU code, UPC or FNSKU and press Enter (checked with
// the server at once, the quantity beside it). Ctrl+Enter saves through outbound.other.create; every refusal
// shows under the field or line it names and the form stays as typed.
import { useId, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { api, ApiError } from '../../api/clients'
import { Modal } from '../../palette/focus'
import { OUTBOUND_ORDER_API } from '../../../../commands/outbound-orders'
import { CreateOtherOutboundArgs, OTHER_OUTBOUND_STATUSES } from '../../../../commands/other-inout'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../documents/formParts'
import { FormFooter, LinesSection, useLineEditor, type LineColumn } from '../documents/LinesEditor'
import { OUT_REASON_OPTIONS, STOCK_STATUS_OPTIONS } from './api'

interface ResolvedSku { skuId: number; skuCode: string; styleNo: string; colorName: string; sizeName: string }
interface Line extends ResolvedSku { key: number; code: string; qty: number }
const LABEL = (f: string) => `other-inout:fields.${f}`
const STATUSES = STOCK_STATUS_OPTIONS.filter((o) => (OTHER_OUTBOUND_STATUSES as readonly number[]).includes(Number(o.value)))
const lineColumns = (t: (k: string) => string): LineColumn<Line>[] => [
  { header: t(LABEL('code')), cell: (l) => l.code, className: 'font-mono', codeError: true },
  { header: t(LABEL('skuCode')), cell: (l) => l.skuCode, className: 'font-mono' },
  { header: t(LABEL('styleNo')), cell: (l) => l.styleNo },
  { header: t(LABEL('colorName')), cell: (l) => l.colorName },
  { header: t(LABEL('sizeName')), cell: (l) => l.sizeName },
]

export function OtherOutboundForm({ onClose }: { onClose(): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const [head, setHead] = useState({ reason: '', stockStatus: '', consigneeName: '', remark: '' })
  const { errors, setErrors, formError, busy, submit } = useCommandSubmit()
  const list = useLineEditor<Line>(setErrors)
  const { lines } = list
  const { errOf, fieldProps, fieldBox } = useFieldParts(uid, errors, LABEL)
  const set = (name: keyof typeof head, value: string) => {
    setHead((h) => ({ ...h, [name]: value }))
    setErrors(({ [name]: _drop, ...rest }) => rest)
  }
  const addScan = () => list.submitChecked(
    t('errors:field.tooSmall', { field: t(LABEL('qty')), min: 1 }),
    (code, line) => api.get<ResolvedSku>(OUTBOUND_ORDER_API.resolve, { code, line }, { silent: true }),
    (sku, code, n) => list.addLine((l) => l.skuId === sku.skuId, (key) => ({ ...sku, key, code, qty: n }), n),
    (e) => (e instanceof ApiError ? (e.errors?.[0]?.message ?? e.message) : (e as Error).message),
  )
  const save = async () => {
    const args = {
      reason: head.reason, stockStatus: head.stockStatus ? Number(head.stockStatus) : null, consigneeName: head.consigneeName || null, remark: head.remark || null,
      lines: lines.map((l) => ({ code: l.code, qty: l.qty })),
    }
    const out = await submit('outbound.other.create', CreateOtherOutboundArgs, args)
    if (out) onClose()
  }
  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save() }
  }
  const titleId = `${uid}-title`
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} onKeyDown={keyDown} testId="other-outbound-form" className="max-h-[90vh] w-full max-w-4xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <h2 id={titleId} className="mb-3 text-base font-semibold">{t('other-inout:otherOutbound.formTitle')}</h2>
      <div className="grid grid-cols-4 gap-3">
        {fieldBox('reason',
          <select {...fieldProps('reason')} autoFocus className={inputCls(!!errOf('reason'))} value={head.reason} onChange={(e) => set('reason', e.target.value)}>
            <option value="">{t('outbound-ui:form.choose')}</option>
            {OUT_REASON_OPTIONS.map((o) => <option key={o.value} value={o.value}>{t(o.labelKey)}</option>)}
          </select>, { required: true })}
        {fieldBox('stockStatus',
          <select {...fieldProps('stockStatus')} className={inputCls(!!errOf('stockStatus'))} value={head.stockStatus} onChange={(e) => set('stockStatus', e.target.value)}>
            <option value="">{t('other-inout:otherOutbound.statusByReason')}</option>
            {STATUSES.map((o) => <option key={o.value} value={o.value}>{t(o.labelKey)}</option>)}
          </select>)}
        {fieldBox('consigneeName', <input {...fieldProps('consigneeName')} className={inputCls(!!errOf('consigneeName'))} value={head.consigneeName} maxLength={100} onChange={(e) => set('consigneeName', e.target.value)} />)}
        {fieldBox('remark', <input {...fieldProps('remark')} className={inputCls(!!errOf('remark'))} value={head.remark} maxLength={500} onChange={(e) => set('remark', e.target.value)} />)}
      </div>
      <LinesSection<Line> uid={uid} title={`${t(LABEL('lines'))} — ${t('outbound-ui:form.total', { lines: lines.length, qty: list.total })}`}
        scanLabel={t('outbound-ui:form.scan')} qtyLabel={t(LABEL('qty'))} emptyText={t('outbound-ui:form.empty')} lineNoHeader={t('outbound:order.fields.lineNo')}
        qtyAria={(l, i) => t('outbound-ui:form.lineQty', { line: i + 1, code: l.code })} removeAria={(i) => t('outbound-ui:form.remove', { line: i + 1 })}
        removeHeader={t('outbound-ui:form.removeColumn')} editor={list} onAdd={addScan} columns={lineColumns(t)} errOf={errOf} />
      <FormFooter formError={formError} keys="outbound-ui:form.keys" saveLabel="outbound-ui:form.save" busy={busy} onCancel={onClose} onSave={() => void save()} />
    </Modal>
  )
}
