// The packing fields the review and auto-packaging stations share: the packing material (with its
// stock; a material out of stock is listed but disabled), the weight in grams and, at review, the
// parcels the order makes (one material and one face sheet each; 1 unless told) and optional dimensions
// in mm. Keyboard: Alt+M focuses the material; Enter in the material goes to the weight; Enter in the
// weight or a dimension submits (the station owns the material's ref, for its Alt+M); Esc returns to the scan field (data-station-field). Checked here
// before anything is sent: a material chosen, a weight above 0 — the server checks again.
import { useCallback, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import type { ReviewPackArgs } from '../../../../../commands/outbound-shipping'
import type { PackageMaterial } from './api'

const U = (k: string) => `outbound-ship:pack.${k}`
const positive = (v: string) => (/^\d{1,6}$/.test(v.trim()) && Number(v) > 0 ? Number(v) : null)

export function usePackForm() {
  const [materialId, setMaterialId] = useState('')
  const [weight, setWeight] = useState('')
  const [dims, setDims] = useState({ l: '', w: '', h: '' })
  const [parcels, setParcels] = useState('1')
  const reset = useCallback(() => { setWeight(''); setDims({ l: '', w: '', h: '' }); setParcels('1') }, [])
  /** The pack command's arguments, or null when the material or the weight is missing. */
  const args = (orderNo: string): ReviewPackArgs | null => {
    const weightG = positive(weight)
    if (!materialId || weightG === null) return null
    return { orderNo, materialId: Number(materialId), weightG, lengthMm: positive(dims.l), widthMm: positive(dims.w), heightMm: positive(dims.h), parcels: positive(parcels) ?? 1 }
  }
  const errors = { material: !materialId, weight: positive(weight) === null }
  return { materialId, setMaterialId, weight, setWeight, dims, setDims, parcels, setParcels, reset, args, errors }
}
export type PackForm = ReturnType<typeof usePackForm>

export function PackFields({ form, materialRef, materials, onSubmit, dimensions = true }: { form: PackForm; materialRef: RefObject<HTMLSelectElement | null>; materials: readonly PackageMaterial[]; onSubmit(): void; dimensions?: boolean }) {
  const { t } = useTranslation()
  const weightRef = useRef<HTMLInputElement>(null)
  const submitOnEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return
    e.preventDefault()
    e.stopPropagation()
    onSubmit()
  }
  const input = 'rounded border border-slate-400 px-2 py-1 font-mono text-lg'
  return (
    <fieldset className="flex flex-wrap items-end gap-3 rounded border border-slate-300 p-3" data-testid="pack-fields">
      <legend className="px-1 text-sm font-medium text-slate-700">{t(U('legend'))}</legend>
      <label className="flex flex-col gap-1">
        <span className="text-sm text-slate-700">{t(U('material'))}</span>
        <select ref={materialRef} data-station-field="1" data-testid="pack-material" className={`${input} w-[22rem] max-w-full`} value={form.materialId}
          onChange={(e) => form.setMaterialId(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); e.stopPropagation(); weightRef.current?.focus() } }}>
          <option value="">{t(U('choose'))}</option>
          {materials.map((m) => (
            <option key={m.id} value={m.id} disabled={m.stockQty < 1}>{t(U('option'), { code: m.code, name: m.name, stock: m.stockQty })}</option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm text-slate-700">{t(U('weight'))}</span>
        <input ref={weightRef} data-station-field="1" data-testid="pack-weight" inputMode="numeric" autoComplete="off" maxLength={6} className={`${input} w-32`}
          value={form.weight} onChange={(e) => form.setWeight(e.target.value)} onKeyDown={submitOnEnter} />
      </label>
      {dimensions && (
        <label className="flex flex-col gap-1">
          <span className="text-sm text-slate-700">{t(U('parcels'))}</span>
          <input data-station-field="1" data-testid="pack-parcels" inputMode="numeric" autoComplete="off" maxLength={2} className={`${input} w-20`}
            value={form.parcels} onChange={(e) => form.setParcels(e.target.value)} onKeyDown={submitOnEnter} />
        </label>
      )}
      {dimensions && (['l', 'w', 'h'] as const).map((d) => (
        <label key={d} className="flex flex-col gap-1">
          <span className="text-sm text-slate-700">{t(U(`dim.${d}`))}</span>
          <input data-station-field="1" data-testid={`pack-${d}`} inputMode="numeric" autoComplete="off" maxLength={4} className={`${input} w-24`}
            value={form.dims[d]} onChange={(e) => form.setDims({ ...form.dims, [d]: e.target.value })} onKeyDown={submitOnEnter} />
        </label>
      ))}
    </fieldset>
  )
}
