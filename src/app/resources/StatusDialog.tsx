// Bulk status change (issue 3 section 4): the chosen target status, a server preview of every selected
// row — changes, or refused with the reason in the operator's language — and one confirm that runs
// resource.<name>.status {ids, status} as one command (one transaction, audited).
import { useEffect, useId, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { commandIdOf, titleKeyOf, type ResourceDef } from '../../domain/resource'
import { dictLabelKey } from '../../domain/dictionaries'
import { ApiError } from '../api/clients'
import { Select } from '../forms'
import { Modal } from '../palette/focus'
import { getRuntime } from '../commands/run'
import { showToast } from '../state/toast'
import { statusPreview, type StatusResult } from './api'
import { dictOptions } from './columns'
import { gridIdOf } from './ids'

export function StatusDialog({ def, ids, status, onClose }: { def: ResourceDef<any>; ids: (number | string)[]; status?: number | string; onClose(): void }) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const st = def.status!
  const options = dictOptions(st.dict)
  const [target, setTarget] = useState<number | string>(status ?? st.disabled)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const selectId = useId()
  const titleId = `resource-status-title-${def.name}`
  const preview = useQuery({ queryKey: ['statusPreview', def.name, ids, target], queryFn: () => statusPreview(def.name, ids, target), retry: false, staleTime: 0 })
  const rows = preview.data?.rows ?? []
  const changes = preview.data?.changes ?? rows.filter((r) => r.change).length
  const label = (v: unknown) => (v === null || v === undefined ? '—' : t(dictLabelKey(st.dict, v as string)))

  // Enter confirms once the preview is in (the status picker stays one Shift+Tab away).
  useEffect(() => { if (preview.isSuccess && changes > 0) confirmRef.current?.focus() }, [preview.isSuccess, changes, target])

  const confirm = async () => {
    if (!changes || busy) return
    setBusy(true)
    setError(null)
    try {
      const r = await getRuntime().callServer<StatusResult>(commandIdOf(def, 'status'), { ids: ids.map(Number), status: target })
      await qc.invalidateQueries({ queryKey: ['grid', gridIdOf(def)] })
      qc.removeQueries({ queryKey: ['resourceRow', def.name] })
      // Names the resource and the status set, and how many were refused when any were.
      const done = 'resources-ui:status.done'
      showToast('success', t(r.refused.length ? 'counts:withRefused' : done, { done, title: t(titleKeyOf(def)), count: r.changed.length, refused: r.refused.length, status: label(target) }))
      onClose()
    } catch (e) {
      setError(e instanceof ApiError ? e.message : (e as Error).message)
    } finally {
      setBusy(false)
    }
  }

  const field = { id: selectId, name: 'status', value: target, onChange: (v: number | string | undefined | null) => { if (v !== undefined && v !== null) setTarget(v) }, onBlur: () => {}, invalid: false, errorId: `${selectId}-e` }
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} testId={`resource-status-${def.name}`} className="max-h-[85vh] w-full max-w-2xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <h2 id={titleId} className="mb-3 text-base font-semibold">{t('resources-ui:status.title', { title: t(titleKeyOf(def)), count: ids.length })}</h2>
      <Select label="resources-ui:status.target" field={field} options={options} />
      {preview.isPending && <p role="status" className="mt-3 text-sm text-gray-500">{t('common:loading')}</p>}
      {preview.isError && <p role="alert" className="mt-3 text-sm text-red-600">{(preview.error as Error).message}</p>}
      {preview.data && (
        <section className="mt-3 flex flex-col gap-2 text-sm" aria-live="polite">
          <p data-testid="status-summary">{t('resources-ui:status.summary', { changes, refused: preview.data.refused ?? rows.length - changes })}</p>
          <div className="max-h-72 overflow-auto rounded border">
            <table className="w-full text-xs" data-testid="status-preview">
              <caption className="sr-only">{t('resources-ui:status.caption')}</caption>
              <thead className="sticky top-0 bg-gray-50">
                <tr>
                  <th scope="col" className="px-2 py-1 text-left">{t('resources-ui:status.row')}</th>
                  <th scope="col" className="px-2 py-1 text-left">{t('resources-ui:status.from')}</th>
                  <th scope="col" className="px-2 py-1 text-left">{t('resources-ui:status.to')}</th>
                  <th scope="col" className="px-2 py-1 text-left">{t('resources-ui:status.verdict')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={String(r.id)} className="border-t" data-change={r.change}>
                    <td className="px-2 py-1">{r.label ?? `#${String(r.id)}`}</td>
                    <td className="px-2 py-1">{label(r.from)}</td>
                    <td className="px-2 py-1">{label(r.to)}</td>
                    <td className={`px-2 py-1 ${r.change ? 'text-green-700' : 'text-amber-700'}`}>
                      {r.change ? t('resources-ui:status.willChange') : (r.message ?? (r.reason ? t(r.reason) : t('resources-ui:status.refused')))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {error && <p role="alert" className="mt-2 text-sm text-red-600">{error}</p>}
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose}>{t('common:cancel')}</button>
        <button ref={confirmRef} type="button" className="h-8 rounded bg-[var(--theme,#1890ff)] px-3 text-sm text-white disabled:opacity-50"
          disabled={!changes || busy || !preview.isSuccess} onClick={() => void confirm()} data-testid="status-confirm">
          {t('resources-ui:status.confirm', { count: changes })}
        </button>
      </div>
    </Modal>
  )
}
