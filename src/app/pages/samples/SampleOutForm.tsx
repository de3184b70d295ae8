// New sample out request, keyboard first: purpose, borrower, expected return date, remark and the lines
// typed one per row ("SKU quantity [location]"). Ctrl+Enter sends it through sampleOut.create; every
// refusal — the command's own schema in the browser, or the server's (a row short of sample stock) —
// shows under the field or names the row.
import { useId, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../palette/focus'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../documents/formParts'
import { FormFooter } from '../documents/LinesEditor'
import { CreateSampleOutArgs, type SampleOutMade } from '../../../../commands/samples'
import { F } from './api'

/** "SKU 2 S-001" per row → lines; a quantity that is not a number stays as typed for the schema to refuse. */
export function parseLines(text: string): { skuCode: string; qty: number; locationCode: string | null }[] {
  return text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean).map((l) => {
    const [skuCode = '', qty = '', locationCode] = l.split(/[\s,;×]+/).filter(Boolean)
    return { skuCode, qty: /^\d+$/.test(qty) ? Number(qty) : Number.NaN, locationCode: locationCode ?? null }
  })
}

export function SampleOutForm({ onClose, onSaved }: { onClose(): void; onSaved(r: SampleOutMade): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const [head, setHead] = useState({ purpose: '', borrower: '', expectedReturnDate: '', remark: '', lines: '' })
  const { errors, formError, busy, submit } = useCommandSubmit()
  const { errOf, fieldProps, fieldBox } = useFieldParts(uid, errors, F)
  // A row's refusal (lines.2.qty …) shown under the lines, naming the row.
  const lineErrors = Object.keys(errors).filter((k) => /^lines\.\d+/.test(k)).map((k) => `${t('samples:out.lineRow', { row: Number(k.split('.')[1]) + 1 })}: ${errOf(k)}`)

  const save = async () => {
    const args = {
      purpose: head.purpose, borrower: head.borrower, expectedReturnDate: head.expectedReturnDate || null, remark: head.remark || null,
      lines: parseLines(head.lines),
    }
    const out = await submit('sampleOut.create', CreateSampleOutArgs, args)
    if (out) onSaved(out.result as SampleOutMade)
  }
  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save() }
  }
  const set = (k: keyof typeof head) => (e: { target: { value: string } }) => setHead((h) => ({ ...h, [k]: e.target.value }))
  const titleId = `${uid}-title`
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} onKeyDown={keyDown} testId="sample-out-form" className="max-h-[90vh] w-full max-w-2xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <h2 id={titleId} className="mb-3 text-base font-semibold">{t('samples:out.formTitle')}</h2>
      <div className="grid grid-cols-2 gap-3">
        {fieldBox('purpose', <input {...fieldProps('purpose')} autoFocus className={inputCls(!!errOf('purpose'))} value={head.purpose} maxLength={200} onChange={set('purpose')} />, { required: true })}
        {fieldBox('borrower', <input {...fieldProps('borrower')} className={inputCls(!!errOf('borrower'))} value={head.borrower} maxLength={100} onChange={set('borrower')} />, { required: true })}
        {fieldBox('expectedReturnDate', <input type="date" {...fieldProps('expectedReturnDate')} className={inputCls(!!errOf('expectedReturnDate'))} value={head.expectedReturnDate} onChange={set('expectedReturnDate')} />)}
        {fieldBox('remark', <input {...fieldProps('remark')} className={inputCls(!!errOf('remark'))} value={head.remark} maxLength={200} onChange={set('remark')} />)}
        {fieldBox('lines',
          <>
            <textarea {...fieldProps('lines')} aria-describedby={`${uid}-lines-hint`} rows={4} className={`${inputCls(!!errOf('lines') || lineErrors.length > 0)} h-auto py-1 font-mono`}
              value={head.lines} onChange={set('lines')} />
            <p id={`${uid}-lines-hint`} className="text-xs text-gray-500">{t('samples:out.linesHint')}</p>
            {lineErrors.map((m) => <p key={m} role="alert" className="text-xs text-red-600">{m}</p>)}
          </>, { required: true, className: 'col-span-2' })}
      </div>
      <FormFooter formError={formError} keys="samples:out.keys" saveLabel="samples:out.save" busy={busy} onCancel={onClose} onSave={() => void save()} />
    </Modal>
  )
}
