// Batch add transfer orders (stock-out-allot → allot-batch-add, component 'stock-out-allot/allot-batch-add'):
// rows pasted from a sheet (tab or comma separated: order reference, to warehouse code, SKU, quantity, batch,
// remark; rows sharing a reference make one order). Check (Ctrl+Enter) runs the command's dry run: every bad
// row named with its problem (unknown warehouse, the same warehouse, an unknown SKU, "transfer count not above
// maximum" counted over the whole sheet), nothing written. Create makes the orders in one transaction — all
// or none — and lists their numbers (each opens the order).
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { runCommandById } from '../../commands/run'
import { docInputCls } from '../documents/formParts'
import { primaryFocusProps } from '../../router/arrival'
import { transferDetailPath, type BatchResult } from '../../../../commands/transfers'

interface ParsedRow { ref: string; toWarehouseCode: string; code: string; qty: number; batchNo: string | null; remark: string | null }

/** Sheet rows → command rows; a row missing a part (or a whole quantity) is named by its number. */
export function parseRows(text: string): { rows: ParsedRow[]; bad: number[] } {
  const rows: ParsedRow[] = []
  const bad: number[] = []
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return
    const parts = line.split(line.includes('\t') ? '\t' : ',').map((p) => p.trim())
    const [ref, to, code, qty, batchNo, remark] = parts
    const n = Number(qty)
    if (!ref || !to || !code || !Number.isInteger(n) || n < 1) { bad.push(i + 1); return }
    rows.push({ ref, toWarehouseCode: to, code, qty: n, batchNo: batchNo || null, remark: remark || null })
  })
  return { rows, bad }
}

export default function TransferBatchPage() {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [result, setResult] = useState<BatchResult | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async (dryRun: boolean) => {
    const { rows, bad } = parseRows(text)
    setError(bad.length ? bad.map((row) => t('transfers:batch.badLine', { row })).join(' · ') : null)
    if (bad.length || !rows.length || busy) return
    setBusy(true)
    try {
      const out = await runCommandById('transfer.order.batchCreate', { dryRun, rows })
      if (out.status === 'ok') setResult(out.result as BatchResult)
      else if (out.status === 'failed') setError(out.error instanceof Error ? out.error.message : String(out.error))
    } finally { setBusy(false) }
  }
  return (
    <div className="flex max-w-5xl flex-col gap-3" data-testid="transfer-batch"
      onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void run(true) } }}>
      <h2 className="text-base font-semibold">{t('transfers:title.batch')}</h2>
      <p className="text-sm text-slate-700" id="transfer-batch-help">{t('transfers:batch.help')}</p>
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-gray-700">{t('transfers:batch.paste')}</span>
        <textarea {...primaryFocusProps()} aria-describedby="transfer-batch-help" data-testid="transfer-batch-rows" rows={8}
          className={`${docInputCls(false)} h-40 py-1 font-mono`} value={text} onChange={(e) => { setText(e.target.value); setResult(null) }} />
      </label>
      <div className="flex gap-2">
        <button type="button" className="h-8 rounded border px-3 text-sm" disabled={busy} data-testid="transfer-batch-check" onClick={() => void run(true)}>{t('transfers:batch.check')} (Ctrl+Enter)</button>
        <button type="button" className="h-8 rounded bg-[var(--theme,#1890ff)] px-3 text-sm text-white disabled:opacity-50" data-testid="transfer-batch-create"
          disabled={busy || !result || !result.dryRun || result.issues.length > 0} onClick={() => void run(false)}>{t('transfers:batch.create')}</button>
      </div>
      {error && <p role="alert" className="text-sm text-red-700" data-testid="transfer-batch-error">{error}</p>}
      {result && (
        <section data-testid="transfer-batch-result" aria-live="polite">
          <p className="text-sm">{t('transfers:batch.summary', { rows: result.rows, orders: result.orders, issues: result.issues.length })}</p>
          {result.dryRun && result.issues.length === 0 && <p className="text-sm text-green-800">{t('transfers:batch.clean')}</p>}
          {result.issues.length > 0 && (
            <table className="mt-1 w-full text-sm" data-testid="transfer-batch-issues">
              <thead className="bg-slate-100 text-left"><tr><th className="px-2 py-1">{t('transfers:batch.row')}</th><th className="px-2 py-1">{t('transfers:batch.problem')}</th></tr></thead>
              <tbody>
                {result.issues.map((i) => (
                  <tr key={`${i.row}-${i.field}`} className="border-b"><td className="px-2 py-1">{i.row}</td><td className="px-2 py-1">{t(i.messageKey, i.params)}</td></tr>
                ))}
              </tbody>
            </table>
          )}
          {!result.dryRun && (
            <p className="mt-1 text-sm" data-testid="transfer-batch-created">
              {t('transfers:done.batchCreated', { count: result.created.length })}:{' '}
              {result.created.map((c) => <Link key={c.transferNo} href={transferDetailPath(c.transferNo)} className="mr-2 font-mono text-sky-800 underline">{c.transferNo}</Link>)}
            </p>
          )}
        </section>
      )}
    </div>
  )
}
