// Bulk status change of the selected inbound orders (the resources' StatusDialog pattern): choose the
// target, read the server's preview of every order — changes, or refused with the reason in the
// operator's language — and confirm once: inbound.order.status {ids, status} changes exactly the
// orders the preview allowed, in one transaction (finish closes receiving and makes the next document).
import { useEffect, useId, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../../palette/focus'
import { runCommand, useCommandRegistry } from '../../../palette'
import { buildCommandContext } from '../../../commands/context'
import { dictLabelKey } from '../../../../domain/dictionaries'
import { MANUAL_TARGETS } from '../../../../../commands/inbound-orders'
import { statusPreview } from './api'

export function OrderStatusDialog({ ids, onClose }: { ids: number[]; onClose(): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const registry = useCommandRegistry()
  const [target, setTarget] = useState<number>(MANUAL_TARGETS[0])
  const [busy, setBusy] = useState(false)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const preview = useQuery({ queryKey: ['inbound-order-status-preview', ids, target], queryFn: () => statusPreview(ids, target), retry: false, staleTime: 0 })
  const rows = preview.data?.rows ?? []
  const changes = preview.data?.changes ?? 0
  const label = (v: number | null) => (v === null ? '—' : t(dictLabelKey('inboundStatus', v)))

  // Enter confirms once the preview is in (the target picker stays one Shift+Tab away).
  useEffect(() => { if (preview.isSuccess && changes > 0) confirmRef.current?.focus() }, [preview.isSuccess, changes, target])

  const confirm = async () => {
    const def = registry.get('inbound.order.status')
    if (!def || !changes || busy) return
    setBusy(true)
    try {
      // The dialog's orders are the command's selection (the grid may have lost focus or selection).
      const ctx = { ...buildCommandContext(), selection: ids.map((id) => ({ id })) }
      const out = await runCommand(def, { ctx, args: { ids, status: target } as never })
      if (out.status === 'ok') onClose()
    } finally {
      setBusy(false)
    }
  }

  const titleId = `${uid}-title`
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} testId="inbound-order-status" className="max-h-[85vh] w-full max-w-2xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <h2 id={titleId} className="mb-3 text-base font-semibold">{t('inbound:order.status.title', { count: ids.length })}</h2>
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor={`${uid}-target`}>{t('inbound:order.status.target')}</label>
        <select id={`${uid}-target`} autoFocus className="h-8 rounded border border-gray-300 px-2" value={target} data-testid="order-status-target"
          onChange={(e) => setTarget(Number(e.target.value))}>
          {MANUAL_TARGETS.map((s) => <option key={s} value={s}>{label(s)}</option>)}
        </select>
      </div>
      {preview.isPending && <p role="status" className="mt-3 text-sm text-gray-500">{t('common:loading')}</p>}
      {preview.isError && <p role="alert" className="mt-3 text-sm text-red-600">{(preview.error as Error).message}</p>}
      {preview.isSuccess && (
        <table className="mt-3 w-full text-sm" data-testid="order-status-preview" aria-live="polite">
          <thead className="text-left text-gray-500">
            <tr><th className="py-1">{t('inbound:order.fields.orderNo')}</th><th>{t('inbound:order.fields.status')}</th><th>{t('inbound:order.status.target')}</th><th /></tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-t" data-change={r.change}>
                <td className="py-1">{r.orderNo ?? r.id}</td>
                <td>{label(r.from)}</td>
                <td>{label(r.to)}</td>
                <td className={r.change ? 'text-green-700' : 'text-red-700'}>{r.change ? t('inbound:order.status.change') : `${t('inbound:order.status.refused')}: ${r.message}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview.isSuccess && changes === 0 && <p role="alert" className="mt-2 text-sm text-red-700">{t('inbound:order.status.nothing')}</p>}
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose}>{t('common:cancel')}</button>
        <button ref={confirmRef} type="button" className="h-8 rounded bg-[var(--theme,#1890ff)] px-3 text-sm text-white disabled:opacity-50" disabled={!changes || busy}
          data-testid="order-status-confirm" onClick={() => void confirm()}>
          {t('inbound:order.status.confirm', { count: changes })}
        </button>
      </div>
    </Modal>
  )
}
