// Returns receipt (stock-in → returns-receipt, /stock-in/returns-receipt): a new return order form
// (Alt+N or ?form=new: type, outbound/order number, reason, boxes, lines "SKU quantity"), the scan
// station (scan TH…, then SKU / UPC / FNSKU; Alt+F finishes with a shortage, Alt+C cancels — both
// with the command's confirmation; cancelling is irreversible), and the recent return orders (Enter
// opens one). Damaged and quality-defect reasons receive as defective stock (shown on the form).
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../api/clients'
import { runCommandById } from '../../../commands/run'
import { DEFECTIVE_RETURN_REASONS, RETURN_REASONS, type ReturnScanResult } from '../../../../../commands/inbound-extra'
import { DocStation, defineDocStation, type DocView } from './DocStation'
import { msg } from '../../../station'
import { check } from '../../../../domain/states/machine'
import { returnOrderMachine } from '../../../../domain/states/return-order'
import { Field, fieldErrorsOf, inputClass, parseLines, type FieldErrors } from './form-ui'
import { usePageSearch } from '../../kit'

export const RETURNS_STATION = defineDocStation('returns', 'inbound:returns', 'returnOrder', [
  { keys: 'Alt+F', labelKey: 'inbound:returns.finish' },
  { keys: 'Alt+C', labelKey: 'inbound:returns.cancel' },
  { keys: 'Alt+N', labelKey: 'inbound:returns.new' },
])

interface ReturnDetail {
  returnNo: string; sourceNo: string; status: number; reasonCode: number; expectedQty: number; receivedQty: number; stockStatus: number
  shelvingTaskNo: string | null; lines: { lineNo: number; skuCode: string; qty: number; receivedQty: number }[]
}
interface ReturnRow { id: number; returnNo: string; sourceNo: string; status: number; reasonCode: number; expectedQty: number; receivedQty: number; createdAt: string }

function ReturnForm({ onCreated, onClose }: { onCreated(no: string): void; onClose(): void }) {
  const { t } = useTranslation()
  const [v, setV] = useState({ returnType: '1', sourceNo: '', reasonCode: '1', reason: '', boxCount: '1', lines: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value })
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const out = await runCommandById('inbound.return.add', {
      returnType: Number(v.returnType), sourceNo: v.sourceNo, reasonCode: Number(v.reasonCode), reason: v.reason || undefined,
      boxCount: Number(v.boxCount), lines: parseLines(v.lines, 'skuCode'),
    })
    setErrors(fieldErrorsOf(out))
    if (out.status === 'ok') onCreated((out.result as { returnNo: string }).returnNo)
  }
  const defective = DEFECTIVE_RETURN_REASONS.includes(Number(v.reasonCode))
  return (
    <form onSubmit={submit} data-testid="return-form" onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); onClose() } }}
      className="grid grid-cols-3 gap-3 rounded border border-sky-200 bg-sky-50 p-3" data-station-keep-focus>
      <h2 className="col-span-full font-semibold">{t('inbound:returns.new')}</h2>
      <Field label="inbound:returns.fields.returnType" name="returnType" errors={errors}>
        <select className={inputClass} value={v.returnType} onChange={set('returnType')} data-testid="return-type">
          {[1, 2].map((x) => <option key={x} value={x}>{t(`inbound:returns.type.${x}`)}</option>)}
        </select>
      </Field>
      <Field label="inbound:returns.fields.sourceNo" name="sourceNo" errors={errors}>
        <input autoFocus className={inputClass} value={v.sourceNo} onChange={set('sourceNo')} data-testid="return-source" />
      </Field>
      <Field label="inbound:returns.fields.reasonCode" name="reasonCode" errors={errors}>
        <select className={inputClass} value={v.reasonCode} onChange={set('reasonCode')} data-testid="return-reason">
          {RETURN_REASONS.map((x) => <option key={x} value={x}>{t(`inbound:returns.reason.${x}`)}</option>)}
        </select>
      </Field>
      <Field label="inbound:returns.fields.reason" name="reason" errors={errors}>
        <input className={inputClass} value={v.reason} onChange={set('reason')} />
      </Field>
      <Field label="inbound:returns.fields.boxCount" name="boxCount" errors={errors}>
        <input className={inputClass} inputMode="numeric" value={v.boxCount} onChange={set('boxCount')} data-testid="return-boxes" />
      </Field>
      <p className="self-end text-sm" data-testid="return-stock-status">
        {t('inbound:returns.fields.stockStatus')}: <b>{t(`dict:stockStatus.${defective ? 2 : 1}`)}</b>
      </p>
      <Field label="inbound:returns.fields.lines" name="lines" errors={errors} wide>
        <textarea className={`${inputClass} font-mono`} rows={4} value={v.lines} onChange={set('lines')} data-testid="return-lines"
          onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void submit(e) } }} />
      </Field>
      <div className="col-span-full flex gap-2">
        <button type="submit" className="rounded bg-sky-600 px-3 py-1 text-white" data-testid="return-save">{t('inbound:returns.save')}</button>
        <span className="self-center text-xs text-slate-500">{t('inbound:returns.formKeys')}</span>
      </div>
    </form>
  )
}

export default function ReturnsPage() {
  const { t } = useTranslation()
  const search = new URLSearchParams(usePageSearch())
  const qc = useQueryClient()
  const [formOpen, setFormOpen] = useState(search.get('form') === 'new')
  const [open, setOpen] = useState<{ no: string; seq: number } | undefined>(() => { const no = search.get('returnNo'); return no ? { no, seq: 0 } : undefined })
  const show = (no: string) => setOpen((o) => ({ no, seq: (o?.seq ?? 0) + 1 }))
  const recent = useQuery({ queryKey: ['inbound', 'returns', 'recent'], queryFn: () => api.get<{ records: ReturnRow[] }>('/api/inbound/returns', { size: 10 }) })

  // A cancelled return: the machine's refusal of a scan (names its status and where scanning is allowed).
  const cancelledText = (d: ReturnDetail) => {
    const v = check(returnOrderMachine, 'inbound.return.scan', { returnNo: d.returnNo, status: d.status, receivedQty: d.receivedQty }, { userId: 0 })
    return v === true ? msg(`inbound:returns.status.${d.status}`) : msg(v.key, v.params)
  }
  const load = async (no: string): Promise<DocView> => {
    const d = await api.get<ReturnDetail>(`/api/inbound/returns/${encodeURIComponent(no)}`, undefined, { silent: true })
    const pending = d.expectedQty - d.receivedQty
    const summary = d.status === 0
      ? msg('inbound:returns.summary', { returnNo: d.returnNo, sourceNo: d.sourceNo, status: msg(`inbound:returns.status.${d.status}`), reason: msg(`inbound:returns.reason.${d.reasonCode}`), stock: msg(`dict:stockStatus.${d.stockStatus}`), received: d.receivedQty, expected: d.expectedQty })
      : d.status === 1 ? msg('inbound:returns.completed', { returnNo: d.returnNo, taskNo: d.shelvingTaskNo ?? '—' })
      : cancelledText(d)
    void qc.invalidateQueries({ queryKey: ['inbound', 'returns', 'recent'] })
    return { no: d.returnNo, summary, closed: d.status !== 0, pending, lines: d.lines.map((l) => ({ key: l.lineNo, skuCode: l.skuCode, qty: l.qty, received: l.receivedQty })) }
  }

  const act = (id: string) => async (returnNo: string) => (await runCommandById(id, { returnNo })).status === 'ok'

  return (
    <div className="flex flex-col" data-testid="returns-page"
      onKeyDown={(e) => { if (e.altKey && e.code === 'KeyN') { e.preventDefault(); setFormOpen(true) } }}>
      <DocStation<{ returnNo: string; code: string; qty: number }, ReturnScanResult>
        key={open ? `${open.no}:${open.seq}` : 'none'} def={RETURNS_STATION} documentKey="inbound:returns.document"
        above={formOpen ? <ReturnForm onClose={() => setFormOpen(false)} onCreated={(no) => { setFormOpen(false); show(no) }} /> : undefined}
        load={load} open={open} active={!formOpen}
        loadedMessage={(v) => msg('inbound:returns.loaded', { returnNo: v.no, pending: v.pending })}
        scanCommand="inbound.return.scan"
        argsOf={(returnNo, code, qty) => ({ returnNo, code, qty })}
        answer={(r) => r.status === 1
          ? { message: msg('inbound:returns.completed', { returnNo: r.returnNo, taskNo: r.shelvingTaskNo ?? '—' }), closed: true }
          : { message: msg('inbound:returns.accepted', { skuCode: r.skuCode, qty: r.receivedQty, received: r.receivedQty, total: r.lineQty }), closed: false }}
        actions={[
          { letter: 'f', labelKey: 'inbound:returns.finish', testId: 'return-finish', run: act('inbound.return.finish') },
          { letter: 'c', labelKey: 'inbound:returns.cancel', testId: 'return-cancel', run: act('inbound.return.cancel') },
        ]}
      />
      <section className="px-4 pb-4">
        <h2 className="mb-1 font-semibold">{t('inbound:returns.recent')}</h2>
        <table className="w-full text-sm" data-testid="returns-recent">
          <thead className="bg-slate-100 text-left">
            <tr>{(['returnNo', 'sourceNo', 'reasonCode', 'status', 'receivedQty', 'createdAt'] as const).map((c) => <th key={c} className="px-2 py-1">{t(`inbound:returns.fields.${c}`)}</th>)}</tr>
          </thead>
          <tbody>
            {(recent.data?.records ?? []).map((r) => (
              <tr key={r.id} className="border-b">
                <td className="px-2 py-1"><button type="button" className="font-mono text-sky-700 underline" onClick={() => show(r.returnNo)}>{r.returnNo}</button></td>
                <td className="px-2 py-1">{r.sourceNo}</td>
                <td className="px-2 py-1">{t(`inbound:returns.reason.${r.reasonCode}`)}</td>
                <td className="px-2 py-1" data-testid={`return-status-${r.returnNo}`}>{t(`inbound:returns.status.${r.status}`)}</td>
                <td className="px-2 py-1">{r.receivedQty}/{r.expectedQty}</td>
                <td className="px-2 py-1">{new Date(r.createdAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  )
}
