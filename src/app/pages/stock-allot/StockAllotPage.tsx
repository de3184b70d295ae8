// Stock allot (stock-manage → stock-allot, component 'stock-manage/stock-allot'; README "Stock allot"):
// each SKU's quota per shop with what the shop's orders hold (locked) and the SKU's allocable stock here.
// Alt+N or the toolbar opens the form (?form=new): a SKU, then one row per shop (shop code, quantity; Alt+A
// adds a shop), Ctrl+Enter runs stock.allot.create — "allocated not above allocable and not below locked"
// refusals land on the line they name. ?no=TP… (the palette's jump to a stock allot number) shows the quotas
// that document set, with a way back to all of them.
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useLocation } from 'wouter'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/clients'
import { DataGrid, type GridColumn, type GridQuery } from '../../grid'
import { formatTime } from '../../../domain/format'
import { Modal } from '../../palette/focus'
import { CommandButtons } from '../documents/CommandButtons'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../documents/formParts'
import { FormFooter } from '../documents/LinesEditor'
import { usePageSearch } from '../kit'
import { AllotArgs, STOCK_ALLOT_API, STOCK_ALLOT_PATH } from '../../../../commands/stock-allot'

interface QuotaRecord extends Record<string, unknown> { id: number; skuCode: string; shopCode: string; qty: number; locked: number; allocable: number; allotNo: string; updatedAt: string }
const F = (f: string) => `stockAllot:fields.${f}`
const columns: GridColumn<QuotaRecord>[] = [
  { id: 'skuCode', titleKey: F('skuCode'), width: 200, sortable: true, filter: 'text', hideable: false },
  { id: 'shopCode', titleKey: F('shopCode'), width: 140 },
  { id: 'qty', titleKey: F('qty'), width: 100, align: 'right' },
  { id: 'locked', titleKey: F('locked'), width: 100, align: 'right' },
  { id: 'allocable', titleKey: F('allocable'), width: 100, align: 'right' },
  { id: 'allotNo', titleKey: F('allotNo'), width: 150, filter: 'text' },
  { id: 'updatedAt', titleKey: F('updatedAt'), width: 160, sortable: true, render: (r) => formatTime(r.updatedAt) },
]
const fetchQuotas = (q: GridQuery) => api.get<{ records: QuotaRecord[]; total: number }>(STOCK_ALLOT_API.quotas, q)
/** ?no=TP…: the quotas one stock allot document set (the palette's jump to a TP number). */
const fetchQuotasOf = (allotNo: string) => (q: GridQuery) => fetchQuotas({ ...q, allotNo })

interface Row { key: number; shopCode: string; qty: string }

function AllotForm({ onClose }: { onClose(): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const next = useRef(2)
  const [code, setCode] = useState('')
  const [remark, setRemark] = useState('')
  const [rows, setRows] = useState<Row[]>([{ key: 1, shopCode: '', qty: '0' }])
  const { errors, formError, busy, submit } = useCommandSubmit()
  const { errOf, fieldProps, fieldBox } = useFieldParts(uid, errors, F)
  const set = (i: number, p: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...p } : r)))
  const add = () => {
    setRows((rs) => [...rs, { key: next.current++, shopCode: '', qty: '0' }])
    requestAnimationFrame(() => document.getElementById(`${uid}-lines.${rows.length}.shopCode`)?.focus())
  }
  const save = async () => {
    const out = await submit('stock.allot.create', AllotArgs, { code, remark: remark || null, lines: rows.map((r) => ({ shopCode: r.shopCode, qty: Number(r.qty) })) })
    if (out) onClose()
  }
  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save() }
    else if (e.altKey && e.code === 'KeyA') { e.preventDefault(); add() }
  }
  const titleId = `${uid}-title`
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} onKeyDown={keyDown} testId="stock-allot-form" className="max-h-[90vh] w-full max-w-2xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <h2 id={titleId} className="mb-3 text-base font-semibold">{t('stockAllot:form.title')}</h2>
      <div className="grid grid-cols-2 gap-3">
        {fieldBox('code', <input {...fieldProps('code')} autoFocus className={`${inputCls(!!errOf('code'))} font-mono uppercase`} value={code} maxLength={80} onChange={(e) => setCode(e.target.value)} />, { required: true })}
        {fieldBox('remark', <input {...fieldProps('remark')} className={inputCls(false)} value={remark} maxLength={200} onChange={(e) => setRemark(e.target.value)} />)}
      </div>
      <table className="mt-3 w-full text-sm" data-testid="stock-allot-lines">
        <thead className="bg-slate-100 text-left"><tr><th className="px-1 py-1">#</th><th className="px-1 py-1">{t(F('shopCode'))}</th><th className="px-1 py-1">{t(F('qty'))}</th></tr></thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.key} className="border-b">
              <td className="px-1 py-1 align-top text-slate-500">{i + 1}</td>
              {(['shopCode', 'qty'] as const).map((f) => {
                const path = `lines.${i}.${f}`
                const msg = errOf(path)
                return (
                  <td key={f} className="px-1 py-1 align-top">
                    <input {...fieldProps(path)} aria-label={`${t(F(f))} ${i + 1}`} className={`${inputCls(!!msg)} ${f === 'qty' ? 'w-28 text-right' : 'w-48 font-mono uppercase'}`}
                      inputMode={f === 'qty' ? 'numeric' : undefined} value={r[f]} maxLength={80} onChange={(e) => set(i, { [f]: e.target.value })} />
                    {msg && <p id={`${uid}-${path}-err`} role="alert" className="mt-0.5 text-xs text-red-600">{msg}</p>}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {errOf('lines') && <p role="alert" className="mt-1 text-xs text-red-600">{errOf('lines')}</p>}
      <button type="button" className="mt-2 h-8 rounded border px-3 text-sm" onClick={add}>{t('stockAllot:form.addLine')}</button>
      <FormFooter formError={formError} keys="stockAllot:form.keys" saveLabel="stockAllot:form.save" busy={busy} onCancel={onClose} onSave={() => void save()} />
    </Modal>
  )
}

export default function StockAllotPage() {
  const { t } = useTranslation()
  const search = new URLSearchParams(usePageSearch())
  const [, navigate] = useLocation()
  const no = (search.get('no') ?? '').trim().toUpperCase()
  // The grid's query key is its id: one per document, so a filtered page never shows another's cache.
  const fetcher = no ? fetchQuotasOf(no) : fetchQuotas
  return (
    <div className="flex flex-col" data-testid="stock-allot">
      <h2 className="text-base font-semibold">{t('stockAllot:title')}</h2>
      <p className="text-sm text-slate-700">{t('stockAllot:intro')}</p>
      {no && (
        <p className="flex items-center gap-3 text-sm" data-testid="stock-allot-doc" data-no={no}>
          <span className="font-medium">{t('stockAllot:filtered', { allotNo: no })}</span>
          <button type="button" className="h-7 rounded border px-2 hover:bg-gray-50" onClick={() => navigate(STOCK_ALLOT_PATH)}>{t('stockAllot:showAll')}</button>
        </p>
      )}
      <DataGrid<QuotaRecord>
        key={no} gridId={no ? `stock-allot-${no}` : 'stock-allot'} titleKey="stockAllot:title" columns={columns} fetcher={fetcher} defaultSort="updatedAt:desc" rowId={(r) => String(r.id)}
        toolbar={<CommandButtons ids={['stock.allot.create']} label="stockAllot:title" />}
      />
      {search.get('form') === 'new' && <AllotForm onClose={() => navigate(STOCK_ALLOT_PATH, { replace: true })} />}
    </div>
  )
}
