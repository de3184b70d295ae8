// Inbound measure (stock-in → inbound-measure): type or scan an inbound order number, then measure a
// box (1..N) or a SKU of it — length, width, height (cm), weight (kg), above 0 with up to 4 decimals —
// with an optional photo (a picture uploaded through /api/files/upload). Saving the same box or SKU
// again updates it; the table shows what was measured.
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../api/clients'
import { runCommandById } from '../../../commands/run'
import { Field, fieldErrorsOf, inputClass, type FieldErrors } from '../returns/form-ui'
import { usePageSearch } from '../../kit'

interface Measures {
  orderNo: string; boxCount: number | null; skuCodes: string[]
  measures: { id: number; boxNo: number | null; skuCode: string | null; length: number; width: number; height: number; weight: number; photo: string | null }[]
}

export default function MeasurePage() {
  const { t } = useTranslation()
  const search = new URLSearchParams(usePageSearch())
  const qc = useQueryClient()
  const [orderInput, setOrderInput] = useState(search.get('orderNo') ?? '')
  const [orderNo, setOrderNo] = useState(search.get('orderNo') ?? '')
  const [v, setV] = useState({ target: 'box', boxNo: '1', skuCode: '', length: '', width: '', height: '', weight: '', photo: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [uploading, setUploading] = useState(false)
  const data = useQuery({ queryKey: ['inbound', 'measures', orderNo], enabled: !!orderNo, retry: false,
    queryFn: () => api.get<Measures>('/api/inbound/measures', { orderNo }) })
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value })
  const upload = async (file: File | undefined) => {
    if (!file) return
    setUploading(true)
    try {
      const fd = new FormData()
      fd.append('file', file)
      const r = await api.form<{ url: string }>('/api/files/upload?purpose=attachment', fd)
      setV((x) => ({ ...x, photo: r.url }))
    } finally { setUploading(false) }
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s))
    const out = await runCommandById('inbound.measure.save', {
      orderNo, ...(v.target === 'box' ? { boxNo: Number(v.boxNo) } : { skuCode: v.skuCode }),
      length: num(v.length), width: num(v.width), height: num(v.height), weight: num(v.weight), ...(v.photo ? { photo: v.photo } : {}),
    })
    setErrors(fieldErrorsOf(out))
    if (out.status === 'ok') void qc.invalidateQueries({ queryKey: ['inbound', 'measures', orderNo] })
  }
  const d = data.data
  return (
    <div className="flex flex-col gap-4 p-4" data-testid="measure-page">
      <h1 className="text-xl font-semibold">{t('inbound:measure.title')}</h1>
      <form className="flex items-end gap-2" onSubmit={(e) => { e.preventDefault(); setOrderNo(orderInput.trim().toUpperCase()) }}>
        <Field label="inbound:measure.fields.orderNo" name="orderNo" errors={{}}>
          <input autoFocus className={`${inputClass} font-mono`} value={orderInput} onChange={(e) => setOrderInput(e.target.value)} data-testid="measure-order" />
        </Field>
        <button type="submit" className="rounded border px-3 py-1">{t('inbound:measure.load')}</button>
        {data.error && <span role="alert" className="text-red-600">{(data.error as Error).message}</span>}
      </form>
      {d && (
        <>
          <form onSubmit={submit} className="grid grid-cols-4 gap-3 rounded border p-3" data-testid="measure-form">
            <Field label="inbound:measure.fields.target" name="target" errors={errors}>
              <select className={inputClass} value={v.target} onChange={set('target')}>
                <option value="box">{t('inbound:measure.target.box')} ({t('inbound:measure.boxes', { count: d.boxCount ?? 0 })})</option>
                <option value="sku">{t('inbound:measure.target.sku')}</option>
              </select>
            </Field>
            {v.target === 'box'
              ? <Field label="inbound:measure.fields.boxNo" name="boxNo" errors={errors}><input className={inputClass} inputMode="numeric" value={v.boxNo} onChange={set('boxNo')} /></Field>
              : <Field label="inbound:measure.fields.skuCode" name="skuCode" errors={errors}>
                  <select className={inputClass} value={v.skuCode} onChange={set('skuCode')}><option value="" />{d.skuCodes.map((s) => <option key={s} value={s}>{s}</option>)}</select>
                </Field>}
            {(['length', 'width', 'height', 'weight'] as const).map((k) => (
              <Field key={k} label={`inbound:measure.fields.${k}`} name={k} errors={errors}>
                <input className={inputClass} inputMode="decimal" value={v[k]} onChange={set(k)} data-testid={`measure-${k}`} />
              </Field>
            ))}
            <Field label="inbound:measure.fields.photo" name="photo" errors={errors}>
              <input type="file" accept="image/*" disabled={uploading} onChange={(e) => void upload(e.target.files?.[0])} />
              {v.photo && <img src={v.photo} alt="" className="h-16 w-16 object-cover" />}
            </Field>
            <div className="col-span-full"><button type="submit" className="rounded bg-sky-600 px-3 py-1 text-white" data-testid="measure-save">{t('inbound:measure.save')}</button></div>
          </form>
          <table className="w-full text-sm" data-testid="measure-list">
            <thead className="bg-slate-100 text-left">
              <tr>{(['boxNo', 'skuCode', 'length', 'width', 'height', 'weight', 'photo'] as const).map((c) => <th key={c} className="px-2 py-1">{t(`inbound:measure.fields.${c}`)}</th>)}</tr>
            </thead>
            <tbody>
              {d.measures.map((m) => (
                <tr key={m.id} className="border-b">
                  <td className="px-2 py-1">{m.boxNo ?? ''}</td><td className="px-2 py-1 font-mono">{m.skuCode ?? ''}</td>
                  <td className="px-2 py-1">{m.length}</td><td className="px-2 py-1">{m.width}</td><td className="px-2 py-1">{m.height}</td><td className="px-2 py-1">{m.weight}</td>
                  <td className="px-2 py-1">{m.photo && <a href={m.photo} target="_blank" rel="noreferrer"><img src={m.photo} alt="" className="h-10 w-10 object-cover" /></a>}</td>
                </tr>
              ))}
              {d.measures.length === 0 && <tr><td colSpan={7} className="px-2 py-3 text-center text-slate-500">{t('inbound:measure.none')}</td></tr>}
            </tbody>
          </table>
        </>
      )}
    </div>
  )
}
