// A move order (in-house-work → move-manager/details, component 'in-house-work/move-manager-details',
// ?no=<YK…>) and the move station in one screen. The header says the order's status, source, who made it
// and when, who completed it; the lines say from, SKU, batch, status, quantity, to, who moved it and when,
// each with its explain link (the stock list's ledger history of the destination balance, where the move's
// rows stand under the YK number). A new order offers execute and cancel (its machine decides, disabled
// with the reason). A station session (status Moving) takes scans: from-location → SKU (Alt+Q: quantity N;
// Alt+R: reserved goods move with their reservation) → to-location = one ledger move at once; the next SKU
// comes from the same from-location (Esc: back one step). Alt+N opens a new session, Alt+C completes it.
// Without a number the station waits for a YK to be scanned (or Alt+N).
import { useCallback, useEffect, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'wouter'
import { runCommandById } from '../../commands/run'
import { dictLabelKey, MoveOrderStatus } from '../../../domain/dictionaries'
import { formatTime } from '../../../domain/format'
import { SideField, StationScreen, classifyScan, defineStation, focusField, msg, refusal, useStationFeedback, useSteps } from '../../station'
import { CommandButtons } from '../documents/CommandButtons'
import { useDocumentContext } from '../documents/useDocumentContext'
import { usePageSearch } from '../kit'
import { STOCK_LIST_PATH } from '../../../../commands/stock'
import { moveDetailsPath, type MoveAnswer, type MoveMade, type MoveScanArgs, type MoveScanned } from '../../../../commands/moves'
import { fetchMoveOrder } from './api'

const M = (k: string) => `moves:ui.${k}`
type Step = 'order' | 'from' | 'sku' | 'to' | 'done'

export const MOVE_STATION = defineStation<Step>({
  id: 'move',
  titleKey: M('stationTitle'),
  idleKey: M('idle'),
  steps: [
    { id: 'order', promptKey: M('step.order') },
    { id: 'from', promptKey: M('step.from') },
    { id: 'sku', promptKey: M('step.sku') },
    { id: 'to', promptKey: M('step.to') },
    { id: 'done', promptKey: M('step.done') },
  ],
  accepts: { order: ['moveOrder'], from: ['moveOrder', 'location'], sku: ['moveOrder', 'sku'], to: ['moveOrder', 'location'], done: ['moveOrder'] },
  hints: [
    { keys: 'Enter', labelKey: M('keys.enter') },
    { keys: 'Alt+Q', labelKey: M('keys.qty') },
    { keys: 'Alt+R', labelKey: M('keys.reserved') },
    { keys: 'Alt+N', labelKey: M('keys.new') },
    { keys: 'Alt+C', labelKey: M('keys.complete') },
    { keys: 'Esc', labelKey: M('keys.back') },
  ],
})

export default function MoveDetailsPage() {
  const { t } = useTranslation()
  const search = usePageSearch()
  const no = (new URLSearchParams(search).get('no') ?? '').trim().toUpperCase()
  const [, navigate] = useLocation()
  const qc = useQueryClient()
  const steps = useSteps(MOVE_STATION.steps)
  const fb = useStationFeedback()
  const [from, setFrom] = useState<string | null>(null)
  const [sku, setSku] = useState<string | null>(null)
  const [qty, setQty] = useState('1')
  const [reserved, setReserved] = useState(false)
  const [lastLine, setLastLine] = useState<number | null>(null)
  const scanRef = useRef<HTMLInputElement>(null)
  const qtyRef = useRef<HTMLInputElement>(null)

  const doc = useQuery({ queryKey: ['grid', 'move-order-doc', no], queryFn: () => fetchMoveOrder(no), enabled: !!no, retry: false, staleTime: 0 })
  const order = doc.data?.order
  const moving = order?.status === MoveOrderStatus.Moving
  const { ctx } = useDocumentContext('move-orders', order ? { id: 0, moveNo: order.moveNo, status: order.status } : undefined)

  // The step follows the order: a session still moving takes scans, anything else is shown.
  useEffect(() => {
    if (!no) { steps.go('order'); return }
    if (doc.isError) { fb.error(refusal(doc.error)); steps.go('order'); return }
    if (!order) return
    if (!moving) steps.go('done')
    else if (steps.current.id === 'order' || steps.current.id === 'done') steps.go('from')
  }, [no, order?.status, doc.isError]) // eslint-disable-line react-hooks/exhaustive-deps

  const open = useCallback((moveNo: string) => {
    setFrom(null); setSku(null); fb.clear()
    navigate(moveDetailsPath(moveNo))
  }, [navigate, fb])

  const newSession = async () => {
    const out = await runCommandById('move.station.open', {})
    if (out.status === 'ok') { const r = out.result as MoveMade; fb.info(msg(M('opened'), { moveNo: r.moveNo })) }
    else if (out.status === 'failed') fb.error(refusal(out.error))
  }
  const complete = async () => {
    if (!order) return
    const out = await runCommandById('move.order.complete', { moveNo: order.moveNo })
    if (out.status === 'ok') { fb.ok(msg('moves:done.completed', { moveNo: (out.result as MoveAnswer).moveNo })); await qc.invalidateQueries({ queryKey: ['grid', 'move-order-doc', no] }) }
    else if (out.status === 'failed') fb.error(refusal(out.error))
  }

  const move = async (to: string) => {
    if (!order || !from || !sku) return
    const n = Number(qty)
    const args: MoveScanArgs = { moveNo: order.moveNo, fromLocationCode: from, code: sku, qty: Number.isInteger(n) && n > 0 ? n : 1, toLocationCode: to, moveReserved: reserved }
    const out = await runCommandById('move.station.scan', args)
    if (out.status === 'ok') {
      const r = out.result as MoveScanned
      setLastLine(r.lineNo)
      setSku(null); setQty('1'); setReserved(false)
      steps.go('sku')
      fb.ok(msg('moves:done.moved', { qty: r.qty, skuCode: r.skuCode, fromLocationCode: r.fromLocationCode, toLocationCode: r.toLocationCode }))
    } else if (out.status === 'failed') {
      // Refused (over movable, unknown or disabled destination …): the scan is kept up to the failing step.
      fb.error(refusal(out.error))
    }
  }

  const onScan = (raw: string) => {
    const step = steps.current.id
    const m = classifyScan(MOVE_STATION, step, raw)
    const code = raw.trim().toUpperCase()
    if (!m) {
      fb.error(step === 'from' || step === 'to' ? msg('inbound:station.notLocation', { code }) : msg('inbound:station.notDocument', { code, document: msg('moves:document') }))
      return
    }
    if (m.kind === 'moveOrder') { if (m.code !== order?.moveNo) open(m.code); return }
    if (step === 'from') { setFrom(m.code); setSku(null); steps.go('sku'); fb.info(msg(M('fromSet'), { location: m.code })); return }
    if (step === 'sku') { setSku(m.code); steps.go('to'); fb.info(msg(M('skuSet'), { sku: m.code, qty: Number(qty) || 1 })); return }
    if (step === 'to') return move(m.code)
  }

  const back = () => {
    fb.clear()
    if (steps.current.id === 'to') { setSku(null); steps.go('sku') }
    else if (steps.current.id === 'sku') { setFrom(null); steps.go('from') }
  }

  const header = order && (
    <section className="flex flex-col gap-2" data-testid="move-order" data-no={order.moveNo} data-status={order.status}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="font-mono text-lg font-semibold">{order.moveNo}</h2>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-sm" data-testid="move-order-status">{t(dictLabelKey('moveOrderStatus', order.status))}</span>
        <span className="text-sm text-slate-700">{t(`moves:source.${order.source}`)}</span>
        <CommandButtons ids={['move.order.execute', 'move.order.cancel', 'move.order.complete']} ctx={ctx} label="moves:document" />
      </div>
      <dl className="grid grid-cols-[auto_1fr_auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="move-order-facts">
        <dt className="text-slate-600">{t('moves:fields.createdByName')}</dt><dd>{order.createdByName ?? '—'} · {order.createdAt ? formatTime(order.createdAt) : '—'}</dd>
        <dt className="text-slate-600">{t('moves:fields.completedByName')}</dt><dd>{order.completedByName ?? '—'} · {order.completedAt ? formatTime(order.completedAt) : '—'}</dd>
        <dt className="text-slate-600">{t('moves:fields.totalQty')}</dt><dd>{order.totalQty}</dd>
        <dt className="text-slate-600">{t('moves:fields.remark')}</dt><dd>{order.remark ?? '—'}</dd>
      </dl>
      <table className="w-full text-sm" data-testid="move-lines">
        <thead className="bg-slate-100 text-left">
          <tr>
            {(['lineNo', 'fromLocationCode', 'skuCode', 'batchNo', 'stockStatus', 'qty', 'toLocationCode', 'reservedMoved', 'movedByName', 'movedAt', 'explain'] as const).map((c) => (
              <th key={c} className={`px-2 py-1 ${c === 'qty' || c === 'reservedMoved' ? 'text-right' : ''}`}>{t(`moves:fields.${c}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {doc.data!.lines.length === 0 && <tr><td colSpan={11} className="px-2 py-2 text-slate-500">{t(M('noLines'))}</td></tr>}
          {doc.data!.lines.map((l) => (
            <tr key={l.lineNo} data-sku={l.skuCode} data-moved={l.movedQty} className={`border-b ${l.lineNo === lastLine ? 'bg-sky-50' : ''}`}>
              <td className="px-2 py-1">{l.lineNo}</td>
              <td className="px-2 py-1 font-mono">{l.fromLocationCode}</td>
              <td className="px-2 py-1 font-mono">{l.skuCode}</td>
              <td className="px-2 py-1">{l.batchNo || '—'}</td>
              <td className="px-2 py-1">{t(dictLabelKey('stockStatus', l.stockStatus))}</td>
              <td className="px-2 py-1 text-right font-semibold">{l.qty}</td>
              <td className="px-2 py-1 font-mono">{l.toLocationCode}</td>
              <td className="px-2 py-1 text-right">{l.moveReserved ? l.reservedMoved : '—'}</td>
              <td className="px-2 py-1">{l.movedByName ?? '—'}</td>
              <td className="px-2 py-1">{l.movedAt ? formatTime(l.movedAt) : t(M('notMoved'))}</td>
              <td className="px-2 py-1">
                {l.toBalanceId
                  ? <Link href={`${STOCK_LIST_PATH}?explain=${l.toBalanceId}`} className="text-sky-800 underline" data-testid="move-explain">{t(M('explainLink'), { location: l.toLocationCode })}</Link>
                  : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )

  return (
    <StationScreen def={MOVE_STATION} steps={steps} status={fb.status} pending={[]} onScan={onScan} scanRef={scanRef} onBack={back}
      scanLabelKey={steps.current.id === 'done' ? M('step.order') : undefined}
      keys={{ q: () => focusField(qtyRef.current), r: () => setReserved((v) => !v), n: () => void newSession(), c: () => void complete() }}
      fieldCols="grid-cols-[1fr_7rem_11rem_11rem_9rem]"
      fields={<>
        <SideField inputRef={qtyRef} value={qty} onChange={setQty} numeric labelKey={M('qty')} testId="station-qty" />
        <p className="rounded bg-slate-100 px-3 py-2 text-center font-mono" data-testid="move-from" aria-label={t('moves:fields.fromLocationCode')}>{from ?? t(M('noFrom'))}</p>
        <p className="rounded bg-slate-100 px-3 py-2 text-center font-mono" data-testid="move-sku" aria-label={t('moves:fields.code')}>{sku ?? t(M('noSku'))}</p>
        <p className={`rounded px-3 py-2 text-center text-sm ${reserved ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700'}`} data-testid="move-reserved">
          {t(reserved ? M('reservedOn') : M('reservedOff'))}
        </p>
      </>}>
      {header}
    </StationScreen>
  )
}
