// Quality inspection (stock-in → test-list, component 'stock-in/test-list'). Without ?station the list
// of inspection orders (number, inbound order, kind, status, qty, pass, fail, generated document);
// Enter on a row (or the palette's "open station", or typing a QC… number in the palette) opens the
// inspection station at ?station=<no>. The station: scan the inspection number, then SKU / UPC /
// FNSKU codes — each scan records 1 (or the typed quantity) as passed, or as failed in fail mode
// (Alt+F toggles); one `inbound.inspection.record` per scan through the scan queue. Alt+C completes
// (undecided units pass after a confirmation), Alt+G generates the shelving / transfer order and
// shows its number. Esc on an empty field goes back to the document step.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { api } from '../../../api/clients'
import { session } from '../../../state/session'
import { runCommandById } from '../../../commands/run'
import { askConfirm } from '../../../commands/interaction'
import { DataGrid, type GridColumn, type GridQuery } from '../../../grid'
import { dictOptions } from '../../../resources/columns'
import { formatTime } from '../../../../domain/format'
import { dictLabelKey, InspectionKind, InspectionStatus } from '../../../../domain/dictionaries'
import { SideField, StationScreen, classifyScan, focusField, commandSender, defineStation, msg, refusal, useScanQueue, useStationFeedback, useSteps } from '../../../station'
import type { InspectionGenerateResult, InspectionRecordArgs, InspectionRecordResult, InspectionView } from '../../../../../commands/inspection'
import { usePageSearch } from '../../kit'

export interface InspectionRecord extends Record<string, unknown> {
  id: number; inspectionNo: string; orderNo: string; kind: number; status: number; qty: number; passQty: number; failQty: number
  generatedNo: string | null; createdAt: string; completedAt: string | null
}

const opts = (code: string) => dictOptions(code).map((o) => ({ value: String(o.value), labelKey: o.labelKey }))

export const inspectionColumns: GridColumn<InspectionRecord>[] = [
  { id: 'inspectionNo', titleKey: 'inbound:inspection.col.inspectionNo', width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'orderNo', titleKey: 'inbound:inspection.col.orderNo', width: 150, sortable: true, filter: 'text' },
  { id: 'kind', titleKey: 'inbound:inspection.col.kind', width: 130, sortable: true, filter: 'enum', enumDict: opts('inspectionKind') },
  { id: 'status', titleKey: 'inbound:inspection.col.status', width: 130, sortable: true, filter: 'enum', enumDict: opts('inspectionStatus') },
  { id: 'qty', titleKey: 'inbound:inspection.col.qty', width: 80, sortable: true, align: 'right' },
  { id: 'passQty', titleKey: 'inbound:inspection.col.passQty', width: 80, align: 'right' },
  { id: 'failQty', titleKey: 'inbound:inspection.col.failQty', width: 80, align: 'right' },
  { id: 'generatedNo', titleKey: 'inbound:inspection.col.generatedNo', width: 150, render: (r) => r.generatedNo ?? '—' },
  { id: 'createdAt', titleKey: 'inbound:inspection.col.createdAt', width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt) },
]

export const fetchInspections = (q: GridQuery) => api.get<{ records: InspectionRecord[]; total: number }>('/api/inbound/inspections', q)

export default function InspectionPage() {
  const search = usePageSearch()
  const [loc, navigate] = useLocation()
  const station = new URLSearchParams(search).get('station')
  if (station !== null) return <InspectionStation initialNo={station === '1' || station === '' ? null : station} onBack={() => navigate(loc, { replace: true })} />
  return (
    <div className="flex flex-col" data-testid="inspection-list">
      <DataGrid<InspectionRecord>
        gridId="test-list" titleKey="inbound:inspection.title" columns={inspectionColumns} fetcher={fetchInspections}
        defaultSort="createdAt:desc" rowId={(r) => String(r.id)}
        onOpen={(r) => navigate(`${loc}?station=${encodeURIComponent(r.inspectionNo)}`)}
      />
    </div>
  )
}

const I = (k: string) => `inbound:inspection.${k}`
type Step = 'doc' | 'item' | 'done'

export const INSPECTION_STATION = defineStation<Step>({
  id: 'inspection',
  titleKey: I('stationTitle'),
  idleKey: I('noDoc'),
  steps: [
    { id: 'doc', promptKey: I('step.scanDoc') },
    { id: 'item', promptKey: I('step.scanItem') },
    { id: 'done', promptKey: I('step.done') },
  ],
  // Another inspection's number opens it at any step; a SKU scanned on a completed inspection is refused.
  accepts: { doc: ['inspection'], item: ['inspection', 'sku'], done: ['inspection', 'sku'] },
  hints: [
    { keys: 'Enter', labelKey: I('keys.enter') },
    { keys: 'Alt+F', labelKey: I('keys.mode') },
    { keys: 'Alt+Q', labelKey: I('keys.qty') },
    { keys: 'Alt+C', labelKey: I('keys.complete') },
    { keys: 'Alt+G', labelKey: I('keys.generate') },
    { keys: 'Esc', labelKey: I('keys.back') },
  ],
})

function InspectionStation({ initialNo, onBack }: { initialNo: string | null; onBack(): void }) {
  const { t } = useTranslation()
  const steps = useSteps(INSPECTION_STATION.steps)
  const fb = useStationFeedback()
  const [insp, setInsp] = useState<InspectionView | null>(null)
  const [mode, setMode] = useState<'pass' | 'fail'>('pass')
  const [qty, setQty] = useState('1')
  const [lastLine, setLastLine] = useState<number | null>(null)
  const scanRef = useRef<HTMLInputElement>(null)
  const qtyRef = useRef<HTMLInputElement>(null)

  const show = useCallback((v: InspectionView) => {
    setInsp(v)
    steps.go(v.status === InspectionStatus.Completed ? 'done' : 'item')
  }, [steps])

  const load = useCallback(async (no: string, announce: boolean) => {
    try {
      const v = await api.get<InspectionView>(`/api/inbound/inspections/${encodeURIComponent(no)}`, undefined, { silent: true })
      show(v)
      if (announce) fb.info(msg('inbound:inspection.loaded', { no: v.inspectionNo, undecided: v.qty - v.passQty - v.failQty }))
      return v
    } catch (e) {
      if (announce) fb.error(refusal(e))
      return null
    }
  }, [fb, show])

  // A document number in the URL (list row, palette "go to document") opens it once, like a scan.
  useEffect(() => {
    if (initialNo) void Promise.resolve().then(() => load(initialNo, true))
  }, [initialNo]) // eslint-disable-line react-hooks/exhaustive-deps

  const { queue, pending } = useScanQueue<InspectionRecordArgs, InspectionRecordResult>({
    send: commandSender<InspectionRecordArgs, InspectionRecordResult>('inbound.inspection.record'),
    storageKey: `station:test-list:${session.userId}:${session.tenantId}:${session.warehouseId}`,
    onDone: (_item, r) => {
      setInsp(r.inspection)
      setLastLine(r.lineId)
      const line = r.inspection.lines.find((l) => l.id === r.lineId)
      fb.ok(msg(r.fail > 0 ? 'inbound:inspection.failed' : 'inbound:inspection.passed', {
        sku: line?.skuCode ?? '', qty: r.fail > 0 ? r.fail : r.pass, done: line ? line.passQty + line.failQty : 0, total: line?.qty ?? 0,
      }))
    },
    onRefused: (item, e) => {
      fb.error(refusal(e))
      void load(item.args.inspectionNo, false)
    },
    onRetry: () => fb.info(msg('inbound:station.network')),
  })

  const onScan = (raw: string) => {
    const m = classifyScan(INSPECTION_STATION, (insp ? steps.current.id : 'doc') as Step, raw)
    if (!m) { fb.error(msg('inbound:station.notDocument', { code: raw.trim(), document: msg(I('document')) })); return }
    if (m.kind === 'inspection') return m.code !== insp?.inspectionNo.toUpperCase() ? load(m.code, true) : undefined
    if (!insp) return
    if (insp.status === InspectionStatus.Completed) { fb.error(msg(I('errors.completed'), { no: insp.inspectionNo })); return }
    const code = raw.trim()
    const n = Number(qty)
    const q = Number.isInteger(n) && n > 0 ? n : 1
    const args: InspectionRecordArgs = { inspectionNo: insp.inspectionNo, code, pass: mode === 'pass' ? q : 0, fail: mode === 'fail' ? q : 0 }
    queue.enqueue(args, `${code} ${t(mode === 'pass' ? I('mode.pass') : I('mode.fail'))} ×${q}`)
    setQty('1')
  }

  const complete = async () => {
    if (!insp) return
    const undecided = insp.qty - insp.passQty - insp.failQty
    if (undecided > 0 && !(await askConfirm('inbound:inspection.passRestConfirm', { params: { count: undecided } }))) return
    const out = await runCommandById('inbound.inspection.complete', { inspectionNo: insp.inspectionNo, ...(undecided > 0 ? { passRest: true } : {}) })
    if (out.status !== 'ok') return
    show(out.result as InspectionView)
    fb.ok(msg('inbound:inspection.completed', { no: insp.inspectionNo }))
  }

  const generate = async () => {
    if (!insp) return
    const out = await runCommandById('inbound.inspection.generate', { inspectionNo: insp.inspectionNo })
    if (out.status !== 'ok') {
      if (out.status === 'failed') fb.error(refusal(out.error))
      return
    }
    const r = out.result as InspectionGenerateResult
    setInsp({ ...insp, generatedNo: r.generatedNo })
    fb.ok(msg('inbound:inspection.generated', { no: r.generatedNo }))
  }

  // Esc on the empty scan field: another inspection, or (none open) back to the list.
  const back = () => {
    if (!insp) { onBack(); return }
    setInsp(null)
    steps.go('doc')
    fb.clear()
  }

  const undecided = insp ? insp.qty - insp.passQty - insp.failQty : 0
  return (
    <StationScreen def={INSPECTION_STATION} steps={steps} status={fb.status} pending={pending} onScan={onScan} scanRef={scanRef} onBack={back}
      scanLabelKey={steps.current.id === 'item' ? I('step.scanItem') : I('step.scanDoc')}
      keys={{ f: () => setMode((m) => (m === 'pass' ? 'fail' : 'pass')), q: () => focusField(qtyRef.current), c: () => void complete(), g: () => void generate() }}
      fieldCols="grid-cols-[1fr_8rem_10rem]"
      fields={<>
        <SideField inputRef={qtyRef} value={qty} onChange={setQty} numeric labelKey={I('field.qty')} testId="station-qty" />
        <p className={`rounded px-3 py-2 text-center text-lg font-semibold ${mode === 'pass' ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'}`} data-testid="inspection-mode" data-mode={mode}>
          {t(mode === 'pass' ? I('mode.pass') : I('mode.fail'))}
        </p>
      </>}>
      {insp && (
        <section className="flex flex-col gap-2" data-testid="inspection-doc" data-no={insp.inspectionNo} data-status={insp.status}>
          <p className="text-sm text-slate-700" data-testid="inspection-summary">
            {t('inbound:inspection.summary', {
              no: insp.inspectionNo, orderNo: insp.orderNo, kind: t(dictLabelKey('inspectionKind', insp.kind)), status: t(dictLabelKey('inspectionStatus', insp.status)),
              qty: insp.qty, pass: insp.passQty, fail: insp.failQty, undecided,
            })}
          </p>
          {insp.generatedNo && (
            <p className="rounded bg-emerald-50 px-3 py-2 text-lg font-semibold text-emerald-800" data-testid="inspection-generated">
              {t(insp.kind === InspectionKind.PreInbound ? 'inbound:inspection.generatedShelving' : 'inbound:inspection.generatedTransfer', { no: insp.generatedNo })}
            </p>
          )}
          <table className="w-full text-sm" data-testid="inspection-lines">
            <thead className="bg-slate-100 text-left">
              <tr>
                {(['sku', 'batch', 'location', 'qty', 'pass', 'fail', 'undecided'] as const).map((c) => (
                  <th key={c} className={`px-2 py-1 ${['qty', 'pass', 'fail', 'undecided'].includes(c) ? 'text-right' : ''}`}>{t(`inbound:inspection.lineCol.${c}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {insp.lines.map((l) => (
                <tr key={l.id} data-sku={l.skuCode} className={`border-b ${l.id === lastLine ? 'bg-sky-50' : ''}`}>
                  <td className="px-2 py-1 font-mono">{l.skuCode}</td>
                  <td className="px-2 py-1">{l.batchNo}</td>
                  <td className="px-2 py-1 font-mono">{l.locationCode}</td>
                  <td className="px-2 py-1 text-right">{l.qty}</td>
                  <td className="px-2 py-1 text-right text-emerald-700" data-testid="line-pass">{l.passQty}</td>
                  <td className="px-2 py-1 text-right text-red-700" data-testid="line-fail">{l.failQty}</td>
                  <td className="px-2 py-1 text-right font-semibold">{l.qty - l.passQty - l.failQty}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </StationScreen>
  )
}
