// The picking station (stock-out → ToC → pickingtasks?task=<taskNo>), keyboard and scanner only, on the
// station kit (src/app/station) with the steps of station-logic.ts: scan the task number (claims it,
// with the cart code of Alt+C when one is typed), then the LOCATION shown large — another location is
// refused at once with the server's own message, the place kept — then the SKU: each SKU scan is one
// outbound.pick.scan {taskNo, locationCode, code} through the scan queue (own Idempotency-Key, in
// order, kept and resent while the network is away); the answer's `next` drives the screen. Alt+S
// reports a short pick on the current line (quantity asked, the remaining by default) →
// outbound.pick.short. A picked task says so and offers the next task waiting (Alt+N claims it).
// The open task is the page's document (taskNo, status, claimedBy, assigneeId): the station's
// commands enable and disable from its machine. Esc goes back a step (SKU → location → another task).
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { useSnapshot } from 'valtio'
import { session } from '../../../state/session'
import { buildCommandContext } from '../../../commands/context'
import { getActiveRegistry } from '../../../commands/registry'
import { runCommand } from '../../../palette'
import { commandEnabled, commandVisible } from '../../../../domain/commands'
import { dictLabelKey, TaskClaimStatus } from '../../../../domain/dictionaries'
import { BigFact, StationScreen, defineStation, msg, refusal, useScanQueue, useStationFeedback, useSteps, commandSender, type StationText } from '../../../station'
import { PICKING_PATH, pickingStationPath, type PickResult, type PickScanArgs, type ShortResult } from '../../../../../commands/outbound-picking'
import { useDocumentContext } from '../../documents/useDocumentContext'
import { fetchTasks, fetchTaskView, taskFacts, type TaskView } from './api'
import { interpretScan, PICK_STEPS, stepAfter, type PickStep } from './station-logic'
import { ShortPickDialog } from './ShortPickDialog'

const U = (k: string) => `outbound-picking-ui:station.${k}`
const L = (f: string) => `outbound:pick.fields.${f}`

/** The station's declaration (src/app/station/define.ts); what each scan means is station-logic.ts's interpretScan. */
export const PICKING_STATION = defineStation<PickStep>({
  id: 'picking',
  titleKey: U('title'),
  idleKey: U('idle'),
  steps: PICK_STEPS as readonly { id: PickStep; promptKey: string }[],
  accepts: { task: ['pickTask', 'sku'], location: ['pickTask', 'location', 'sku'], sku: ['pickTask', 'sku'], done: ['pickTask', 'sku'] },
  hints: [
    { keys: 'Enter', labelKey: U('keys.enter') },
    { keys: 'Alt+C', labelKey: U('keys.cart') },
    { keys: 'Alt+K', labelKey: U('keys.claim') },
    { keys: 'Alt+S', labelKey: U('keys.short') },
    { keys: 'Alt+N', labelKey: U('keys.next') },
    { keys: 'Esc', labelKey: U('keys.back') },
  ],
})
const LINE_COLUMNS = ['seq', 'locationCode', 'skuCode', 'orderNo', 'batchNo', 'qty', 'pickedQty', 'shortQty', 'remaining'] as const
const NUMERIC = new Set<string>(['seq', 'qty', 'pickedQty', 'shortQty', 'remaining'])


export function PickingStation({ taskParam }: { taskParam: string }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const { userId } = useSnapshot(session)
  const steps = useSteps(PICK_STEPS)
  const fb = useStationFeedback()
  const [view, setView] = useState<TaskView | null>(null)
  const [location, setLocation] = useState<string | null>(null)
  const [cart, setCart] = useState('')
  const [shortOpen, setShortOpen] = useState(false)
  /** After a task is done: the next task waiting (null: none; undefined: not asked). */
  const [nextTask, setNextTask] = useState<string | null | undefined>(undefined)
  const [lastLine, setLastLine] = useState<number | null>(null)
  const scanRef = useRef<HTMLInputElement>(null)
  const cartRef = useRef<HTMLInputElement>(null)
  /** The task number shown (or being claimed): the URL's task is loaded only when it is another. */
  const shownNo = useRef('')
  const task = view?.task
  // The open task, with its next line: the palette's short pick acts on that line.
  const { ctx } = useDocumentContext('picking-station', task ? { ...taskFacts(task), nextLineId: view?.next?.lineId ?? null, nextRemaining: view?.next?.remaining ?? null } : undefined)
  const step = steps.current.id as PickStep

  const go = useCallback((s: PickStep, loc: string | null) => { setLocation(loc); steps.go(s) }, [steps])

  /** Offers the oldest unclaimed task this operator may claim (allotted to nobody else). */
  const offerNext = useCallback(async (done: string) => {
    try {
      const r = await fetchTasks({ page: 1, size: 20, sort: 'createdAt:asc', status: TaskClaimStatus.Unclaimed })
      setNextTask(r.records.find((x) => x.taskNo !== done && (x.assigneeId === null || x.assigneeId === userId) && x.jobGroupId === null)?.taskNo ?? null)
    } catch {
      setNextTask(null)
    }
  }, [userId])

  /** Shows a task: claimed by this operator → its next location; completed → done; else → claim it first. */
  const show = useCallback((v: TaskView, announce: boolean, keepLocation: string | null = null) => {
    setView(v)
    shownNo.current = v.task.taskNo
    const mine = v.task.status === TaskClaimStatus.Working && v.task.claimedBy === userId
    if (v.task.status === TaskClaimStatus.Completed) {
      go('done', null)
      if (announce) fb.info(msg(U('alreadyDone'), { taskNo: v.task.taskNo }))
      void offerNext(v.task.taskNo)
      return
    }
    setNextTask(undefined)
    if (mine) {
      const s = stepAfter(v.next, keepLocation)
      go(s.step, s.location)
      if (announce && v.next) fb.info(msg(U('goTo'), { taskNo: v.task.taskNo, locationCode: v.next.locationCode, skuCode: v.next.skuCode, remaining: v.next.remaining }))
      return
    }
    go('task', null)
    if (!announce) return
    if (v.task.status === TaskClaimStatus.Working) fb.error(msg('outbound:pick.errors.claimedByOther', { taskNo: v.task.taskNo }))
    else fb.info(msg(U('loaded'), { taskNo: v.task.taskNo, qty: v.task.qty - v.task.pickedQty - v.task.shortQty }))
  }, [fb, go, offerNext, userId])

  const load = useCallback(async (taskNo: string, announce: boolean, keepLocation: string | null = null) => {
    try {
      const v = await fetchTaskView(taskNo)
      show(v, announce, keepLocation)
      return v
    } catch (e) {
      if (announce) fb.error(refusal(e))
      return null
    }
  }, [fb, show])

  // The URL's task (list row, palette "go to document", the claim command) opens once, like a scan.
  useEffect(() => {
    const no = taskParam.trim().toUpperCase()
    if (!no || no === shownNo.current) return
    shownNo.current = no
    void Promise.resolve().then(() => load(no, true))
  }, [taskParam]) // eslint-disable-line react-hooks/exhaustive-deps

  const { queue, pending } = useScanQueue<PickScanArgs, PickResult>({
    send: commandSender<PickScanArgs, PickResult>('outbound.pick.scan'),
    storageKey: `station:picking:${session.userId}:${session.tenantId}:${session.warehouseId}`,
    onDone: (item, r) => answered(r, item.args.locationCode, msg(U('picked'), {
      code: item.args.code, qty: r.picked, skuCode: r.next?.skuCode ?? '', remaining: r.next?.remaining ?? 0, locationCode: r.next?.locationCode ?? '',
    })),
    onRefused: (item, e) => {
      fb.error(refusal(e))
      // Someone else may have picked or shorted meanwhile: the true lines, the place kept where it still holds.
      void load(item.args.taskNo, false, item.args.locationCode)
    },
    onRetry: () => fb.info(msg('inbound:station.network')),
  })

  /** A pick's or a short's answer: its `next` decides the step; the lines are read again quietly. */
  function answered(r: PickResult, at: string, okText: StationText) {
    setLastLine(r.lineId)
    if (r.taskDone) {
      go('done', null)
      fb.ok(msg(U('done'), { taskNo: r.taskNo }))
      void offerNext(r.taskNo)
    } else {
      const s = stepAfter(r.next, at)
      go(s.step, s.location)
      fb.ok(okText)
    }
    setView((v) => (v && v.task.taskNo === r.taskNo ? { ...v, next: r.next } : v))
    void fetchTaskView(r.taskNo).then((v) => setView((cur) => (cur && cur.task.taskNo === v.task.taskNo ? v : cur)), () => {})
  }

  const claim = async (taskNo: string) => {
    if (pending.length) { fb.error(msg(U('waitPending'))); return }
    const v = view?.task.taskNo === taskNo ? view : await fetchTaskView(taskNo).catch((e: unknown) => { fb.error(refusal(e)); return null })
    if (!v) return
    const def = getActiveRegistry().get('outbound.pickTask.claim')
    const facts = taskFacts(v.task)
    const claimCtx = { ...buildCommandContext(), selection: [facts], document: facts, documentId: facts.id }
    if (!def || !commandVisible(def, claimCtx)) { show(v, false); fb.error(msg(U('noClaim'))); return }
    const enabled = commandEnabled(def, claimCtx)
    if (enabled !== true) { show(v, false); fb.error(typeof enabled === 'string' ? msg(enabled) : msg(enabled.key, enabled.params)); return }
    shownNo.current = v.task.taskNo
    const out = await runCommand(def, { ctx: claimCtx, args: { taskNo: v.task.taskNo, cartCode: cart.trim() || null } })
    if (out.status !== 'ok') { if (out.status === 'failed') fb.error(refusal(out.error)); return }
    const after = await load(v.task.taskNo, false)
    if (after?.next) fb.ok(msg(U('claimed'), { taskNo: after.task.taskNo, locationCode: after.next.locationCode }))
  }

  const onScan = (code: string) => {
    const m = interpretScan({ step, taskNo: task?.taskNo ?? null, next: view?.next ?? null, location, locations: view?.lines.map((l) => l.locationCode) ?? [] }, code)
    switch (m.kind) {
      case 'claim': return claim(m.taskNo)
      case 'taskDone': fb.error(msg(U('finished'), { taskNo: m.taskNo })); return
      case 'wrongLocation': fb.error(msg('outbound:pick.errors.wrongLocation', { locationCode: m.locationCode, expected: m.expected })); return
      case 'location':
        go('sku', m.locationCode)
        fb.info(msg(U('atLocation'), { locationCode: m.locationCode, skuCode: view!.next!.skuCode, remaining: view!.next!.remaining }))
        return
      case 'pick': queue.enqueue(m.args, `${m.args.code} @ ${m.args.locationCode}`); return
      case 'none': return
    }
  }

  const openShort = () => {
    if (pending.length) { fb.error(msg(U('waitPending'))); return }
    if (!view?.next || (step !== 'location' && step !== 'sku')) { fb.error(msg(U('noLine'))); return }
    setShortOpen(true)
  }

  const back = () => {
    if (step === 'sku') { go('location', null); fb.clear(); return }
    setView(null)
    shownNo.current = ''
    setNextTask(undefined)
    go('task', null)
    fb.clear()
    navigate(pickingStationPath(''))
  }

  const keys = {
    c: () => { cartRef.current?.focus(); cartRef.current?.select() },
    k: () => { if (task) void claim(task.taskNo) },
    s: openShort,
    n: () => { if (nextTask) void claim(nextTask) },
  }

  const next = view?.next ?? null
  return (
    <StationScreen def={PICKING_STATION} steps={steps} status={fb.status} pending={pending} onScan={onScan} scanRef={scanRef} onBack={back} active={!shortOpen} keys={keys}
      actions={<button type="button" className="h-7 rounded border px-3 text-sm" onClick={() => navigate(PICKING_PATH)}>{t(U('list'))}</button>}>
      <CartField inputRef={cartRef} value={cart} onChange={setCart} />
      {task && (step === 'location' || step === 'sku') && next && (
        <section aria-label={t(U('next.title'))} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-6 gap-y-2 rounded border-2 border-sky-700 p-3" data-testid="pick-next">
          <BigFact labelKey={L('locationCode')} value={next.locationCode} testId="next-location" size="text-7xl" active={step === 'location'} />
          <BigFact labelKey={L('remaining')} value={String(next.remaining)} testId="next-remaining" size="text-7xl" />
          <BigFact labelKey={L('skuCode')} value={next.skuCode} testId="next-sku" size="text-4xl" active={step === 'sku'} />
          <BigFact labelKey={L('orderNo')} value={next.orderNo} testId="next-order" size="text-2xl" />
        </section>
      )}
      {step === 'sku' && location && <p className="text-sm text-slate-700" data-testid="pick-location">{t(U('atLocationShort'), { locationCode: location })}</p>}
      {step === 'done' && task && (
        <p className="rounded bg-emerald-50 px-3 py-2 text-lg font-semibold text-emerald-800" data-testid="pick-next-task">
          {nextTask ? t(U('nextTask'), { taskNo: nextTask }) : nextTask === null ? t(U('noNextTask')) : ''}
        </p>
      )}
      {view && task && (
        <section className="flex flex-col gap-2" data-testid="picking-task" data-no={task.taskNo} data-status={task.status}>
          <p className="text-sm text-slate-700" data-testid="picking-summary">
            {t(U('summary'), {
              taskNo: task.taskNo, waveNo: task.waveNo, status: t(dictLabelKey('taskClaimStatus', task.status)), picked: task.pickedQty, short: task.shortQty,
              qty: task.qty, picker: task.claimedByName ?? '—', cart: task.cartCode ?? '—',
            })}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="picking-lines">
              <thead className="bg-slate-100 text-left">
                <tr>{LINE_COLUMNS.map((c) => <th key={c} scope="col" className={`whitespace-nowrap px-2 py-1 ${NUMERIC.has(c) ? 'text-right' : ''}`}>{t(L(c))}</th>)}</tr>
              </thead>
              <tbody>
                {view.lines.map((l) => (
                  <tr key={l.id} data-line={l.id} data-location={l.locationCode} data-remaining={l.remaining} aria-current={l.id === next?.lineId ? 'true' : undefined}
                    className={`border-b ${l.id === next?.lineId ? 'bg-sky-50 font-semibold' : l.id === lastLine ? 'bg-emerald-50' : ''} ${l.remaining === 0 ? 'text-slate-500' : ''}`}>
                    {LINE_COLUMNS.map((c) => <td key={c} className={`whitespace-nowrap px-2 py-1 ${NUMERIC.has(c) ? 'text-right tabular-nums' : c === 'orderNo' || c === 'batchNo' ? '' : 'font-mono'}`}>{String(l[c] ?? '') || '—'}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {shortOpen && task && next && (
        <ShortPickDialog taskNo={task.taskNo} line={next} ctx={ctx} onClose={() => setShortOpen(false)}
          onDone={(r: ShortResult, qty) => {
            setShortOpen(false)
            answered(r, location ?? next.locationCode, msg(U('shortDone'), { qty, skuCode: next.skuCode, diffNo: r.diffNo }))
          }} />
      )}
    </StationScreen>
  )
}

function CartField({ value, onChange, inputRef }: { value: string; onChange(v: string): void; inputRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation()
  return (
    <label className="flex flex-col gap-1">
      <span className="text-sm text-slate-700">{t(L('cartCode'))}</span>
      <input ref={inputRef} data-station-field="1" data-testid="picking-cart" autoComplete="off" maxLength={40}
        className="rounded border border-slate-400 px-2 py-2 font-mono text-lg" value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  )
}
