// Open a loading document, keyboard first: container number (autofocus), size (its capacity and max
// payload shown, and each may be stated lower — a carrier's own limit), AGL transport, remark. Ctrl+Enter
// saves through containers.loading.create; every refusal ("container not unique" naming the document that
// holds the number, the format, the size) shows under its field. Saved → the station opens at the container.
import { useId, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../palette/focus'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../documents/formParts'
import { FormFooter } from '../documents/LinesEditor'
import { CONTAINER_SIZES, CONTAINER_SIZE_CODES, type ContainerSizeCode } from '../../../domain/container-loading'
import { CreateLoadingArgs } from '../../../../commands/container-loading'

const F = (f: string) => `containers:fields.${f}`

export function LoadingFormDialog({ onClose, onSaved }: { onClose(): void; onSaved(r: { loadingNo: string; containerNo: string }): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const [containerNo, setContainerNo] = useState('')
  const [size, setSize] = useState<ContainerSizeCode>('40HQ')
  const [capacity, setCapacity] = useState('')
  const [maxWeight, setMaxWeight] = useState('')
  const [agl, setAgl] = useState(false)
  const [remark, setRemark] = useState('')
  const [transport, setTransport] = useState('')
  const { errors, formError, busy, submit } = useCommandSubmit()
  const { fieldProps, fieldBox } = useFieldParts(uid, errors, F)
  const num = (v: string) => (v.trim() === '' ? null : Number(v))
  const save = async () => {
    const out = await submit('containers.loading.create', CreateLoadingArgs, { containerNo, containerSize: size, capacityVolume: num(capacity), maxWeight: num(maxWeight), agl, transportCode: transport || null, remark: remark || null })
    if (out) onSaved(out.result as { loadingNo: string; containerNo: string })
  }
  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save() }
  }
  const titleId = `${uid}-title`
  const def = CONTAINER_SIZES[size]
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} onKeyDown={keyDown} testId="loading-form" className="w-full max-w-2xl rounded-lg bg-white p-4 shadow-2xl">
      <h2 id={titleId} className="mb-3 text-base font-semibold">{t('containers:ui.form.title')}</h2>
      <div className="grid grid-cols-2 gap-3">
        {fieldBox('containerNo', <input {...fieldProps('containerNo')} className={`${inputCls(!!errors.containerNo)} font-mono uppercase`} autoFocus maxLength={40} value={containerNo} onChange={(e) => setContainerNo(e.target.value)} />, { required: true })}
        {fieldBox('containerSize', (
          <select {...fieldProps('containerSize')} className={inputCls(!!errors.containerSize)} value={size} onChange={(e) => setSize(e.target.value as ContainerSizeCode)}>
            {CONTAINER_SIZE_CODES.map((c) => <option key={c} value={c}>{t('containers:ui.form.sizeOption', { size: c, volume: CONTAINER_SIZES[c].volumeM3, weight: CONTAINER_SIZES[c].maxWeightKg })}</option>)}
          </select>
        ), { required: true })}
        {fieldBox('capacityVolume', <input {...fieldProps('capacityVolume')} className={`${inputCls(!!errors.capacityVolume)} text-right`} inputMode="decimal" placeholder={String(def.volumeM3)} value={capacity} onChange={(e) => setCapacity(e.target.value)} />)}
        {fieldBox('maxWeight', <input {...fieldProps('maxWeight')} className={`${inputCls(!!errors.maxWeight)} text-right`} inputMode="decimal" placeholder={String(def.maxWeightKg)} value={maxWeight} onChange={(e) => setMaxWeight(e.target.value)} />)}
        <label className="flex items-center gap-2 text-sm" htmlFor={`${uid}-agl`}>
          <input id={`${uid}-agl`} type="checkbox" className="h-4 w-4" checked={agl} onChange={(e) => setAgl(e.target.checked)} data-testid="loading-agl" />
          <span>{t(F('agl'))}</span>
          <span className="text-xs text-slate-600">{t('containers:ui.form.aglHint')}</span>
        </label>
        {fieldBox('transportCode', <input {...fieldProps('transportCode')} className={`${inputCls(!!errors.transportCode)} font-mono uppercase`} maxLength={32} value={transport} onChange={(e) => setTransport(e.target.value)} />)}
        {fieldBox('remark', <input {...fieldProps('remark')} className={inputCls(!!errors.remark)} maxLength={200} value={remark} onChange={(e) => setRemark(e.target.value)} />)}
      </div>
      <FormFooter formError={formError} keys="containers:ui.form.keys" saveLabel="containers:ui.form.save" busy={busy} onCancel={onClose} onSave={() => void save()} />
    </Modal>
  )
}
