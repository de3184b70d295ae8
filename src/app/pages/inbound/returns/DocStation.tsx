// A two-step scan station over one document (returns receipt, quick inbound), declared by its page
// (defineStation: steps doc → item → done, the document's scan kind at every step) and drawn by the
// kit's StationScreen: scan the document number, then items; each item scan is one server command through the station kit's queue (own
// Idempotency-Key, strictly in order, kept while the network is away) answered by a tone and the big
// status line; the lines are re-read after every answer. Alt+Q sets the quantity of the next scan;
// the page's actions (finish, cancel …) have their own Alt keys; Esc on an empty field opens another
// document. Shared by the returns and quick-inbound pages (same behaviour at both benches).
import { useCallback, useRef, useState, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { session } from '../../../state/session'
import {
  SideField, StationScreen, classifyScan, commandSender, defineStation, focusField, msg, refusal, statusText, useScanQueue, useStationFeedback,
  type KeyHint, type ScanKind, type StationDef, type StationText, type StepModel,
} from '../../../station'

export interface DocLine { key: string | number; skuCode: string; codes?: string; qty: number; received: number }
/** `summary` is a key and params (msg), drawn in the current language; `doubleReadMs` the warehouse's double-read guard (0: off). */
export interface DocView { no: string; summary: StationText; closed: boolean; pending: number; lines: DocLine[]; doubleReadMs?: number }
/** An action of the open document on its Alt+letter (`letter`), also a button; the station's declaration lists its key hint. */
export interface StationAction { letter: string; labelKey: string; testId: string; run(no: string): Promise<boolean> }
export type DocStep = 'doc' | 'item' | 'done'

/**
 * A document station's declaration: title and steps from `<ns>.title` / `<ns>.step.document|item|done`,
 * the document's own number at every step (an item at the item step), and the page's Alt keys between
 * the kit's (Enter, Alt+Q) and Esc.
 */
export function defineDocStation(id: string, ns: string, document: ScanKind, pageHints: readonly KeyHint[]): StationDef<DocStep> {
  const k = (key: string) => `${ns}.${key}`
  return defineStation<DocStep>({
    id,
    titleKey: k('title'),
    idleKey: k('step.document'),
    steps: [
      { id: 'doc', promptKey: k('step.document') },
      { id: 'item', promptKey: k('step.item') },
      { id: 'done', promptKey: k('step.done') },
    ],
    accepts: { doc: [document], item: [document, 'sku'], done: [document] },
    hints: [
      { keys: 'Enter', labelKey: 'inbound:returns.keys.enter' },
      { keys: 'Alt+Q', labelKey: 'inbound:returns.keys.qty' },
      ...pageHints,
      { keys: 'Esc', labelKey: 'inbound:returns.keys.back' },
    ],
  })
}

export interface DocStationProps<A, R> {
  /** The page's declaration: its id names the test ids (`<id>-station`, `<id>-station-doc` …) and the scan queue's storage. */
  def: StationDef<DocStep>
  /** i18n key of the document's name, for a scan that is not its number ("… number expected"). */
  documentKey: string
  /** The document (throws an ApiError when it does not exist). */
  load(no: string): Promise<DocView>
  loadedMessage(v: DocView): StationText
  scanCommand: string
  argsOf(no: string, code: string, qty: number): A
  /** What an accepted scan says, and whether it closed the document. */
  answer(r: R): { message: StationText; closed: boolean }
  actions: readonly StationAction[]
  /** The document to open on mount (?returnNo=, a just-created one, a row of the recent list): the page
   *  remounts the station (key) to open another, so nothing here reacts to prop changes in an effect. */
  open?: { no: string; seq: number }
  /** False while a form of the page has the keyboard (the scan field stops pulling focus). */
  active?: boolean
  /** The page's create form, between the header and the status line. */
  above?: ReactNode
  children?: ReactNode
}

const docKey = (station: string, no: string) => ['station', station, no]
/** The document number a scan was for. */
const docOf = (args: unknown) => String((args as { returnNo?: string; taskNo?: string }).returnNo ?? (args as { taskNo?: string }).taskNo ?? '')

export function DocStation<A, R>(p: DocStationProps<A, R>) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const fb = useStationFeedback()
  const testId = `${p.def.id}-station`
  // The open document is query data keyed by its number; the step follows from it (no effects).
  const [docNo, setDocNo] = useState<string | undefined>(p.open?.no.toUpperCase())
  const docQ = useQuery({ queryKey: docKey(testId, docNo ?? ''), queryFn: () => p.load(docNo!), enabled: !!docNo, retry: false })
  const doc = docNo ? docQ.data ?? null : null
  const stepIndex = !doc ? 0 : doc.closed ? 2 : 1
  const steps: StepModel = { steps: p.def.steps, index: stepIndex, current: p.def.steps[stepIndex]!, go: () => {}, next: () => {}, reset: () => setDocNo(undefined) }
  const [qty, setQty] = useState('1')
  const scanRef = useRef<HTMLInputElement>(null)
  const qtyRef = useRef<HTMLInputElement>(null)

  const load = useCallback(async (no: string, announce: boolean) => {
    try {
      const v = await qc.fetchQuery({ queryKey: docKey(testId, no.toUpperCase()), queryFn: () => p.load(no), staleTime: 0 })
      qc.setQueryData(docKey(testId, v.no), v)
      setDocNo(v.no)
      if (announce) { if (v.closed) fb.error(v.summary); else fb.info(p.loadedMessage(v)) }
      return v
    } catch (e) {
      if (announce) fb.error(refusal(e))
      return null
    }
  }, [fb, p, qc, testId])

  const { queue, pending } = useScanQueue<A, R>({
    send: commandSender<A, R>(p.scanCommand),
    storageKey: `station:${testId}:${session.userId}:${session.tenantId}:${session.warehouseId}`,
    onDone: (item, r) => {
      const a = p.answer(r)
      fb.ok(a.message)
      void load(docOf(item.args), false)
    },
    onRefused: (item, e) => {
      fb.error(refusal(e))
      void load(docOf(item.args), false)
    },
    onRetry: () => fb.info(msg('inbound:station.network')),
  })

  const onScan = (raw: string) => {
    const m = classifyScan(p.def, doc ? steps.current.id as DocStep : 'doc', raw)
    if (!m) { fb.error(msg('inbound:station.notDocument', { code: raw.trim(), document: msg(p.documentKey) })); return }
    // The document's number opens it (its own number again: nothing to do); any other code is an item.
    if (m.kind !== 'sku') return m.code !== doc?.no ? load(m.code, true) : undefined
    if (!doc) return
    const code = raw.trim()
    const n = Number(qty)
    const q = Number.isInteger(n) && n > 0 ? n : 1
    queue.enqueue(p.argsOf(doc.no, code, q), q === 1 ? code : `${code} ×${q}`)
    setQty('1')
  }

  const runAction = async (a: StationAction) => {
    if (!doc) return
    if (await a.run(doc.no)) {
      const v = await load(doc.no, false)
      if (v?.closed) fb.ok(v.summary)
    }
    scanRef.current?.focus()
  }

  const keys: Record<string, () => void> = { q: () => focusField(qtyRef.current) }
  for (const a of p.actions) keys[a.letter] = () => void runAction(a)
  return (
    <StationScreen def={p.def} steps={steps} status={fb.status ?? (doc ? { kind: 'info', text: doc.closed ? doc.summary : p.loadedMessage(doc), seq: 0 } : null)}
      doubleRead={doc?.doubleReadMs ? { ms: doc.doubleReadMs, onDropped: (code, ms) => fb.error(msg('inbound:station.doubleRead', { code, ms })) } : undefined}
      pending={pending} onScan={onScan} scanRef={scanRef} active={p.active ?? true} keys={keys} above={p.above}
      onBack={() => { setDocNo(undefined); fb.clear() }}
      scanLabelKey={steps.current.id === 'item' ? p.def.steps[1]!.promptKey : p.def.steps[0]!.promptKey}
      fields={<SideField inputRef={qtyRef} value={qty} onChange={setQty} numeric labelKey="inbound:returns.station.qty" testId="station-qty" />}>
      {doc && (
        <div className="flex flex-col gap-2" data-testid={`${testId}-doc`} data-no={doc.no} data-closed={doc.closed}>
          <p className="text-sm text-slate-700" data-testid={`${testId}-summary`}>{statusText(doc.summary, (k, x) => String(t(k, x as never)))}</p>
          <div className="flex gap-2">
            {p.actions.map((a) => (
              <button key={a.testId} type="button" data-testid={a.testId} disabled={doc.closed} onClick={() => void runAction(a)}
                className="rounded border px-3 py-1 text-sm disabled:opacity-40">{t(a.labelKey)} <kbd className="text-xs text-slate-500">Alt+{a.letter.toUpperCase()}</kbd></button>
            ))}
          </div>
          <table className="w-full text-sm" data-testid={`${testId}-lines`}>
            <thead className="bg-slate-100 text-left">
              <tr>
                <th className="px-2 py-1">{t('inbound:returns.fields.skuCode')}</th>
                <th className="px-2 py-1">{t('inbound:quick.fields.codes')}</th>
                <th className="px-2 py-1 text-right">{t('inbound:returns.fields.qty')}</th>
                <th className="px-2 py-1 text-right">{t('inbound:returns.fields.receivedQty')}</th>
              </tr>
            </thead>
            <tbody>
              {doc.lines.map((l) => (
                <tr key={l.key} data-sku={l.skuCode} data-received={l.received} className={`border-b ${l.received >= l.qty ? 'text-slate-400' : ''}`}>
                  <td className="px-2 py-1 font-mono">{l.skuCode}</td>
                  <td className="px-2 py-1 font-mono text-xs">{l.codes ?? ''}</td>
                  <td className="px-2 py-1 text-right">{l.qty}</td>
                  <td className="px-2 py-1 text-right font-semibold">{l.received}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {p.children}
    </StationScreen>
  )
}
