// Bulk status change of the selected documents (the resources' StatusDialog pattern, for documents
// whose moves come from a status machine — inbound orders choose a target status, outbound orders an
// action): choose, read the server's preview of every document — changes, or refused with the reason
// in the operator's language — give the grounds when the choice needs them, and confirm once: the
// screen's status command changes exactly the documents the preview allowed, in one transaction.
import { useEffect, useId, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../palette/focus'
import { runCommand, useCommandRegistry } from '../../palette'
import { buildCommandContext } from '../../commands/context'
import { dictLabelKey } from '../../../domain/dictionaries'

/** One row of a status preview (the server's verdict on one document). */
export interface StatusPreviewRow { id: number; orderNo: string | null; from: number | null; to?: number | null; change: boolean; message: string | null }
export interface StatusPreview { rows: StatusPreviewRow[]; changes: number }

export interface BulkStatusDialogProps<C extends string | number> {
  ids: number[]
  onClose(): void
  testId: string
  /** i18n keys: title ({count}), the choice's label, the columns, the verdicts and the confirm button ({count}). */
  text: { title: string; choice: string; orderNo: string; status: string; change: string; refused: string; nothing: string; confirm: string; to?: string }
  choices: readonly { value: C; labelKey: string }[]
  /** Dictionary of the preview's `from` (and `to`) statuses. */
  statusDict: string
  preview(ids: readonly number[], choice: C): Promise<StatusPreview>
  /** react-query key prefix of the preview. */
  previewKey: string
  /** The screen's bulk status command and its arguments. */
  commandId: string
  args(ids: number[], choice: C, reason: string): Record<string, unknown>
  /** A choice that needs grounds (e.g. lock, stop, terminate) shows a required reason field. */
  reason?: { needed(choice: C): boolean; labelKey: string }
}

export function BulkStatusDialog<C extends string | number>(p: BulkStatusDialogProps<C>) {
  const { ids, onClose, text } = p
  const { t } = useTranslation()
  const uid = useId()
  const registry = useCommandRegistry()
  const [choice, setChoice] = useState<C>(p.choices[0]!.value)
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const reasonRef = useRef<HTMLInputElement>(null)
  const preview = useQuery({ queryKey: [p.previewKey, ids, choice], queryFn: () => p.preview(ids, choice), retry: false, staleTime: 0 })
  const rows = preview.data?.rows ?? []
  const changes = preview.data?.changes ?? 0
  const needsReason = !!p.reason?.needed(choice)
  const label = (v: number | null | undefined) => (v === null || v === undefined ? '—' : t(dictLabelKey(p.statusDict, v)))

  // Enter confirms once the preview is in (the choice stays one Shift+Tab away); grounds come first.
  useEffect(() => {
    if (!preview.isSuccess || changes === 0) return
    if (needsReason) reasonRef.current?.focus()
    else confirmRef.current?.focus()
  }, [preview.isSuccess, changes, choice, needsReason])

  const confirm = async () => {
    const def = registry.get(p.commandId)
    if (!def || !changes || busy) return
    if (needsReason && !reason.trim()) {
      setReasonError(t('errors:field.required', { field: t(p.reason!.labelKey) }))
      reasonRef.current?.focus()
      return
    }
    setBusy(true)
    try {
      // The dialog's documents are the command's selection (the grid may have lost focus or selection).
      const ctx = { ...buildCommandContext(), selection: ids.map((id) => ({ id })) }
      // This dialog is the bulk command's one question (its button names how many change): confirmed.
      const out = await runCommand(def, { ctx, args: p.args(ids, choice, needsReason ? reason.trim() : '') as never, confirmed: true })
      if (out.status === 'ok') onClose()
    } finally {
      setBusy(false)
    }
  }

  const titleId = `${uid}-title`
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} testId={p.testId} className="max-h-[85vh] w-full max-w-2xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <h2 id={titleId} className="mb-3 text-base font-semibold">{t(text.title, { count: ids.length })}</h2>
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor={`${uid}-target`}>{t(text.choice)}</label>
        <select id={`${uid}-target`} autoFocus className="h-8 rounded border border-gray-300 px-2" value={String(choice)} data-testid="order-status-target"
          onChange={(e) => { const c = p.choices.find((x) => String(x.value) === e.target.value); if (c) setChoice(c.value) }}>
          {p.choices.map((c) => <option key={String(c.value)} value={String(c.value)}>{t(c.labelKey)}</option>)}
        </select>
      </div>
      {needsReason && (
        <div className="mt-3 flex flex-col gap-1 text-sm">
          <label htmlFor={`${uid}-reason`}>{t(p.reason!.labelKey)}<span className="ml-0.5 text-red-600">*</span></label>
          <input id={`${uid}-reason`} ref={reasonRef} className={`h-8 rounded border px-2 ${reasonError ? 'border-red-500' : 'border-gray-300'}`} value={reason} maxLength={300}
            data-testid="order-status-reason" aria-invalid={reasonError ? true : undefined} aria-describedby={reasonError ? `${uid}-reason-err` : undefined}
            onChange={(e) => { setReason(e.target.value); setReasonError(null) }}
            onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void confirm() } }} />
          {reasonError && <p id={`${uid}-reason-err`} role="alert" className="text-xs text-red-600">{reasonError}</p>}
        </div>
      )}
      {preview.isPending && <p role="status" className="mt-3 text-sm text-gray-500">{t('common:loading')}</p>}
      {preview.isError && <p role="alert" className="mt-3 text-sm text-red-600">{(preview.error as Error).message}</p>}
      {preview.isSuccess && (
        <table className="mt-3 w-full text-sm" data-testid="order-status-preview" aria-live="polite">
          <thead className="text-left text-gray-500">
            <tr><th className="py-1">{t(text.orderNo)}</th><th>{t(text.status)}</th>{text.to && <th>{t(text.to)}</th>}<th /></tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-t" data-change={r.change}>
                <td className="py-1">{r.orderNo ?? r.id}</td>
                <td>{label(r.from)}</td>
                {text.to && <td>{label(r.to)}</td>}
                <td className={r.change ? 'text-green-700' : 'text-red-700'}>{r.change ? t(text.change) : `${t(text.refused)}: ${r.message}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview.isSuccess && changes === 0 && <p role="alert" className="mt-2 text-sm text-red-700">{t(text.nothing)}</p>}
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose}>{t('common:cancel')}</button>
        <button ref={confirmRef} type="button" className="h-8 rounded bg-[var(--theme,#1890ff)] px-3 text-sm text-white disabled:opacity-50" disabled={!changes || busy}
          data-testid="order-status-confirm" onClick={() => void confirm()}>
          {t(text.confirm, { count: changes })}
        </button>
      </div>
    </Modal>
  )
}
