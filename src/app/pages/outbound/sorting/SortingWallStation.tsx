// The sorting wall (put wall) station (stock-out → ToC → sorting-wall, ?task=<sortNo> optional), keyboard
// and scanner only, declared once (SORTING_STATION, src/app/station/define.ts) and rendered by the kit's
// StationScreen like every station, with the steps of station-logic.ts: scan the
// sorting container (it opens the sorting task holding it), then each item — the slot it goes to is
// shown large (slot number, order, how many the slot still waits for) — then the slot's label: one
// outbound.sort.put {sortNo, containerCode, code, slotNo} through the scan queue (own Idempotency-Key,
// in order, kept and resent while the network is away). Refusals come with the spec's section 8 words
// ("scan sorting container first", "product not in container", "item does not match grid slot", "scan
// error"); a slot label scanned while the item's slot is still being read waits for that answer (never
// "scan too fast"). The open task is the page's document (id, sortNo, status): the palette's put and
// cancel follow its machine. Esc goes back a step (slot → item → container → no task).
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { ApiError } from '../../../api/clients'
import { session } from '../../../state/session'
import { dictLabelKey, TaskClaimStatus } from '../../../../domain/dictionaries'
import { BigFact, StationScreen, commandSender, defineStation, msg, refusal, useScanQueue, useStationFeedback, useSteps } from '../../../station'
import { SORTING_PATH, sortingStationPath, type PutResult, type SlotFor, type SortPutArgs } from '../../../../../commands/outbound-sorting'
import { useDocumentContext } from '../../documents/useDocumentContext'
import { fetchByContainer, fetchSlotFor, fetchSortView, sortFacts, type SortView } from './api'
import { interpretScan, SORT_STEPS, type SortStep } from './station-logic'

const U = (k: string) => `outbound-sorting:station.${k}`
const F = (f: string) => `outbound-sorting:fields.${f}`
const E = (k: string) => `outbound-sorting:errors.${k}`

/** The station's declaration (src/app/station/define.ts); what each scan means is station-logic.ts's interpretScan. */
export const SORTING_STATION = defineStation<SortStep>({
  id: 'sorting',
  titleKey: U('title'),
  idleKey: U('idle'),
  steps: SORT_STEPS,
  accepts: { container: ['sortTask', 'sku'], sku: ['sortTask', 'sku'], slot: ['sortTask', 'slot', 'sku'], done: ['sortTask', 'sku'] },
  hints: [
    { keys: 'Enter', labelKey: U('keys.enter') },
    { keys: 'Alt+L', labelKey: 'outbound-sorting:station.waiting' },
    { keys: 'Esc', labelKey: U('keys.back') },
  ],
})

/** What the large panel shows: the item's slot before the put, the slot's count after it. */
interface Shown { slotNo: number; orderNo: string; skuCode: string; toCome: number; done: boolean }

export function SortingWallStation({ taskParam }: { taskParam: string }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const steps = useSteps(SORT_STEPS)
  const fb = useStationFeedback()
  const [view, setView] = useState<SortView | null>(null)
  const [container, setContainer] = useState<string | null>(null)
  const [pending, setPending] = useState<{ code: string; where: SlotFor } | null>(null)
  const [shown, setShown] = useState<Shown | null>(null)
  const scanRef = useRef<HTMLInputElement>(null)
  const shownNo = useRef('')
  const task = view?.task
  useDocumentContext('sorting-wall', task ? sortFacts(task) : undefined)
  const step = steps.current.id as SortStep

  const go = useCallback((s: SortStep) => steps.go(s), [steps])

  /** Shows a task: complete → done; else → its container step (or the container given). */
  const show = useCallback((v: SortView, containerCode: string | null, announce: boolean) => {
    setView(v)
    shownNo.current = v.task.sortNo
    setPending(null)
    if (v.task.status === TaskClaimStatus.Completed) {
      setContainer(null)
      go('done')
      if (announce) fb.info(msg(U('taskDone'), { sortNo: v.task.sortNo }))
      return
    }
    setContainer(containerCode)
    go(containerCode ? 'sku' : 'container')
    if (!announce) return
    if (containerCode) fb.info(msg(U('container'), { containerCode, sortNo: v.task.sortNo }))
    else fb.info(msg(U('opened'), { sortNo: v.task.sortNo, sorted: v.task.sortedQty, qty: v.task.qty }))
  }, [fb, go])

  const openTask = useCallback(async (sortNo: string) => {
    try {
      show(await fetchSortView(sortNo), null, true)
    } catch (e) {
      fb.error(refusal(e))
    }
  }, [fb, show])

  // The URL's task (list row, palette "go to document", merge/rest sorting) opens once, like a scan.
  useEffect(() => {
    const no = taskParam.trim().toUpperCase()
    if (!no || no === shownNo.current) return
    shownNo.current = no
    void Promise.resolve().then(() => openTask(no))
  }, [taskParam]) // eslint-disable-line react-hooks/exhaustive-deps

  const reload = (sortNo: string) => fetchSortView(sortNo).then((v) => setView((cur) => (cur && cur.task.sortNo === v.task.sortNo ? v : cur)), () => {})

  const { queue, pending: unanswered } = useScanQueue<SortPutArgs, PutResult>({
    send: commandSender<SortPutArgs, PutResult>('outbound.sort.put'),
    storageKey: `station:sorting:${session.userId}:${session.tenantId}:${session.warehouseId}`,
    onDone: (_item, r) => {
      setShown({ slotNo: r.slotNo, orderNo: r.orderNo, skuCode: r.skuCode, toCome: r.slotRemaining, done: r.slotDone })
      if (r.taskDone) {
        go('done')
        fb.ok(msg(U('taskDone'), { sortNo: r.sortNo }))
      } else if (r.slotDone) fb.ok(msg(U('slotDone'), { slotNo: r.slotNo, orderNo: r.orderNo }))
      else fb.ok(msg(U('put'), { skuCode: r.skuCode, slotNo: r.slotNo, remaining: r.slotRemaining }))
      void reload(r.sortNo)
    },
    onRefused: (item, e) => {
      fb.error(refusal(e))
      void reload(item.args.sortNo)
    },
    onRetry: () => fb.info(msg('inbound:station.network')),
  })

  const findContainer = async (code: string) => {
    try {
      const v = await fetchByContainer(code)
      show(v, v.task.status === TaskClaimStatus.Completed ? null : code, true)
    } catch (e) {
      fb.error(e instanceof ApiError && e.status === 404 ? msg(E('containerUnknown'), { containerCode: code }) : refusal(e))
    }
  }

  const lookup = async (sortNo: string, containerCode: string, code: string) => {
    try {
      // Which slot an item goes to depends on the puts before it: a burst's earlier puts land first.
      await queue.idle()
      const where = await fetchSlotFor(sortNo, containerCode, code)
      setPending({ code, where })
      setShown({ slotNo: where.slotNo, orderNo: where.orderNo, skuCode: where.skuCode, toCome: where.slotRemaining, done: false })
      go('slot')
      fb.info(msg(U('goSlot'), { skuCode: where.skuCode, slotNo: where.slotNo, orderNo: where.orderNo }))
    } catch (e) {
      fb.error(refusal(e))
    }
  }

  const onScan = (code: string) => {
    const m = interpretScan({
      step, sortNo: task?.sortNo ?? null, containers: view?.containers.map((c) => c.containerCode.toUpperCase()) ?? [], container, pending,
    }, code)
    switch (m.kind) {
      case 'none': return
      case 'scanError': fb.error(msg(E('scanError'), { code: m.code })); return
      case 'openTask': shownNo.current = m.sortNo; return openTask(m.sortNo)
      case 'findContainer': return findContainer(m.containerCode)
      case 'container':
        setContainer(m.containerCode)
        setPending(null)
        go('sku')
        fb.info(msg(U('container'), { containerCode: m.containerCode, sortNo: task!.sortNo }))
        return
      case 'containerFirst': fb.error(msg(E('containerFirst'))); return
      case 'lookup': return lookup(m.sortNo, m.containerCode, m.code)
      case 'wrongSlot': fb.error(msg(E('wrongSlot'), { code: m.code, slotNo: m.slotNo, expected: m.expected })); return
      case 'notSlot': fb.error(msg(E('notSlot'), { code: m.code, slotNo: m.expected })); return
      case 'put':
        queue.enqueue(m.args, `${m.args.code} → ${m.args.slotNo}`)
        setPending(null)
        go('sku')
        return
    }
  }

  const back = () => {
    if (step === 'slot') { setPending(null); go('sku'); fb.clear(); return }
    if (step === 'sku') { setContainer(null); go('container'); fb.clear(); return }
    setView(null)
    shownNo.current = ''
    setContainer(null)
    setShown(null)
    go('container')
    fb.clear()
    navigate(sortingStationPath(''))
  }

  const toLists = () => {
    if (unanswered.length) { fb.error(msg(U('waitPending'))); return }
    navigate(`${SORTING_PATH}?list=1`)
  }

  const remaining = (q: number, s: number) => q - s
  return (
    <StationScreen def={SORTING_STATION} steps={steps} status={fb.status} pending={unanswered} onScan={onScan} scanRef={scanRef} onBack={back} keys={{ l: toLists }}
      actions={<button type="button" className="h-7 rounded border px-3 text-sm" onClick={toLists}>{t(U('waiting'))}</button>}>
      {task && shown && (
        <section aria-label={t(U('slot.title'))} data-testid="sort-slot" data-done={shown.done ? 'true' : 'false'}
          className={`grid grid-cols-[auto_minmax(0,1fr)_auto] items-end gap-x-8 rounded border-2 p-3 ${shown.done ? 'border-emerald-700 bg-emerald-50' : 'border-sky-700'}`}>
          <BigFact labelKey={F('slotNo')} value={String(shown.slotNo)} testId="slot-no" size="text-9xl" />
          <div className="flex min-w-0 flex-col gap-2">
            <BigFact labelKey={F('orderNo')} value={shown.orderNo} testId="slot-order" size="text-3xl" />
            <BigFact labelKey={F('skuCode')} value={shown.skuCode} testId="slot-sku" size="text-2xl" />
          </div>
          <BigFact labelKey={U('slot.toCome')} value={String(shown.toCome)} testId="slot-to-come" size="text-7xl" />
        </section>
      )}
      {task && (
        <section className="flex flex-col gap-2" data-testid="sorting-task" data-no={task.sortNo} data-status={task.status}>
          <p className="text-sm text-slate-700" data-testid="sorting-summary">
            {t(U('summary'), {
              sortNo: task.sortNo, kind: t(`outbound-sorting:kind.${task.kind}`), status: t(dictLabelKey('taskClaimStatus', task.status)),
              sorted: task.sortedQty, qty: task.qty, slots: task.slotCount,
            })}
          </p>
          <p className="text-sm text-slate-700" data-testid="sorting-containers">
            {t(U('containers'))}: {view.containers.map((c) => (
              <span key={c.containerCode} className={`mr-3 font-mono ${c.containerCode.toUpperCase() === container ? 'font-bold text-sky-800 underline' : ''}`}>
                {c.containerCode} ({c.sortedQty}/{c.qty})
              </span>
            ))}
          </p>
          <table className="w-full text-sm" data-testid="sorting-slots">
            <caption className="text-left font-medium">{t(U('slots'))}</caption>
            <thead className="bg-slate-100 text-left">
              <tr>
                <th scope="col" className="px-2 py-1 text-right">{t(F('slotNo'))}</th>
                <th scope="col" className="px-2 py-1">{t(F('orderNo'))}</th>
                <th scope="col" className="px-2 py-1 text-right">{t(F('qty'))}</th>
                <th scope="col" className="px-2 py-1 text-right">{t(F('sortedQty'))}</th>
                <th scope="col" className="px-2 py-1 text-right">{t(F('remaining'))}</th>
              </tr>
            </thead>
            <tbody>
              {view.slots.map((s) => (
                <tr key={s.slotNo} data-slot={s.slotNo} data-remaining={remaining(s.qty, s.sortedQty)} aria-current={pending?.where.slotNo === s.slotNo ? 'true' : undefined}
                  className={`border-b ${pending?.where.slotNo === s.slotNo ? 'bg-sky-50 font-semibold' : ''} ${s.completedAt ? 'text-emerald-800' : ''}`}>
                  <td className="px-2 py-1 text-right font-mono tabular-nums">{s.slotNo}</td>
                  <td className="px-2 py-1 font-mono">{s.orderNo}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{s.qty}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{s.sortedQty}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{remaining(s.qty, s.sortedQty)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </StationScreen>
  )
}
