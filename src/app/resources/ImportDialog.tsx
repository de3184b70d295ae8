// Excel import of a resource (issue 3 section 4): download the template, choose ONE xls/xlsx file
// (spec section 5 rules checked here first, then by the server), and the server's dry run lists EVERY
// bad row and cell at once in the operator's language. Nothing is written until "Confirm import",
// enabled only when the dry run found no error; the commit is the resource.<name>.import command
// ({token}), one transaction on the server.
// With `action` (an extra action declaring a `sheet`, e.g. the styles' L/T-days import) the same
// dialog works over the action's template and dry-run endpoints, and the commit runs
// resource.<name>.<action> with the dry run's checked rows ({rows}), re-validated on the server.
// With `custom` (a document import that is not a resource, e.g. inbound orders) the same dialog works
// over the given endpoints and commit command ({rows}); the dry run may report `creates`.
import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { commandIdOf, titleKeyOf, type ResourceAction, type ResourceDef } from '../../domain/resource'
import { checkUpload, UPLOAD_RULES } from '../../domain/upload'
import { ApiError } from '../api/clients'
import { Modal } from '../palette/focus'
import { getRuntime } from '../commands/run'
import { exportDownload } from '../lib/download'
import { showToast } from '../state/toast'
import { importDryRun, resourceUrl, sheetDryRun, type DryRunResult, type ImportResult } from './api'
import { gridIdOf } from './ids'

/** A dry run's answer; a sheet action's also carries the checked rows its command takes. */
type Checked = DryRunResult & { rows?: Record<string, unknown>[] }
/** A sheet import that is not a resource's: its endpoints, commit command and names. */
export interface CustomSheet {
  titleKey: string
  template: string
  dryRun: string
  /** Server command run with {rows} of the clean dry run; answers {created?|updated?}. */
  commandId: string
  /** i18n key of the result ({count}). */
  doneKey: string
  /** react-query key ['grid', gridId] refreshed after the import. */
  gridId: string
  testId: string
  /** i18n key of a column's label by its field name. */
  columnKey: (field: string) => string
}

type Phase = { kind: 'idle' } | { kind: 'checking' } | { kind: 'checked'; result: Checked } | { kind: 'importing'; result: Checked } | { kind: 'done'; message: string }

export function ImportDialog({ def: resourceDef, action, custom, onClose }: { def?: ResourceDef<any>; /** A sheet action instead of the resource's own import. */ action?: ResourceAction; custom?: CustomSheet; onClose(): void }) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' })
  const [fileError, setFileError] = useState<string | null>(null)
  const [fileName, setFileName] = useState<string | null>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  // A custom sheet stands in for a resource: its names drive the ids, title and column labels.
  const def = resourceDef ?? ({ name: custom!.testId, ns: '', fields: {} } as unknown as ResourceDef<any>)
  const sheet = custom ?? action?.sheet
  const titleId = `resource-import-title-${def.name}`
  const entity = custom ? t(custom.titleKey) : t(titleKeyOf(def))

  const template = async () => {
    try {
      const file = await exportDownload(sheet ? sheet.template : `${resourceUrl(def.name)}/template`)
      showToast('success', t('grid:export.done', { file }))
    } catch (e) {
      showToast('error', e instanceof ApiError ? e.message : (e as Error).message)
    }
  }

  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0]
    // Spec: the file list is cleared first; one file at a time.
    setPhase({ kind: 'idle' })
    setFileError(null)
    setFileName(file?.name ?? null)
    if (!file) return
    if ((input.files?.length ?? 0) > 1) { setFileError(t('resources-ui:import.oneFile')); return }
    const check = checkUpload(UPLOAD_RULES.template, file.name, file.size)
    if (!check.ok) { setFileError(t(check.messageKey, check.params)); return }
    setPhase({ kind: 'checking' })
    try {
      if (sheet) {
        // Update-only: every checked row updates one existing row.
        const r = await sheetDryRun(sheet.dryRun, file)
        const made = (r as { creates?: number }).creates
        setPhase({ kind: 'checked', result: { token: null, total: r.total, creates: made ?? 0, updates: made === undefined ? r.rows.length : 0, errors: r.errors, rows: r.rows } })
      } else {
        setPhase({ kind: 'checked', result: await importDryRun(def.name, file) })
      }
    } catch (e) {
      setPhase({ kind: 'idle' })
      setFileError(e instanceof ApiError ? (e.errors?.[0]?.message ?? e.message) : (e as Error).message)
    } finally {
      // The same file may be chosen again after it was fixed.
      input.value = ''
    }
  }

  const result = phase.kind === 'checked' || phase.kind === 'importing' ? phase.result : null
  const canImport = phase.kind === 'checked' && !!result && result.errors.length === 0 && result.total > 0 && (sheet ? !!result.rows?.length : !!result.token)

  const commit = async () => {
    if (!canImport || !result) return
    setPhase({ kind: 'importing', result })
    try {
      if (custom) {
        const r = await getRuntime().callServer<{ created?: number; updated?: number }>(custom.commandId, { rows: result.rows })
        setPhase({ kind: 'done', message: t(custom.doneKey, { count: r?.created ?? r?.updated ?? result.rows!.length }) })
        await qc.invalidateQueries({ queryKey: ['grid', custom.gridId] })
        return
      } else if (action && sheet) {
        const r = await getRuntime().callServer<{ updated?: number }>(commandIdOf(def, action.action), { rows: result.rows })
        setPhase({ kind: 'done', message: t(sheet.doneKey, { count: r?.updated ?? result.rows!.length }) })
      } else {
        const r = await getRuntime().callServer<ImportResult>(commandIdOf(def, 'import'), { token: result.token })
        setPhase({ kind: 'done', message: t('resources-ui:import.done', { created: r.created, updated: r.updated }) })
      }
      await qc.invalidateQueries({ queryKey: ['grid', gridIdOf(def)] })
      qc.removeQueries({ queryKey: ['refOptions', def.name] })
    } catch (e) {
      setPhase({ kind: 'checked', result })
      // A sheet command re-checks its rows under lock: name the first refusal's row when it has one.
      setFileError(e instanceof ApiError ? (e.errors?.[0]?.message ?? e.message) : (e as Error).message)
    }
  }

  // Keyboard: after a clean dry run Enter confirms; after the import, Enter closes.
  useEffect(() => { if (canImport) confirmRef.current?.focus() }, [canImport])
  useEffect(() => { if (phase.kind === 'done') closeRef.current?.focus() }, [phase.kind])

  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} testId={custom ? custom.testId : action ? `resource-import-${def.name}-${action.action}` : `resource-import-${def.name}`} className="max-h-[85vh] w-full max-w-3xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <h2 id={titleId} className="mb-3 text-base font-semibold">{custom ? entity : action ? t(action.title) : t('resources-ui:import.title', { title: entity })}</h2>
      <ol className="flex flex-col gap-3 text-sm">
        <li className="flex items-center gap-2">
          <span>{t('resources-ui:import.step1')}</span>
          <button type="button" className="h-8 rounded border px-3" onClick={() => void template()} data-testid="import-template">{t('resources-ui:import.template')}</button>
        </li>
        <li className="flex flex-col gap-1">
          <label htmlFor={`import-file-${def.name}`}>{t('resources-ui:import.step2', { formats: UPLOAD_RULES.template.extensions.join(', '), limit: UPLOAD_RULES.template.maxMb })}</label>
          <input id={`import-file-${def.name}`} type="file" autoFocus accept={UPLOAD_RULES.template.extensions.map((x) => `.${x}`).join(',')}
            className="text-sm" onChange={(e) => void onFile(e.currentTarget)} aria-invalid={!!fileError || undefined}
            aria-describedby={fileError ? `import-file-error-${def.name}` : undefined} data-testid="import-file" />
          {fileName && <span className="text-xs text-gray-500" data-testid="import-file-name">{fileName}</span>}
          {fileError && <p id={`import-file-error-${def.name}`} role="alert" className="text-xs text-red-600" data-testid="import-file-error">{fileError}</p>}
        </li>
      </ol>
      {phase.kind === 'checking' && <p role="status" className="mt-3 text-sm text-gray-500">{t('resources-ui:import.checking')}</p>}
      {result && <DryRunReport def={def} result={result} title={entity} columnKey={custom?.columnKey} />}
      {phase.kind === 'done' && (
        <p role="status" className="mt-3 rounded bg-green-50 px-3 py-2 text-sm text-green-800" data-testid="import-done">
          {phase.message}
        </p>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <button ref={closeRef} type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose}>{t(phase.kind === 'done' ? 'common:close' : 'common:cancel')}</button>
        {phase.kind !== 'done' && (
          <button ref={confirmRef} type="button" className="h-8 rounded bg-[var(--theme,#1890ff)] px-3 text-sm text-white disabled:opacity-50"
            disabled={!canImport} onClick={() => void commit()} data-testid="import-confirm">
            {phase.kind === 'importing' ? t('resources-ui:import.importing') : t('resources-ui:import.confirm')}
          </button>
        )}
      </div>
    </Modal>
  )
}

function DryRunReport({ def, result, title, columnKey }: { def: ResourceDef<any>; result: DryRunResult; title: string; columnKey?: (field: string) => string }) {
  const { t } = useTranslation()
  const errors = result.errors
  return (
    <section className="mt-3 flex flex-col gap-2 text-sm" aria-live="polite" data-testid="import-report">
      <p data-testid="import-summary">
        {errors.length
          ? t('resources-ui:import.hasErrors', { count: errors.length, rows: new Set(errors.map((e) => e.row)).size, total: result.total })
          : t('resources-ui:import.clean', { total: result.total, creates: result.creates, updates: result.updates })}
      </p>
      {errors.length > 0 && (
        <div className="max-h-72 overflow-auto rounded border">
          <table className="w-full text-xs" data-testid="import-errors">
            <caption className="sr-only">{t('resources-ui:import.errorsCaption', { title })}</caption>
            <thead className="sticky top-0 bg-gray-50">
              <tr>
                <th scope="col" className="px-2 py-1 text-left">{t('resources-ui:import.row')}</th>
                <th scope="col" className="px-2 py-1 text-left">{t('resources-ui:import.column')}</th>
                <th scope="col" className="px-2 py-1 text-left">{t('resources-ui:import.message')}</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((e, i) => (
                <tr key={`${e.row}-${e.field}-${i}`} className="border-t">
                  <td className="px-2 py-1 tabular-nums">{e.row}</td>
                  <td className="px-2 py-1">{e.column || (columnKey ? t(columnKey(e.field)) : def.fields[e.field] ? t(`${def.ns}:${def.name}.fields.${e.field}`) : e.field)}</td>
                  <td className="px-2 py-1 text-red-700">{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
