// Vehicle release (stock-in → ReleaseStrip): register an arrived vehicle (Alt+N or ?form=new: plate,
// driver, phone, linked inbound orders, boxes, arrival time) and release it once its orders are
// receiving or finished (the row's Release button, with the command's confirmation). Rows past the
// unloading timeout (settings, the shared rule) are flagged. The page takes the keyboard on arrival
// (and when the form closes) so Alt+N works without a mouse; the form is the URL's ?form=new, so the
// palette's 'register vehicle' opens it on this page too.
import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../api/clients'
import { runCommandById } from '../../../commands/run'
import { reasonLabel } from '../../../commands/reason'
import { useCommandContext, useCommandRegistry } from '../../../palette'
import { commandEnabled, commandVisible } from '../../../../domain/commands'
import { usePageSearch } from '../../kit'
import { primaryFocusProps } from '../../../router/arrival'
import { useFormParam } from '../../admin/admin-ui'
import { INBOUND_EXTRA_PATHS } from '../../../../../commands/inbound-extra'
import { Field, fieldErrorsOf, inputClass, type FieldErrors } from '../returns/form-ui'

interface StripRow { id: number; stripNo: string; plateNo: string; driverName: string; driverPhone: string; orderNos: string[]; boxCount: number; status: number; arrivedAt: string; releasedAt: string | null; timedOut: boolean }

const localNow = () => { const d = new Date(); d.setMinutes(d.getMinutes() - d.getTimezoneOffset()); return d.toISOString().slice(0, 16) }

function StripForm({ onDone, onClose }: { onDone(): void; onClose(): void }) {
  const { t } = useTranslation()
  const [v, setV] = useState({ plateNo: '', driverName: '', driverPhone: '', orderNos: '', boxCount: '1', arrivedAt: localNow(), remark: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value })
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const out = await runCommandById('inbound.release.add', {
      plateNo: v.plateNo, driverName: v.driverName, driverPhone: v.driverPhone, orderNos: v.orderNos.split(/[\s,;]+/).filter(Boolean),
      boxCount: Number(v.boxCount), arrivedAt: v.arrivedAt ? new Date(v.arrivedAt).toISOString() : undefined, remark: v.remark || undefined,
    })
    setErrors(fieldErrorsOf(out))
    if (out.status === 'ok') onDone()
  }
  const input = (k: keyof typeof v, extra: Record<string, unknown> = {}) => (
    <Field label={`inbound:release.fields.${k}`} name={k} errors={errors}>
      <input className={inputClass} value={v[k]} onChange={set(k)} data-testid={`release-${k}`} {...extra} />
    </Field>
  )
  return (
    <form onSubmit={submit} data-testid="release-form" onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); onClose() } }}
      className="grid grid-cols-3 gap-3 rounded border border-sky-200 bg-sky-50 p-3">
      <h2 className="col-span-full font-semibold">{t('inbound:release.new')}</h2>
      {input('plateNo', { autoFocus: true })}
      {input('driverName')}
      {input('driverPhone', { inputMode: 'tel' })}
      {input('orderNos')}
      {input('boxCount', { inputMode: 'numeric' })}
      {input('arrivedAt', { type: 'datetime-local' })}
      {input('remark')}
      <div className="col-span-full"><button type="submit" className="rounded bg-sky-600 px-3 py-1 text-white" data-testid="release-save">{t('inbound:release.save')}</button></div>
    </form>
  )
}

export default function ReleasePage() {
  const { t } = useTranslation()
  const search = new URLSearchParams(usePageSearch())
  const qc = useQueryClient()
  const form = useFormParam(INBOUND_EXTRA_PATHS.release)
  const formOpen = form.value === 'new'
  const pageRef = useRef<HTMLDivElement>(null)
  const stripNo = search.get('stripNo') ?? undefined
  // Under 'grid': a command run from anywhere (the palette's release) refreshes the list, as it does the grids.
  const list = useQuery({ queryKey: ['grid', 'inbound-release', stripNo], queryFn: () => api.get<{ records: StripRow[]; total: number }>('/api/inbound/release-strips', { size: 50, stripNo }) })
  const refresh = () => qc.invalidateQueries({ queryKey: ['grid', 'inbound-release'] })
  const release = async (no: string) => { if ((await runCommandById('inbound.release.release', { stripNo: no })).status === 'ok') void refresh() }
  return (
    // The page itself is its work (Alt+N, the strips): the shell focuses it on arrival (router/arrival.ts).
    <div ref={pageRef} tabIndex={-1} {...primaryFocusProps(!formOpen)} className="flex flex-col gap-4 p-4 outline-none" data-testid="release-page" onKeyDown={(e) => { if (e.altKey && e.code === 'KeyN') { e.preventDefault(); form.open('new') } }}>
      <h1 className="text-xl font-semibold">{t('inbound:release.title')} <span className="text-xs font-normal text-slate-500"><kbd>Alt+N</kbd> {t('inbound:release.new')}</span></h1>
      {formOpen && <StripForm onClose={() => { form.close(); pageRef.current?.focus() }} onDone={() => { form.close(); pageRef.current?.focus(); void refresh() }} />}
      <table className="w-full text-sm" data-testid="release-list">
        <thead className="bg-slate-100 text-left">
          <tr>{(['stripNo', 'plateNo', 'driverName', 'driverPhone', 'orderNos', 'boxCount', 'arrivedAt', 'releasedAt', 'status', 'timedOut'] as const).map((c) => <th key={c} className="px-2 py-1">{t(`inbound:release.fields.${c}`)}</th>)}<th /></tr>
        </thead>
        <tbody>
          {(list.data?.records ?? []).map((r) => (
            <tr key={r.id} className={`border-b ${r.timedOut ? 'bg-red-50' : ''}`} data-strip={r.stripNo} data-timed-out={r.timedOut}>
              <td className="px-2 py-1 font-mono">{r.stripNo}</td>
              <td className="px-2 py-1">{r.plateNo}</td>
              <td className="px-2 py-1">{r.driverName}</td>
              <td className="px-2 py-1">{r.driverPhone}</td>
              <td className="px-2 py-1 font-mono text-xs">{r.orderNos.join(' ')}</td>
              <td className="px-2 py-1">{r.boxCount}</td>
              <td className="px-2 py-1">{new Date(r.arrivedAt).toLocaleString()}</td>
              <td className="px-2 py-1">{r.releasedAt ? new Date(r.releasedAt).toLocaleString() : ''}</td>
              <td className="px-2 py-1">{t(`inbound:release.status.${r.status}`)}</td>
              <td className="px-2 py-1 font-semibold text-red-700">{r.timedOut ? t('inbound:release.timedOut') : ''}</td>
              <td className="px-2 py-1"><ReleaseButton row={r} onRelease={release} /></td>
            </tr>
          ))}
          {list.data && list.data.records.length === 0 && <tr><td colSpan={11} className="px-2 py-3 text-center text-slate-500">{t('inbound:release.empty')}</td></tr>}
        </tbody>
      </table>
    </div>
  )
}

/** The row's release: enabled or disabled with its reason by the strip's machine (as the palette's). */
function ReleaseButton({ row, onRelease }: { row: StripRow; onRelease: (no: string) => void }) {
  const { t } = useTranslation()
  const ctx = useCommandContext()
  const def = useCommandRegistry().get('inbound.release.release')
  if (!def || !commandVisible(def, ctx)) return null
  const v = commandEnabled(def, { ...ctx, selection: [row as unknown as Record<string, unknown>] })
  const reason = v === true ? undefined : reasonLabel(v)
  return (
    <button type="button" className={`rounded border px-2 ${reason ? 'cursor-not-allowed opacity-50' : ''}`} aria-disabled={reason ? true : undefined} title={reason}
      data-testid={`release-${row.stripNo}`} onClick={() => { if (!reason) onRelease(row.stripNo) }}>
      {t('inbound:release.release')}{reason && <span className="sr-only">{`: ${reason}`}</span>}
    </button>
  )
}
