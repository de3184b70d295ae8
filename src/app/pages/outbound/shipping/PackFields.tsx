// The packing fields the review and auto-packaging stations share: the packing material (with its
// stock; a material out of stock is listed but disabled), the weight in grams and, at review, the
// parcels the order makes (one material and one face sheet each; 1 unless told), optional dimensions
// in mm and the spec's other packing fields (section 3): the packing list number, the box code (capital
// letters, digits and '-', at most 40) and a photo of the packed parcel (uploaded at once through
// POST /api/files/upload?purpose=photo; the pack names its id). Keyboard: Alt+M focuses the material,
// Alt+O the photo (Space/Enter opens the file chooser); Enter in the material goes to the weight; Enter in
// the weight or another text field submits (the station owns the material's ref, for its Alt+M); Esc
// returns to the scan field (data-station-field). Checked here before anything is sent: a material
// chosen, a weight above 0, the codes' format — the server checks again.
import { useCallback, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { api, ApiError } from '../../../api/clients'
import { checkUpload, UPLOAD_RULES } from '../../../../domain/upload'
import { PACK_CODE_MAX, type ReviewPackArgs } from '../../../../../commands/outbound-shipping'
import type { PackageMaterial } from './api'

const U = (k: string) => `outbound-ship:pack.${k}`
const positive = (v: string) => (/^\d{1,6}$/.test(v.trim()) && Number(v) > 0 ? Number(v) : null)

/** The photo's file input (Alt+O focuses it; found by id: the form object carries no ref). */
const PACK_PHOTO_ID = 'pack-photo'
const focusPhoto = () => document.getElementById(PACK_PHOTO_ID)?.focus()
const codeOk = (v: string) => v.trim() === '' || /^[A-Z0-9-]+$/.test(v.trim().toUpperCase())
const codeOf = (v: string) => (v.trim() ? v.trim().toUpperCase() : null)

export function usePackForm() {
  const [materialId, setMaterialId] = useState('')
  const [weight, setWeight] = useState('')
  const [dims, setDims] = useState({ l: '', w: '', h: '' })
  const [parcels, setParcels] = useState('1')
  const [packingListNo, setPackingListNo] = useState('')
  const [boxCode, setBoxCode] = useState('')
  /** The uploaded packing photo (its file id and name), the upload under way, or the upload's refusal. */
  const [photo, setPhoto] = useState<{ id: string; name: string } | null>(null)
  const [photoState, setPhotoState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null })
  const reset = useCallback(() => {
    setWeight(''); setDims({ l: '', w: '', h: '' }); setParcels('1'); setPackingListNo(''); setBoxCode(''); setPhoto(null); setPhotoState({ busy: false, error: null })
  }, [])
  /** The pack command's arguments, or null when the material or the weight is missing, a code is malformed or the photo is still uploading. */
  const args = (orderNo: string): ReviewPackArgs | null => {
    const weightG = positive(weight)
    if (!materialId || weightG === null || !codeOk(packingListNo) || !codeOk(boxCode) || photoState.busy) return null
    return {
      orderNo, materialId: Number(materialId), weightG, lengthMm: positive(dims.l), widthMm: positive(dims.w), heightMm: positive(dims.h), parcels: positive(parcels) ?? 1,
      packingListNo: codeOf(packingListNo), boxCode: codeOf(boxCode), photoFileId: photo?.id ?? null,
    }
  }
  const errors = { material: !materialId, weight: positive(weight) === null, packingListNo: !codeOk(packingListNo), boxCode: !codeOk(boxCode) }
  return {
    materialId, setMaterialId, weight, setWeight, dims, setDims, parcels, setParcels, packingListNo, setPackingListNo, boxCode, setBoxCode,
    photo, setPhoto, photoState, setPhotoState, focusPhoto, reset, args, errors,
  }
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
    <fieldset className="flex flex-wrap items-start gap-3 rounded border border-slate-300 p-3" data-testid="pack-fields">
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
      {dimensions && (['packingListNo', 'boxCode'] as const).map((k) => {
        const value = k === 'packingListNo' ? form.packingListNo : form.boxCode
        const set = k === 'packingListNo' ? form.setPackingListNo : form.setBoxCode
        const bad = form.errors[k]
        return (
          <label key={k} className="flex flex-col gap-1">
            <span className="text-sm text-slate-700">{t(U(k))}</span>
            <input data-station-field="1" data-testid={`pack-${k}`} autoComplete="off" spellCheck={false} maxLength={PACK_CODE_MAX} aria-invalid={bad || undefined}
              aria-describedby={bad ? `pack-${k}-error` : undefined} className={`${input} w-44 uppercase ${bad ? 'border-red-600' : ''}`}
              value={value} onChange={(e) => set(e.target.value)} onKeyDown={submitOnEnter} />
            {bad && <span id={`pack-${k}-error`} role="alert" className="text-xs text-red-700">{t('errors:field.codeFormat', { field: t(U(k)) })}</span>}
          </label>
        )
      })}
      {dimensions && <PackPhoto form={form} />}
    </fieldset>
  )
}

/** The packing photo: chosen with the file input (Alt+O focuses it; Space or Enter opens the chooser), uploaded at once. */
function PackPhoto({ form }: { form: PackForm }) {
  const { t } = useTranslation()
  const rule = UPLOAD_RULES.photo
  const onFile = async (input: HTMLInputElement) => {
    const f = input.files?.[0]
    input.value = ''
    if (!f) return
    const check = checkUpload(rule, f.name, f.size)
    if (!check.ok) { form.setPhotoState({ busy: false, error: t(check.messageKey, check.params) }); return }
    form.setPhotoState({ busy: true, error: null })
    try {
      const fd = new FormData()
      fd.append('file', f, f.name)
      const stored = await api.form<{ id: string; name: string }>('/api/files/upload?purpose=photo', fd, { silent: true })
      form.setPhoto({ id: stored.id, name: stored.name })
      form.setPhotoState({ busy: false, error: null })
    } catch (e) {
      form.setPhotoState({ busy: false, error: t(U('photoFailed'), { message: e instanceof ApiError || e instanceof Error ? e.message : String(e) }) })
    }
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={PACK_PHOTO_ID} className="text-sm text-slate-700">{t(U('photoChoose'))}</label>
      <div className="flex items-center gap-2">
        <input id={PACK_PHOTO_ID} type="file" data-station-field="1" data-testid="pack-photo" className="max-w-[16rem] text-sm"
          accept={rule.extensions.map((x) => `.${x}`).join(',')} disabled={form.photoState.busy} onChange={(e) => void onFile(e.currentTarget)} />
        {form.photo && (
          <button type="button" className="rounded border px-2 text-sm" onClick={() => form.setPhoto(null)} aria-label={t(U('photoRemove'))}>×</button>
        )}
      </div>
      <span className="text-xs" role="status" data-testid="pack-photo-status">
        {form.photoState.busy ? t(U('photoUploading')) : form.photo ? t(U('photoAttached'), { name: form.photo.name }) : ''}
      </span>
      {form.photoState.error && <span role="alert" className="text-xs text-red-700">{form.photoState.error}</span>}
    </div>
  )
}
