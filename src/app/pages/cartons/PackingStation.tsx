// The carton packing station (stock-out → ToB → picking-task/packing, menu page tob-packing; ?task=ZX…),
// keyboard and scanner only, on the station kit (src/app/station). Scan the packing task (ZX…) — or the
// picked ToB order (CK…): its live packing task opens, or one is made from its picked goods
// (shipments.packTask.create) — and it is claimed (cartons.task.claim). Then scan a NEW box code: the box
// opens (cartons.box.open; Alt+M makes the next box single-SKU). Each goods scan (SKU, UPC or FNSKU) puts
// 1 unit — or the quantity typed with Alt+Q — into the open box (cartons.box.scan, through the scan queue:
// own Idempotency-Key, in order, kept while the network is away). Alt+C closes the box: weight (kg) and
// length, width, height (cm) in a small form, Enter sends cartons.box.close. Alt+F finishes the task once
// everything is packed (cartons.task.finish: every box reads "box i of n"). Every refusal — a 6th SKU in
// a mixed box (naming the limit), another product code for the same SKU, X and B codes together, more
// than is left to pack, a used box code — is the server's own words on the status line, with the error tone.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { api } from '../../api/clients'
import { session } from '../../state/session'
import { PackingTaskStatus } from '../../../domain/dictionaries'
import { BigFact, SideField, StationScreen, classifyScan, commandSender, defineStation, focusField, msg, refusal, useScanQueue, useStationFeedback, useSteps } from '../../station'
import { CARTON_API, type ScanArgs, type Scanned } from '../../../../commands/cartons'
import { packingStationPath, TOB_TASKS_PATH } from '../../../../commands/tob-orders'
import { usePageSearch } from '../kit'

const U = (k: string) => `cartons-ui:station.${k}`
type Step = 'task' | 'box' | 'item' | 'done'
const S = PackingTaskStatus

export const PACKING_STATION = defineStation<Step>({
  id: 'packing',
  titleKey: U('title'),
  idleKey: U('idle'),
  steps: [
    { id: 'task', promptKey: U('step.task') },
    { id: 'box', promptKey: U('step.box') },
    { id: 'item', promptKey: U('step.item') },
    { id: 'done', promptKey: U('step.done') },
  ],
  accepts: { task: ['packingTask', 'outboundOrder'], box: ['packingTask', 'box'], item: ['packingTask', 'sku'], done: ['packingTask', 'outboundOrder'] },
  hints: [
    { keys: 'Enter', labelKey: U('keys.enter') },
    { keys: 'Alt+Q', labelKey: U('keys.qty') },
    { keys: 'Alt+M', labelKey: U('keys.mixed') },
    { keys: 'Alt+C', labelKey: U('keys.close') },
    { keys: 'Alt+F', labelKey: U('keys.finish') },
    { keys: 'Esc', labelKey: U('keys.back') },
  ],
})

interface TaskLine { lineNo: number; skuCode: string; batchNo: string; plannedQty: number; packedQty: number }
interface TaskBox {
  boxCode: string; seq: number; boxTotal: number | null; boxMark: string | null; mixed: boolean; status: number
  weight: number | null; length: number | null; width: number | null; height: number | null; volume: number | null
  items: { skuCode: string; batchNo: string; qty: number; scannedCode: string }[]
}
export interface PackingTaskView { taskNo: string; status: number; docNo: string | null; boxMark: string | null; claimedBy: number | null; lines: TaskLine[]; boxes: TaskBox[] }

const send = <A, R>(id: string, args: A) => commandSender<A, R>(id)(args, crypto.randomUUID())
const fetchTask = (taskNo: string) => api.get<PackingTaskView>(CARTON_API.task(taskNo), undefined, { silent: true })
const LIVE = [S.Unclaimed, S.Unpacked, S.Packed]

/** The step a task in view is at: its open box takes goods, else a new box code, else it is done. */
function stepOf(v: PackingTaskView | null): Step {
  if (!v) return 'task'
  if (v.status !== S.Unpacked && v.status !== S.Unclaimed) return 'done'
  if (v.boxes.some((b) => b.status === 1)) return 'item'
  return v.lines.some((l) => l.packedQty < l.plannedQty) ? 'box' : 'done'
}

export default function PackingStation() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const steps = useSteps(PACKING_STATION.steps)
  const fb = useStationFeedback()
  const [view, setView] = useState<PackingTaskView | null>(null)
  const [qty, setQty] = useState('1')
  const [single, setSingle] = useState(false)
  const [closing, setClosing] = useState(false)
  const [dims, setDims] = useState({ weight: '', length: '', width: '', height: '' })
  const scanRef = useRef<HTMLInputElement>(null)
  const qtyRef = useRef<HTMLInputElement>(null)
  const weightRef = useRef<HTMLInputElement>(null)

  const show = useCallback((v: PackingTaskView) => { setView(v); steps.go(stepOf(v)) }, [steps])
  const reload = useCallback(async (taskNo: string) => show(await fetchTask(taskNo)), [show])

  /** Open a task by number: read it, claim it when nobody has. */
  const openTask = useCallback(async (taskNo: string) => {
    try {
      let v = await fetchTask(taskNo)
      if (v.status === S.Unclaimed) {
        await send('cartons.task.claim', { taskNo })
        v = await fetchTask(taskNo)
      }
      show(v)
      navigate(packingStationPath(v.taskNo), { replace: true })
      fb.ok(msg(U('opened'), { taskNo: v.taskNo, docNo: v.docNo ?? '—' }))
    } catch (e) { fb.error(refusal(e)) }
  }, [show, navigate, fb])

  /** An order's live packing task, or one made from its picked goods. */
  const openOrder = async (orderNo: string) => {
    try {
      const list = await api.get<{ records: { taskNo: string; status: number }[] }>(CARTON_API.tasks, { docNo: orderNo, page: 1, size: 20 }, { silent: true })
      const live = list.records.find((r) => (LIVE as readonly number[]).includes(r.status))
      if (live) return await openTask(live.taskNo)
      const made = await send<{ orderNo: string }, { tasks: { taskNo: string }[] }>('shipments.packTask.create', { orderNo })
      if (made.tasks[0]) await openTask(made.tasks[0].taskNo)
    } catch (e) { fb.error(refusal(e)) }
  }

  // Arriving with ?task=ZX…: that task.
  const taskParam = new URLSearchParams(usePageSearch()).get('task')
  useEffect(() => {
    if (taskParam && taskParam !== view?.taskNo) void openTask(taskParam)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taskParam])

  const { queue, pending } = useScanQueue<ScanArgs, Scanned>({
    send: commandSender<ScanArgs, Scanned>('cartons.box.scan'),
    storageKey: `station:packing:${session.userId}:${session.tenantId}:${session.warehouseId}`,
    onDone: (_item, r) => {
      fb.ok(msg(U('scanned'), { skuCode: r.skuCode, qty: r.qty, boxCode: r.boxCode, inBox: r.inBox, skus: r.skusInBox, left: r.left }))
      void reload(r.taskNo)
    },
    onRefused: (_item, e) => fb.error(refusal(e)),
    onRetry: () => fb.info(msg('inbound:station.network')),
  })

  const openBox = async (boxCode: string) => {
    if (!view) return
    try {
      const r = await send<{ taskNo: string; boxCode: string; mixed: boolean }, { boxCode: string; seq: number; mixed: boolean }>('cartons.box.open', { taskNo: view.taskNo, boxCode, mixed: !single })
      fb.ok(msg(U(r.mixed ? 'boxOpened' : 'boxOpenedSingle'), { boxCode: r.boxCode, seq: r.seq }))
      setSingle(false)
      await reload(view.taskNo)
    } catch (e) { fb.error(refusal(e)) }
  }

  const onScan = (raw: string): void | Promise<unknown> => {
    const step = steps.current.id as Step
    const m = classifyScan(PACKING_STATION, step, raw)
    if (!m) { fb.error(msg(U('notHere'), { code: raw.trim() })); return }
    if (m.kind === 'packingTask') return openTask(m.code)
    if (m.kind === 'outboundOrder') return openOrder(m.code)
    if (step === 'box') return openBox(m.code)
    if (step === 'item' && view) {
      const n = Number(qty)
      queue.enqueue({ taskNo: view.taskNo, code: m.code, qty: Number.isInteger(n) && n > 0 ? n : 1 }, `${m.code} ×${qty || 1}`)
      setQty('1')
    }
  }

  const closeBox = async () => {
    if (!view) return
    const num = (v: string) => (v.trim() === '' ? undefined : Number(v))
    try {
      const r = await send<Record<string, unknown>, { boxCode: string; units: number; volume: number; left: number }>('cartons.box.close', {
        taskNo: view.taskNo, weight: num(dims.weight), length: num(dims.length), width: num(dims.width), height: num(dims.height),
      })
      fb.ok(msg(U('boxClosed'), { boxCode: r.boxCode, units: r.units, volume: r.volume, left: r.left }))
      setClosing(false)
      setDims({ weight: '', length: '', width: '', height: '' })
      await reload(view.taskNo)
      scanRef.current?.focus()
    } catch (e) { fb.error(refusal(e)) }
  }

  const finish = async () => {
    if (!view) return
    try {
      const r = await send<{ taskNo: string }, { boxes: unknown[] }>('cartons.task.finish', { taskNo: view.taskNo })
      fb.ok(msg(U('finished'), { taskNo: view.taskNo, count: r.boxes.length }))
      await reload(view.taskNo)
    } catch (e) { fb.error(refusal(e)) }
  }

  const startClose = () => {
    if (!view?.boxes.some((b) => b.status === 1)) { fb.error(msg(U('noOpenBox'))); return }
    setClosing(true)
    setTimeout(() => focusField(weightRef.current), 0)
  }

  const openBoxRow = view?.boxes.find((b) => b.status === 1)
  const left = view ? view.lines.reduce((s, l) => s + l.plannedQty - l.packedQty, 0) : 0
  const dimField = (k: keyof typeof dims, ref?: React.RefObject<HTMLInputElement | null>) => (
    <label className="flex flex-col gap-1 text-sm">
      <span className="text-slate-700">{t(U(`close.${k}`))}</span>
      <input ref={ref} inputMode="decimal" autoComplete="off" data-testid={`close-${k}`} className="rounded border border-slate-300 px-2 py-1 font-mono"
        value={dims[k]} onChange={(e) => setDims((d) => ({ ...d, [k]: e.target.value }))} />
    </label>
  )

  return (
    <StationScreen def={PACKING_STATION} steps={steps} status={fb.status} pending={pending} onScan={onScan} scanRef={scanRef}
      onBack={() => { if (closing) { setClosing(false); scanRef.current?.focus() } else fb.clear() }}
      keys={{ q: () => focusField(qtyRef.current), m: () => { setSingle((s) => !s) }, c: startClose, f: () => void finish() }}
      fieldCols="grid-cols-[1fr_8rem]"
      fields={<SideField inputRef={qtyRef} value={qty} onChange={setQty} numeric labelKey={U('qty')} testId="station-qty" />}
      above={closing ? (
        <form className="grid grid-cols-[repeat(4,minmax(0,10rem))_auto] items-end gap-3 rounded border-2 border-sky-700 p-3" data-testid="close-box-form"
          aria-label={t(U('close.title'), { boxCode: openBoxRow?.boxCode ?? '' })}
          onSubmit={(e) => { e.preventDefault(); void closeBox() }}
          onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); setClosing(false); scanRef.current?.focus() } }}>
          {dimField('weight', weightRef)}{dimField('length')}{dimField('width')}{dimField('height')}
          <button type="submit" className="h-8 rounded bg-sky-700 px-3 text-sm text-white" data-testid="close-box-save">{t(U('close.save'))}</button>
        </form>
      ) : undefined}
      actions={<button type="button" className="h-8 rounded border px-3 text-sm" onClick={() => navigate(TOB_TASKS_PATH)}>{t(U('back'))}</button>}>
      {view && (
        <>
          <section aria-label={t(U('task'))} className="grid grid-cols-4 gap-x-6 rounded border-2 border-slate-300 p-3" data-testid="packing-task" data-status={view.status}>
            <BigFact labelKey={U('fields.taskNo')} value={view.taskNo} testId="packing-task-no" size="text-2xl" />
            <BigFact labelKey={U('fields.docNo')} value={view.docNo ?? '—'} testId="packing-doc-no" size="text-2xl" />
            <BigFact labelKey={U('fields.openBox')} value={openBoxRow ? `${openBoxRow.boxCode}${openBoxRow.mixed ? '' : ` · ${t(U('single'))}`}` : (single ? t(U('nextSingle')) : '—')} testId="packing-open-box" size="text-2xl" active={!!openBoxRow} />
            <BigFact labelKey={U('fields.left')} value={String(left)} testId="packing-left" size="text-2xl" />
          </section>
          <div className="grid grid-cols-2 gap-3">
            <table className="w-full text-sm" data-testid="packing-lines">
              <caption className="text-left font-semibold">{t(U('lines'))}</caption>
              <thead className="bg-slate-100 text-left"><tr>
                <th scope="col" className="px-2 py-1">{t(U('fields.skuCode'))}</th><th scope="col" className="px-2 py-1">{t(U('fields.batchNo'))}</th>
                <th scope="col" className="px-2 py-1 text-right">{t(U('fields.plannedQty'))}</th><th scope="col" className="px-2 py-1 text-right">{t(U('fields.packedQty'))}</th>
              </tr></thead>
              <tbody>{view.lines.map((l) => (
                <tr key={l.lineNo} className={`border-b ${l.packedQty >= l.plannedQty ? 'text-slate-500' : ''}`} data-sku={l.skuCode}>
                  <td className="px-2 py-1 font-mono">{l.skuCode}</td><td className="px-2 py-1">{l.batchNo || '—'}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{l.plannedQty}</td><td className="px-2 py-1 text-right tabular-nums" data-testid="line-packed">{l.packedQty}</td>
                </tr>
              ))}</tbody>
            </table>
            <table className="w-full text-sm" data-testid="packing-boxes">
              <caption className="text-left font-semibold">{t(U('boxes'))}</caption>
              <thead className="bg-slate-100 text-left"><tr>
                <th scope="col" className="px-2 py-1">{t(U('fields.box'))}</th><th scope="col" className="px-2 py-1">{t(U('fields.boxCode'))}</th>
                <th scope="col" className="px-2 py-1">{t(U('fields.contents'))}</th><th scope="col" className="px-2 py-1">{t(U('fields.weight'))}</th>
              </tr></thead>
              <tbody>{view.boxes.map((b) => (
                <tr key={b.boxCode} className="border-b" data-box={b.boxCode} data-status={b.status}>
                  <td className="px-2 py-1 tabular-nums">{t(U('boxOf'), { seq: b.seq, total: b.boxTotal ?? '?' })}</td>
                  <td className="px-2 py-1 font-mono">{b.boxCode}{b.status === 1 && <span className="ml-1 rounded bg-sky-100 px-1 text-xs text-sky-900">{t(U('open'))}</span>}</td>
                  <td className="px-2 py-1">{b.items.map((i) => `${i.skuCode} × ${i.qty}`).join(', ') || '—'}</td>
                  <td className="px-2 py-1 tabular-nums">{b.weight ?? '—'}</td>
                </tr>
              ))}</tbody>
            </table>
          </div>
        </>
      )}
    </StationScreen>
  )
}
