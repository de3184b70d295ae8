// The container-loading station (container-load → container-loading, component
// 'container-load/container-loading', ?container=<number>), keyboard and scanner only, declared on the
// station kit. First the container: its number (or the loading document's ZG number) opens the document
// still loading for it. Then each box code — or a shipment number FY…, all its boxes at once — is one
// containers.loading.scan through the scan queue (own Idempotency-Key, in order, resent while the network
// is away: a box is loaded once however often the network drops). The answer: loaded / already loaded, and
// the live count of boxes, volume and weight against the container's capacity and max payload. Refusals
// are the server's words naming the box (another container's box naming that container, AGL mixing, not
// closed, not in a shipment, over capacity). Alt+U: the next box scanned is taken back out; Alt+F finish
// loading; Alt+C close (seal number); Alt+S ship; Esc on the empty field: back to the container.
import { useEffect, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { runCommandById } from '../../commands/run'
import { session } from '../../state/session'
import { BigFact, StationScreen, classifyScan, commandSender, defineStation, msg, refusal, useScanQueue, useStationFeedback, useSteps } from '../../station'
import { CommandButtons } from '../documents/CommandButtons'
import { useDocumentContext } from '../documents/useDocumentContext'
import { usePageSearch } from '../kit'
import { stationPath, CONTAINER_STATION_PATH, type LoadScanArgs, type LoadScanned, type LoadTotals } from '../../../../commands/container-loading'
import { LoadingStatus } from '../../../domain/container-loading'
import { fetchByContainer, fetchLoading } from './api'
import { LoadedBoxes, LoadingFacts } from './parts'

const C = (k: string) => `containers:station.${k}`
type Step = 'container' | 'box'

export const CONTAINER_STATION = defineStation<Step>({
  id: 'container-loading',
  titleKey: C('title'),
  idleKey: C('idle'),
  steps: [{ id: 'container', promptKey: C('step.container') }, { id: 'box', promptKey: C('step.box') }],
  accepts: { container: ['loadingDoc', 'container'], box: ['loadingDoc', 'box'] },
  hints: [
    { keys: 'Enter', labelKey: C('keys.enter') },
    { keys: 'Alt+U', labelKey: C('keys.unload') },
    { keys: 'Alt+F', labelKey: C('keys.finish') },
    { keys: 'Alt+C', labelKey: C('keys.close') },
    { keys: 'Alt+S', labelKey: C('keys.ship') },
    { keys: 'Esc', labelKey: C('keys.back') },
  ],
})

export default function ContainerLoadingStation() {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const [, navigate] = useLocation()
  const container = (new URLSearchParams(usePageSearch()).get('container') ?? '').trim().toUpperCase()
  const steps = useSteps(CONTAINER_STATION.steps)
  const fb = useStationFeedback()
  const scanRef = useRef<HTMLInputElement>(null)
  const [unloading, setUnloading] = useState(false)
  const [totals, setTotals] = useState<{ loadingNo: string; totals: LoadTotals } | null>(null)
  const [lastBoxes, setLastBoxes] = useState<string[]>([])

  const key = ['grid', 'container-loading-doc', container]
  const doc = useQuery({ queryKey: key, queryFn: () => fetchByContainer(container), enabled: !!container, retry: false, staleTime: 0 })
  const d = doc.data
  const { ctx } = useDocumentContext('container-loading', d ? { id: 0, loadingNo: d.loadingNo, containerNo: d.containerNo, status: d.status, shippedAt: d.shippedAt } : undefined)
  // The last answer's count (it is newer than the document read until the refetch lands).
  const live = totals && d && totals.loadingNo === d.loadingNo ? totals.totals : d?.totals

  useEffect(() => {
    if (!container) { steps.go('container'); return }
    if (doc.isError) { fb.error(refusal(doc.error)); steps.go('container'); return }
    if (!d) return
    steps.go('box')
    fb.info(msg(d.status === LoadingStatus.WaitingLoad ? C('opened') : C('notLoading'), { containerNo: d.containerNo, loadingNo: d.loadingNo }))
  }, [container, d?.loadingNo, doc.isError]) // eslint-disable-line react-hooks/exhaustive-deps

  const refresh = () => qc.invalidateQueries({ queryKey: key })
  const { queue, pending } = useScanQueue<LoadScanArgs, LoadScanned>({
    send: commandSender<LoadScanArgs, LoadScanned>('containers.loading.scan'),
    storageKey: `station:container-loading:${session.userId}:${session.tenantId}:${session.warehouseId}`,
    onDone: (_item, r) => {
      setTotals({ loadingNo: r.loadingNo, totals: r.totals })
      setLastBoxes(r.loaded.length ? r.loaded : r.already)
      if (r.loaded.length) fb.ok(msg(C(r.kind === 'shipment' ? 'loadedShipment' : 'loaded'), { boxes: r.loaded.join(', '), count: r.loaded.length, already: r.already.length }))
      else fb.info(msg(C('already'), { boxes: r.already.join(', ') }))
      void refresh()
    },
    onRefused: (_item, e) => fb.error(refusal(e)),
    onRetry: () => fb.info(msg('inbound:station.network')),
  })

  const openContainer = async (code: string, kind: string) => {
    if (kind === 'loadingDoc') {
      try { const v = await fetchLoading(code); navigate(stationPath(v.containerNo)) } catch (e) { fb.error(refusal(e)) }
      return
    }
    navigate(stationPath(code))
  }

  const unload = async (boxCode: string) => {
    if (!d) return
    setUnloading(false)
    const out = await runCommandById('containers.loading.unload', { loadingNo: d.loadingNo, boxCode })
    if (out.status === 'ok') { setTotals({ loadingNo: d.loadingNo, totals: (out.result as { totals: LoadTotals }).totals }); fb.ok(msg('containers:done.unloaded', { boxCode })); void refresh() }
    else if (out.status === 'failed') fb.error(refusal(out.error))
  }

  const onScan = (raw: string) => {
    const step = steps.current.id
    const m = classifyScan(CONTAINER_STATION, step, raw)
    const code = raw.trim().toUpperCase()
    if (!m) { fb.error(msg(C(step === 'container' ? 'notContainer' : 'notBox'), { code })); return }
    if (step === 'container' || m.kind === 'loadingDoc') return openContainer(m.code, m.kind)
    if (!d) return
    if (unloading) return unload(m.code)
    queue.enqueue({ loadingNo: d.loadingNo, code: m.code }, m.code)
  }

  const act = async (id: string) => {
    if (!d) return
    const out = await runCommandById(id, id === 'containers.loading.close' ? undefined : { loadingNo: d.loadingNo })
    if (out.status === 'ok') {
      const key2 = id === 'containers.loading.finish' ? 'finished' : id === 'containers.loading.close' ? 'closed' : 'shipped'
      fb.ok(msg(key2 === 'finished' ? C('finished') : `containers:done.${key2}`, { containerNo: d.containerNo }))
      void refresh()
    } else if (out.status === 'failed') fb.error(refusal(out.error))
  }
  const back = () => {
    fb.clear()
    if (unloading) { setUnloading(false); return }
    if (steps.current.id === 'box') navigate(CONTAINER_STATION_PATH)
  }

  const pctOf = (v: number, of: number) => (of > 0 ? Math.min(100, Math.round((v / of) * 100)) : 0)
  return (
    <StationScreen def={CONTAINER_STATION} steps={steps} status={fb.status} pending={pending} onScan={onScan} scanRef={scanRef} onBack={back}
      scanLabelKey={unloading ? C('step.unload') : undefined}
      keys={{ u: () => { if (d) { setUnloading((v) => !v); fb.info(msg(C('unloadMode'))) } }, f: () => void act('containers.loading.finish'), c: () => void act('containers.loading.close'), s: () => void act('containers.loading.ship') }}
      actions={d && <CommandButtons ids={['containers.loading.finish', 'containers.loading.close', 'containers.loading.ship']} ctx={ctx} label="containers:document" />}>
      {d && live && (
        <section aria-label={t(C('count'))} className="grid grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)] gap-x-6 gap-y-2 rounded border-2 border-slate-300 p-3" data-testid="loading-count"
          data-boxes={live.boxes} data-volume={live.volume} data-weight={live.weight}>
          <BigFact labelKey="containers:fields.containerNo" value={d.containerNo} testId="loading-container" size="text-3xl" />
          <BigFact labelKey="containers:fields.boxes" value={String(live.boxes)} testId="loading-boxes" size="text-5xl" />
          <Gauge labelKey="containers:fields.volume" value={live.volume} of={live.capacityVolume} pct={pctOf(live.volume, live.capacityVolume)} testId="loading-volume" />
          <Gauge labelKey="containers:fields.weight" value={live.weight} of={live.maxWeight} pct={pctOf(live.weight, live.maxWeight)} testId="loading-weight" />
          <p className="col-span-4 text-sm text-slate-700" data-testid="loading-line">
            {t(C('line'), { loadingNo: d.loadingNo, size: d.containerSize, status: t(`dict:loadingStatus.${d.status}`) })}
            {d.agl ? ` · ${t('containers:fields.agl')}` : ''}
            {unloading ? ` · ${t(C('unloadMode'))}` : ''}
          </p>
        </section>
      )}
      {d && <LoadingFacts view={d} compact />}
      {d && <LoadedBoxes boxes={d.boxes} highlight={lastBoxes} />}
    </StationScreen>
  )
}

/** A figure against its limit: "12.5 / 26 500" with a bar (amber from 90 %). */
function Gauge({ labelKey, value, of, pct, testId }: { labelKey: string; value: number; of: number; pct: number; testId: string }) {
  const { t, i18n } = useTranslation()
  const nf = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 })
  return (
    <div className="flex min-w-0 flex-col gap-1 px-2 py-1">
      <span className="text-sm font-medium text-slate-700">{t(labelKey)}</span>
      <span className="font-mono text-2xl font-bold tabular-nums" data-testid={testId}>{nf.format(value)} <span className="text-base font-normal text-slate-600">/ {nf.format(of)}</span></span>
      <div className="h-2 w-full rounded bg-slate-200" role="meter" aria-label={t(labelKey)} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <div className={`h-2 rounded ${pct >= 90 ? 'bg-amber-600' : 'bg-emerald-700'}`} style={{ width: `${pct}%` }} />
      </div>
    </div>
  )
}
