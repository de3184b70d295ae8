// Lend or return samples (sample.lend / sample.return), keyboard first: SKU, quantity, from and to
// location (scan or type), remark; Ctrl+Enter saves; refusals under the field they name.
import { useId, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../palette/focus'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../documents/formParts'
import { FormFooter } from '../documents/LinesEditor'
import { SampleMoveArgs } from '../../../../commands/samples'
import { F } from './api'

export function SampleMoveForm({ kind, initial, onClose, onSaved }: { kind: 'lend' | 'return'; initial?: { skuCode?: string; fromLocationCode?: string }; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const [v, setV] = useState({ skuCode: initial?.skuCode ?? '', qty: '1', fromLocationCode: initial?.fromLocationCode ?? '', toLocationCode: '', remark: '' })
  const { errors, formError, busy, submit } = useCommandSubmit()
  const { errOf, fieldProps, fieldBox } = useFieldParts(uid, errors, F)
  const save = async () => {
    const args = { skuCode: v.skuCode, qty: Number(v.qty), fromLocationCode: v.fromLocationCode, toLocationCode: v.toLocationCode, remark: v.remark || null }
    if (await submit(`sample.${kind}`, SampleMoveArgs, args)) onSaved()
  }
  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save() }
  }
  const input = (k: keyof typeof v, o: { type?: string; first?: boolean; required?: boolean } = {}) => fieldBox(k,
    <input {...fieldProps(k)} type={o.type ?? 'text'} autoFocus={o.first} className={inputCls(!!errOf(k))} value={v[k]} onChange={(e) => setV((x) => ({ ...x, [k]: e.target.value }))} />,
    { required: o.required })
  const titleId = `${uid}-title`
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} onKeyDown={keyDown} testId={`sample-${kind}-form`} className="w-full max-w-xl rounded-lg bg-white p-4 shadow-2xl">
      <h2 id={titleId} className="text-base font-semibold">{t(`samples:manager.${kind}`)}</h2>
      <p className="mb-3 text-xs text-gray-500">{t(`samples:manager.${kind}Hint`)}</p>
      <div className="grid grid-cols-2 gap-3">
        {input('skuCode', { first: !initial?.skuCode, required: true })}
        {input('qty', { type: 'number', first: !!initial?.skuCode, required: true })}
        {input('fromLocationCode', { required: true })}
        {input('toLocationCode', { required: true })}
        {input('remark')}
      </div>
      <FormFooter formError={formError} keys="samples:manager.keys" saveLabel={`samples:manager.${kind}`} busy={busy} onCancel={onClose} onSave={() => void save()} />
    </Modal>
  )
}
