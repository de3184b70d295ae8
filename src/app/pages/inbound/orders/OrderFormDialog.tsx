// New / edit inbound order, keyboard first: the header fields, then the scan line — type or scan a SKU
// code, UPC or FNSKU and press Enter; the code is checked at once and resolved to its SKU (shown with style, color, size)
// and added with the quantity beside it (the same SKU again adds to its line). Ctrl+Enter saves through
// the command (inbound.order.create / inbound.order.edit); every refusal — the browser's pre-flight
// with the command's own schema, or the server's — shows under the field or line it names.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../../api/clients'
import { Modal } from '../../../palette/focus'
import { buildCommandContext } from '../../../commands/context'
import { api } from '../../../api/clients'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../../documents/formParts'
import { FormFooter, LinesSection, useLineEditor, type LineColumn } from '../../documents/LinesEditor'
import { CreateOrderArgs, EditOrderArgs, INBOUND_ORDER_API, type CreatedOrder } from '../../../../../commands/inbound-orders'
import { CreateOtherInboundArgs } from '../../../../../commands/other-inout'
import { dictOptions } from '../../../resources/columns'
import { fetchSuppliers, INSPECTION_OPTIONS, resolveCode, TYPE_OPTIONS, type OrderDetail, type ResolvedSku } from './api'

interface Line extends ResolvedSku { key: number; code: string; qty: number }

const LABEL = (f: string) => `inbound:order.fields.${f}`
/** A line shows the SKU the code resolved to (the code's refusal under it), its style, color, size and the code typed. */
const lineColumns = (t: (k: string) => string): LineColumn<Line>[] => [
  { header: t(LABEL('skuCode')), cell: (l) => l.skuCode, codeError: true },
  { header: t(LABEL('styleNo')), cell: (l) => l.styleNo },
  { header: t(LABEL('colorName')), cell: (l) => l.colorName },
  { header: t(LABEL('sizeName')), cell: (l) => l.sizeName },
  { header: t(LABEL('code')), cell: (l) => l.code, className: 'text-gray-500' },
]

/** Why an other inbound order brings stock in (dict otherInboundReason). */
const OTHER_REASONS = dictOptions('otherInboundReason')
/** Other inbound (issue 20): the type is Other, the reason chosen instead, saved by inbound.other.create. */
const OTHER_TYPE = '7'

export function OrderFormDialog({ editId, onClose, onSaved, other = false }: { editId?: number; onClose(): void; onSaved?(r: CreatedOrder): void; other?: boolean }) {
  const { t } = useTranslation()
  const uid = useId()
  const suppliers = useQuery({ queryKey: ['inbound-order-suppliers'], queryFn: fetchSuppliers, staleTime: 60_000 })
  const existing = useQuery({
    queryKey: ['inbound-order-edit', editId], enabled: editId !== undefined, staleTime: 0, retry: false,
    queryFn: () => api.get<OrderDetail>(INBOUND_ORDER_API.detailById(editId!)),
  })
  const [head, setHead] = useState({ inboundType: other ? OTHER_TYPE : '1', otherReason: '', supplierId: '', sourceNo: '', expectedArrival: '', inspectionMode: '0', batchNo: '', boxCount: '', remark: '' })
  const { errors, setErrors, formError, busy, submit } = useCommandSubmit()
  const list = useLineEditor<Line>(setErrors)
  const { lines, setLines, newKey } = list
  const loadedFor = useRef<number | undefined>(undefined)
  const orderNo = existing.data?.order.orderNo

  // Editing: the stored header and lines, once.
  useEffect(() => {
    const d = existing.data
    if (!d || loadedFor.current === editId) return
    loadedFor.current = editId
    const o = d.order
    setHead({
      inboundType: String(o.inboundType), otherReason: o.otherReason ?? '', supplierId: o.supplierId ? String(o.supplierId) : '', sourceNo: o.sourceNo ?? '', expectedArrival: o.expectedArrival ?? '',
      inspectionMode: String(o.inspectionMode), batchNo: o.batchNo ?? '', boxCount: o.boxCount === null ? '' : String(o.boxCount), remark: o.remark ?? '',
    })
    setLines(d.lines.map((l) => ({ key: newKey(), code: l.skuCode, qty: l.expectedQty, skuId: l.skuId, skuCode: l.skuCode, styleNo: l.styleNo ?? '', colorName: l.colorName ?? '', sizeName: l.sizeName ?? '' })))
  }, [existing.data, editId, setLines, newKey])

  /** Enter: the code checked with the server at once, in the order typed (refused naming it, the text kept), then added. */
  const addScan = () => list.submitChecked(
    t('errors:field.tooSmall', { field: t(LABEL('qty')), min: 1 }),
    resolveCode,
    (sku, code, n) => list.addLine((l) => l.skuId === sku.skuId, (key) => ({ ...sku, key, code, qty: n }), n),
    (e) => (e instanceof ApiError ? (e.errors?.[0]?.message ?? e.message) : (e as Error).message),
  )

  const argsOf = () => ({
    inboundType: Number(head.inboundType), supplierId: head.supplierId ? Number(head.supplierId) : null, sourceNo: head.sourceNo || null,
    expectedArrival: head.expectedArrival || null, inspectionMode: Number(head.inspectionMode), batchNo: head.batchNo || null,
    boxCount: head.boxCount === '' ? null : Number(head.boxCount), remark: head.remark || null,
    ...(head.inboundType === OTHER_TYPE ? { otherReason: head.otherReason || null } : {}),
    lines: lines.map((l) => ({ code: l.skuCode, qty: l.qty })),
    ...(editId !== undefined && orderNo ? { orderNo } : {}),
  })

  const save = async () => {
    // Editing: the open order is the command's selection, wherever the dialog was opened from.
    const out = editId !== undefined
      ? await submit('inbound.order.edit', EditOrderArgs, argsOf(), { ctx: { ...buildCommandContext(), selection: [{ id: editId, orderNo }] } })
      : other
        ? await submit('inbound.other.create', CreateOtherInboundArgs, (({ inboundType: _t, ...rest }) => rest)(argsOf()))
        : await submit('inbound.order.create', CreateOrderArgs, argsOf())
    // onSaved takes over (e.g. opens the new order); otherwise the dialog just closes.
    if (out) { if (onSaved) onSaved(out.result as CreatedOrder); else onClose() }
  }

  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save() }
  }

  const { errOf, fieldProps, fieldBox } = useFieldParts(uid, errors, LABEL)
  const text = (name: keyof typeof head, max: number) => fieldBox(name,
    <input {...fieldProps(name)} className={inputCls(!!errOf(name))} value={head[name]} maxLength={max} onChange={(e) => setHead((h) => ({ ...h, [name]: e.target.value }))} />)
  const titleId = `${uid}-title`

  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} onKeyDown={keyDown} testId="inbound-order-form" className="max-h-[90vh] w-full max-w-4xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <h2 id={titleId} className="mb-3 text-base font-semibold">{editId !== undefined ? t('inbound:order.form.titleEdit', { orderNo: orderNo ?? '…' }) : other ? t('other-inout:otherInbound.formTitle') : t('inbound:order.form.titleNew')}</h2>
      <div className="grid grid-cols-4 gap-3">
        {fieldBox('inboundType',
          <select {...fieldProps('inboundType')} className={inputCls(!!errOf('inboundType'))} value={head.inboundType} onChange={(e) => setHead((h) => ({ ...h, inboundType: e.target.value }))}>
            {TYPE_OPTIONS.filter((o) => !other || o.value === OTHER_TYPE).map((o) => <option key={o.value} value={o.value}>{t(o.labelKey)}</option>)}
          </select>, { required: true })}
        {head.inboundType === OTHER_TYPE && fieldBox('otherReason',
          <select {...fieldProps('otherReason')} className={inputCls(!!errOf('otherReason'))} value={head.otherReason} onChange={(e) => setHead((h) => ({ ...h, otherReason: e.target.value }))}>
            <option value="">{t('inbound:order.form.none')}</option>
            {OTHER_REASONS.map((o) => <option key={o.value} value={String(o.value)}>{t(o.labelKey)}</option>)}
          </select>, { required: true })}
        {fieldBox('supplierId',
          <select {...fieldProps('supplierId')} className={inputCls(!!errOf('supplierId'))} value={head.supplierId} onChange={(e) => setHead((h) => ({ ...h, supplierId: e.target.value }))}>
            <option value="">{t('inbound:order.form.none')}</option>
            {(suppliers.data ?? []).map((s) => <option key={s.id} value={s.id}>{s.code} · {s.name}</option>)}
          </select>)}
        {text('sourceNo', 60)}
        {fieldBox('expectedArrival',
          <input type="date" {...fieldProps('expectedArrival')} className={inputCls(!!errOf('expectedArrival'))} value={head.expectedArrival} onChange={(e) => setHead((h) => ({ ...h, expectedArrival: e.target.value }))} />)}
        {fieldBox('inspectionMode',
          <select {...fieldProps('inspectionMode')} className={inputCls(!!errOf('inspectionMode'))} value={head.inspectionMode} onChange={(e) => setHead((h) => ({ ...h, inspectionMode: e.target.value }))}>
            {INSPECTION_OPTIONS.map((o) => <option key={o.value} value={o.value}>{t(o.labelKey)}</option>)}
          </select>)}
        {text('batchNo', 40)}
        {fieldBox('boxCount',
          <input type="number" min={0} {...fieldProps('boxCount')} className={inputCls(!!errOf('boxCount'))} value={head.boxCount} onChange={(e) => setHead((h) => ({ ...h, boxCount: e.target.value }))} />)}
        {text('remark', 500)}
      </div>

      <LinesSection<Line> uid={uid} title={`${t(LABEL('lines'))} — ${t('inbound:order.form.total', { lines: lines.length, qty: list.total })}`}
        scanLabel={t('inbound:order.form.scan')} qtyLabel={t(LABEL('qty'))} emptyText={t('inbound:order.form.empty')} lineNoHeader={t(LABEL('lineNo'))}
        qtyAria={(l) => `${t(LABEL('qty'))} ${l.skuCode}`} removeAria={(i) => t('inbound:order.form.remove', { line: i + 1 })} autoFocusScan
        editor={list} onAdd={addScan} columns={lineColumns(t)} errOf={errOf} />
      <FormFooter formError={formError} keys="inbound:order.form.keys" saveLabel="inbound:order.form.save" busy={busy} onCancel={onClose} onSave={() => void save()} />
    </Modal>
  )
}
