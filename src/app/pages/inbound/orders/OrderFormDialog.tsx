// New / edit inbound order, keyboard first: the header fields, then the scan line — type or scan a SKU
// code, UPC or FNSKU and press Enter; the code is resolved to its SKU (shown with style, color, size)
// and added with the quantity beside it (the same SKU again adds to its line). Ctrl+Enter saves through
// the command (inbound.order.create / inbound.order.edit); every refusal — the browser's pre-flight
// with the command's own schema, or the server's — shows under the field or line it names.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../../api/clients'
import { Modal } from '../../../palette/focus'
import { runCommand, useCommandRegistry } from '../../../palette'
import { buildCommandContext } from '../../../commands/context'
import { issueToError, errorText, type FieldErr } from '../../../forms'
import { api } from '../../../api/clients'
import { CreateOrderArgs, EditOrderArgs, INBOUND_ORDER_API, type CreatedOrder } from '../../../../../commands/inbound-orders'
import { fetchSuppliers, INSPECTION_OPTIONS, resolveCode, TYPE_OPTIONS, type OrderDetail, type ResolvedSku } from './api'

interface Line extends ResolvedSku { key: number; code: string; qty: number }
type Errors = Record<string, FieldErr>

const inputCls = (bad: boolean) => `h-8 rounded border px-2 text-sm outline-none focus:ring-2 focus:ring-[var(--theme,#1890ff)] ${bad ? 'border-red-500' : 'border-gray-300'}`
const LABEL = (f: string) => `inbound:order.fields.${f}`

/** An ApiError's field errors keyed by field path ('lines.2.code', 'supplierId' …). */
function serverErrors(e: unknown): Errors {
  const out: Errors = {}
  if (e instanceof ApiError) for (const f of e.errors ?? []) out[f.field] ??= { message: f.message }
  return out
}

export function OrderFormDialog({ editId, onClose, onSaved }: { editId?: number; onClose(): void; onSaved?(r: CreatedOrder): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const registry = useCommandRegistry()
  const suppliers = useQuery({ queryKey: ['inbound-order-suppliers'], queryFn: fetchSuppliers, staleTime: 60_000 })
  const existing = useQuery({
    queryKey: ['inbound-order-edit', editId], enabled: editId !== undefined, staleTime: 0, retry: false,
    queryFn: () => api.get<OrderDetail>(INBOUND_ORDER_API.detailById(editId!)),
  })
  const [head, setHead] = useState({ inboundType: '1', supplierId: '', sourceNo: '', expectedArrival: '', inspectionMode: '0', batchNo: '', boxCount: '', remark: '' })
  const [lines, setLines] = useState<Line[]>([])
  const [scan, setScan] = useState('')
  const [qty, setQty] = useState('1')
  const [scanError, setScanError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const scanRef = useRef<HTMLInputElement>(null)
  const nextKey = useRef(1)
  const loadedFor = useRef<number | undefined>(undefined)
  const orderNo = existing.data?.order.orderNo

  // Editing: the stored header and lines, once.
  useEffect(() => {
    const d = existing.data
    if (!d || loadedFor.current === editId) return
    loadedFor.current = editId
    const o = d.order
    setHead({
      inboundType: String(o.inboundType), supplierId: o.supplierId ? String(o.supplierId) : '', sourceNo: o.sourceNo ?? '', expectedArrival: o.expectedArrival ?? '',
      inspectionMode: String(o.inspectionMode), batchNo: o.batchNo ?? '', boxCount: o.boxCount === null ? '' : String(o.boxCount), remark: o.remark ?? '',
    })
    setLines(d.lines.map((l) => ({ key: nextKey.current++, code: l.skuCode, qty: l.expectedQty, skuId: l.skuId, skuCode: l.skuCode, styleNo: l.styleNo ?? '', colorName: l.colorName ?? '', sizeName: l.sizeName ?? '' })))
  }, [existing.data, editId])

  const total = useMemo(() => lines.reduce((s, l) => s + (Number.isFinite(l.qty) ? l.qty : 0), 0), [lines])

  const addScan = async () => {
    const code = scan.trim().toUpperCase()
    if (!code) return
    const n = Number(qty)
    if (!Number.isInteger(n) || n < 1) { setScanError(t('errors:field.tooSmall', { field: t(LABEL('qty')), min: 1 })); return }
    setScanError(null)
    try {
      const sku = await resolveCode(code)
      setLines((ls) => {
        const same = ls.find((l) => l.skuId === sku.skuId)
        if (same) return ls.map((l) => (l === same ? { ...l, qty: l.qty + n } : l))
        return [...ls, { ...sku, key: nextKey.current++, code, qty: n }]
      })
      setScan('')
      setQty('1')
      setErrors((e) => { const { lines: _drop, ...rest } = e; return rest })
    } catch (e) {
      setScanError(e instanceof ApiError ? (e.errors?.[0]?.message ?? e.message) : (e as Error).message)
    } finally {
      scanRef.current?.focus()
    }
  }

  const argsOf = () => ({
    inboundType: Number(head.inboundType), supplierId: head.supplierId ? Number(head.supplierId) : null, sourceNo: head.sourceNo || null,
    expectedArrival: head.expectedArrival || null, inspectionMode: Number(head.inspectionMode), batchNo: head.batchNo || null,
    boxCount: head.boxCount === '' ? null : Number(head.boxCount), remark: head.remark || null,
    lines: lines.map((l) => ({ code: l.skuCode, qty: l.qty })),
    ...(editId !== undefined && orderNo ? { orderNo } : {}),
  })

  const save = async () => {
    if (busy) return
    const args = argsOf()
    const schema = editId !== undefined ? EditOrderArgs : CreateOrderArgs
    const pre = schema.safeParse(args)
    if (!pre.success) {
      const errs: Errors = {}
      for (const i of pre.error.issues) errs[i.path.join('.')] ??= issueToError(i)
      setErrors(errs)
      return
    }
    const def = registry.get(editId !== undefined ? 'inbound.order.edit' : 'inbound.order.create')
    if (!def) return
    setBusy(true)
    setFormError(null)
    try {
      // Editing: the open order is the command's selection, wherever the dialog was opened from.
      const ctx = editId !== undefined ? { ...buildCommandContext(), selection: [{ id: editId, orderNo }] } : undefined
      const out = await runCommand(def, { ctx, args: args as never })
      // onSaved takes over (e.g. opens the new order); otherwise the dialog just closes.
      if (out.status === 'ok') { if (onSaved) onSaved(out.result as CreatedOrder); else onClose(); return }
      if (out.status === 'failed') {
        const errs = serverErrors(out.error)
        setErrors(errs)
        if (!Object.keys(errs).length) setFormError(out.error instanceof Error ? out.error.message : String(out.error))
      }
    } finally {
      setBusy(false)
    }
  }

  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save() }
  }

  const errOf = (path: string) => errorText(t, errors[path], LABEL(path.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? path))
  const fieldProps = (name: string) => {
    const msg = errOf(name)
    return { id: `${uid}-${name}`, 'aria-invalid': msg ? true : undefined, 'aria-describedby': msg ? `${uid}-${name}-err` : undefined }
  }
  const fieldBox = (name: string, control: React.ReactNode, required = false) => {
    const msg = errOf(name)
    return (
      <div className="flex flex-col gap-1 text-sm" data-field={name}>
        <label htmlFor={`${uid}-${name}`} className="text-gray-700">{t(LABEL(name))}{required && <span className="ml-0.5 text-red-600">*</span>}</label>
        {control}
        {msg && <p id={`${uid}-${name}-err`} role="alert" className="text-xs text-red-600">{msg}</p>}
      </div>
    )
  }
  const text = (name: keyof typeof head, max: number) => fieldBox(name,
    <input {...fieldProps(name)} className={inputCls(!!errOf(name))} value={head[name]} maxLength={max} onChange={(e) => setHead((h) => ({ ...h, [name]: e.target.value }))} />)
  const titleId = `${uid}-title`
  const linesError = errOf('lines')

  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} onKeyDown={keyDown} testId="inbound-order-form" className="max-h-[90vh] w-full max-w-4xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <h2 id={titleId} className="mb-3 text-base font-semibold">{editId !== undefined ? t('inbound:order.form.titleEdit', { orderNo: orderNo ?? '…' }) : t('inbound:order.form.titleNew')}</h2>
      <div className="grid grid-cols-4 gap-3">
        {fieldBox('inboundType',
          <select {...fieldProps('inboundType')} className={inputCls(!!errOf('inboundType'))} value={head.inboundType} onChange={(e) => setHead((h) => ({ ...h, inboundType: e.target.value }))}>
            {TYPE_OPTIONS.map((o) => <option key={o.value} value={o.value}>{t(o.labelKey)}</option>)}
          </select>, true)}
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

      <section className="mt-4 flex flex-col gap-2" aria-labelledby={`${uid}-lines`}>
        <h3 id={`${uid}-lines`} className="text-sm font-semibold">{t(LABEL('lines'))} — {t('inbound:order.form.total', { lines: lines.length, qty: total })}</h3>
        <div className="flex items-end gap-2">
          <div className="flex flex-1 flex-col gap-1 text-sm">
            <label htmlFor={`${uid}-scan`} className="text-gray-700">{t('inbound:order.form.scan')}</label>
            <input id={`${uid}-scan`} ref={scanRef} autoFocus data-testid="order-scan" className={inputCls(!!scanError)} value={scan} autoComplete="off"
              aria-invalid={scanError ? true : undefined} aria-describedby={scanError ? `${uid}-scan-err` : undefined}
              onChange={(e) => setScan(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) { e.preventDefault(); void addScan() } }} />
          </div>
          <div className="flex w-28 flex-col gap-1 text-sm">
            <label htmlFor={`${uid}-qty`} className="text-gray-700">{t(LABEL('qty'))}</label>
            <input id={`${uid}-qty`} type="number" min={1} data-testid="order-scan-qty" className={inputCls(false)} value={qty} onChange={(e) => setQty(e.target.value)}
              onKeyDown={(e) => { if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) { e.preventDefault(); void addScan() } }} />
          </div>
        </div>
        {scanError && <p id={`${uid}-scan-err`} role="alert" className="text-xs text-red-600" data-testid="order-scan-error">{scanError}</p>}
        {linesError && <p role="alert" className="text-xs text-red-600" data-testid="order-lines-error">{linesError}</p>}
        {lines.length === 0 ? <p className="text-sm text-gray-500">{t('inbound:order.form.empty')}</p> : (
          <table className="w-full text-sm" data-testid="order-form-lines">
            <thead className="text-left text-gray-500">
              <tr>
                <th className="py-1">{t(LABEL('lineNo'))}</th><th>{t(LABEL('skuCode'))}</th><th>{t(LABEL('styleNo'))}</th><th>{t(LABEL('colorName'))}</th>
                <th>{t(LABEL('sizeName'))}</th><th>{t(LABEL('code'))}</th><th className="w-28">{t(LABEL('qty'))}</th><th />
              </tr>
            </thead>
            <tbody>
              {lines.map((l, i) => {
                const codeErr = errOf(`lines.${i}.code`)
                const qtyErr = errOf(`lines.${i}.qty`)
                return (
                  <tr key={l.key} className="border-t align-top">
                    <td className="py-1 tabular-nums">{i + 1}</td>
                    <td>{l.skuCode}{codeErr && <p role="alert" className="text-xs text-red-600">{codeErr}</p>}</td>
                    <td>{l.styleNo}</td><td>{l.colorName}</td><td>{l.sizeName}</td><td className="text-gray-500">{l.code}</td>
                    <td>
                      <input type="number" min={1} aria-label={`${t(LABEL('qty'))} ${l.skuCode}`} className={`${inputCls(!!qtyErr)} w-24`} value={Number.isFinite(l.qty) ? l.qty : ''}
                        aria-invalid={qtyErr ? true : undefined}
                        onChange={(e) => { const v = e.target.value === '' ? NaN : Number(e.target.value); setLines((ls) => ls.map((x) => (x.key === l.key ? { ...x, qty: v } : x))) }} />
                      {qtyErr && <p role="alert" className="text-xs text-red-600">{qtyErr}</p>}
                    </td>
                    <td>
                      <button type="button" className="h-7 rounded border px-2 text-xs" aria-label={t('inbound:order.form.remove', { line: i + 1 })}
                        onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}>×</button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
      </section>
      {formError && <p role="alert" className="mt-3 text-sm text-red-600">{formError}</p>}
      <p className="mt-3 text-xs text-gray-500">{t('inbound:order.form.keys')}</p>
      <div className="mt-3 flex justify-end gap-2">
        <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose}>{t('common:cancel')}</button>
        <button type="button" className="h-8 rounded bg-[var(--theme,#1890ff)] px-3 text-sm text-white disabled:opacity-50" disabled={busy} data-testid="order-save" onClick={() => void save()}>
          {t('inbound:order.form.save')}
        </button>
      </div>
    </Modal>
  )
}
