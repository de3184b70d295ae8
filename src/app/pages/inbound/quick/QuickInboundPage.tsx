// Quick inbound (stock-in → inbound-order/stock-in-quickly): for the six inbound types, a new task is
// built from fnsku/upc codes and quantities (Alt+N or ?form=new) and creates its inbound order already
// receiving; then the station: scan KR… (or continue with the task just created), scan fnsku/upc —
// each scan receives at once. Alt+F finishes with a shortage (confirmation). Refusals come back with
// the spec's messages ('item not in quick inbound task', 'scanned quantity over pending', …).
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../api/clients'
import { runCommandById } from '../../../commands/run'
import { dictLabelKey } from '../../../../domain/dictionaries'
import type { QuickScanResult } from '../../../../../commands/inbound-extra'
import { DocStation, defineDocStation, type DocView } from '../returns/DocStation'
import { msg } from '../../../station'
import { Field, fieldErrorsOf, inputClass, parseLines, type FieldErrors } from '../returns/form-ui'
import { usePageSearch } from '../../kit'

export const QUICK_STATION = defineDocStation('quick', 'inbound:quick', 'quickInbound', [
  { keys: 'Alt+F', labelKey: 'inbound:quick.finish' },
  { keys: 'Alt+N', labelKey: 'inbound:quick.new' },
])
const TYPES = [1, 2, 3, 4, 5, 6]

interface QuickDetail {
  taskNo: string; orderNo: string; inboundType: number; status: number; expectedQty: number; receivedQty: number; doubleReadMs: number
  lines: { lineNo: number; skuCode: string; codes: string; expectedQty: number; receivedQty: number }[]
}
interface QuickRow { id: number; taskNo: string; orderNo: string; inboundType: number; status: number; expectedQty: number; receivedQty: number }

function QuickForm({ onCreated, onClose }: { onCreated(taskNo: string): void; onClose(): void }) {
  const { t } = useTranslation()
  const [v, setV] = useState({ inboundType: '1', lines: '', remark: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value })
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const out = await runCommandById('inbound.quick.add', { inboundType: Number(v.inboundType), lines: parseLines(v.lines, 'code'), remark: v.remark || undefined })
    setErrors(fieldErrorsOf(out))
    if (out.status === 'ok') onCreated((out.result as { taskNo: string }).taskNo)
  }
  return (
    <form onSubmit={submit} data-testid="quick-form" onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); onClose() } }}
      className="grid grid-cols-2 gap-3 rounded border border-sky-200 bg-sky-50 p-3" data-station-keep-focus>
      <h2 className="col-span-full font-semibold">{t('inbound:quick.new')}</h2>
      <Field label="inbound:quick.fields.inboundType" name="inboundType" errors={errors}>
        <select autoFocus className={inputClass} value={v.inboundType} onChange={set('inboundType')} data-testid="quick-type">
          {TYPES.map((x) => <option key={x} value={x}>{t(dictLabelKey('inboundType', x))}</option>)}
        </select>
      </Field>
      <Field label="inbound:quick.fields.remark" name="remark" errors={errors}>
        <input className={inputClass} value={v.remark} onChange={set('remark')} />
      </Field>
      <Field label="inbound:quick.fields.lines" name="lines" errors={errors} wide>
        <textarea className={`${inputClass} font-mono`} rows={4} value={v.lines} onChange={set('lines')} data-testid="quick-lines"
          onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void submit(e) } }} />
      </Field>
      <div className="col-span-full flex gap-2">
        <button type="submit" className="rounded bg-sky-600 px-3 py-1 text-white" data-testid="quick-save">{t('inbound:quick.save')}</button>
        <span className="self-center text-xs text-slate-500">{t('inbound:returns.formKeys')}</span>
      </div>
    </form>
  )
}

export default function QuickInboundPage() {
  const { t } = useTranslation()
  const search = new URLSearchParams(usePageSearch())
  const qc = useQueryClient()
  const [formOpen, setFormOpen] = useState(search.get('form') === 'new')
  const [open, setOpen] = useState<{ no: string; seq: number } | undefined>(() => { const no = search.get('taskNo'); return no ? { no, seq: 0 } : undefined })
  const show = (no: string) => setOpen((o) => ({ no, seq: (o?.seq ?? 0) + 1 }))
  const recent = useQuery({ queryKey: ['inbound', 'quick', 'recent'], queryFn: () => api.get<{ records: QuickRow[] }>('/api/inbound/quick', { size: 10 }) })

  const load = async (no: string): Promise<DocView> => {
    const d = await api.get<QuickDetail>(`/api/inbound/quick/${encodeURIComponent(no)}`, undefined, { silent: true })
    void qc.invalidateQueries({ queryKey: ['inbound', 'quick', 'recent'] })
    return {
      no: d.taskNo, closed: d.status === 1, pending: d.expectedQty - d.receivedQty,
      summary: msg('inbound:quick.summary', { taskNo: d.taskNo, orderNo: d.orderNo, type: msg(dictLabelKey('inboundType', d.inboundType)), status: msg(`inbound:quick.status.${d.status}`), received: d.receivedQty, expected: d.expectedQty }),
      doubleReadMs: d.doubleReadMs,
      lines: d.lines.map((l) => ({ key: l.lineNo, skuCode: l.skuCode, codes: l.codes, qty: l.expectedQty, received: l.receivedQty })),
    }
  }

  return (
    <div className="flex flex-col" data-testid="quick-page"
      onKeyDown={(e) => { if (e.altKey && e.code === 'KeyN') { e.preventDefault(); setFormOpen(true) } }}>
      <DocStation<{ taskNo: string; code: string; qty: number }, QuickScanResult>
        key={open ? `${open.no}:${open.seq}` : 'none'} def={QUICK_STATION} documentKey="inbound:quick.document"
        above={formOpen ? <QuickForm onClose={() => setFormOpen(false)} onCreated={(no) => { setFormOpen(false); show(no) }} /> : undefined}
        load={load} open={open} active={!formOpen}
        loadedMessage={(v) => msg('inbound:quick.loaded', { taskNo: v.no, pending: v.pending })}
        scanCommand="inbound.quick.scan"
        argsOf={(taskNo, code, qty) => ({ taskNo, code, qty })}
        answer={(r) => r.finished
          ? { message: msg('inbound:quick.completed', { orderNo: r.orderNo, taskNo: r.shelvingTaskNo ?? '—' }), closed: true }
          : { message: msg('inbound:quick.accepted', { skuCode: r.skuCode, received: r.receivedQty, total: r.expectedQty }), closed: false }}
        actions={[{ letter: 'f', labelKey: 'inbound:quick.finish', testId: 'quick-finish', run: async (taskNo) => (await runCommandById('inbound.quick.finish', { taskNo })).status === 'ok' }]}
      />
      <section className="px-4 pb-4">
        <h2 className="mb-1 font-semibold">{t('inbound:quick.recent')}</h2>
        <table className="w-full text-sm" data-testid="quick-recent">
          <thead className="bg-slate-100 text-left">
            <tr>{(['taskNo', 'orderNo', 'inboundType', 'status', 'receivedQty'] as const).map((c) => <th key={c} className="px-2 py-1">{t(`inbound:quick.fields.${c}`)}</th>)}</tr>
          </thead>
          <tbody>
            {(recent.data?.records ?? []).map((r) => (
              <tr key={r.id} className="border-b">
                <td className="px-2 py-1"><button type="button" className="font-mono text-sky-700 underline" onClick={() => show(r.taskNo)}>{r.taskNo}</button></td>
                <td className="px-2 py-1 font-mono">{r.orderNo}</td>
                <td className="px-2 py-1">{t(dictLabelKey('inboundType', r.inboundType))}</td>
                <td className="px-2 py-1">{t(`inbound:quick.status.${r.status}`)}</td>
                <td className="px-2 py-1">{r.receivedQty}/{r.expectedQty}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  )
}
