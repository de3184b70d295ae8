// The visible parts every station shares: the big coloured status line (aria-live, so a screen reader
// and a glance both get the answer), the pending-scans strip (a scan waiting for the server is shown,
// never hidden), the step bar and the keyboard help line.
import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { usePageActive } from '../pages/kit'
import { playTone, statusText, type FeedbackKind, type StationStatus, type StationText } from './feedback'
import type { ScanItem } from './queue'
import type { StepModel } from './steps'

const TONE: Record<FeedbackKind, string> = {
  ok: 'bg-emerald-600 text-white',
  error: 'bg-red-600 text-white',
  info: 'bg-slate-100 text-slate-800',
  pending: 'bg-amber-400 text-slate-900',
}

/**
 * Status state + helpers that also play the tone (ok/error). A text is a key and its params
 * (`msg(key, params)`, or `refusal(error)` for a server refusal), translated when the line is drawn —
 * so a language change re-translates it. Tones play only while the station is the visible page: an
 * answer reaching a station kept alive behind another tab updates its line silently.
 */
export function useStationFeedback(initial?: Omit<StationStatus, 'seq'>) {
  const [status, setStatus] = useState<StationStatus | null>(initial ? { ...initial, seq: 0 } : null)
  const active = usePageActive()
  const visible = useRef(active)
  useLayoutEffect(() => { visible.current = active }, [active])
  const show = useCallback((kind: FeedbackKind, text: StationText) => {
    setStatus((s) => ({ kind, text, seq: (s?.seq ?? 0) + 1 }))
    if ((kind === 'ok' || kind === 'error') && visible.current) playTone(kind)
  }, [])
  return {
    status,
    ok: useCallback((m: StationText) => show('ok', m), [show]),
    error: useCallback((m: StationText) => show('error', m), [show]),
    info: useCallback((m: StationText) => show('info', m), [show]),
    clear: useCallback(() => setStatus(null), []),
  }
}

export function StatusLine({ status, idleKey }: { status: StationStatus | null; idleKey?: string }) {
  const { t } = useTranslation()
  const kind = status?.kind ?? 'info'
  const text = status ? statusText(status.text, (k, p) => String(t(k, p as never))) : (idleKey ? t(idleKey) : '')
  return (
    <div
      role="status" aria-live="assertive" aria-atomic="true" data-testid="station-status" data-kind={kind}
      className={`min-h-16 rounded px-4 py-3 text-2xl font-semibold ${TONE[kind]}`}
    >
      {/* The key forces a re-render (and a re-announcement) of an identical message. */}
      <span key={status?.seq ?? 0}>{text}</span>
    </div>
  )
}

export function PendingScans<A>({ items }: { items: readonly ScanItem<A>[] }) {
  const { t } = useTranslation()
  if (!items.length) return null
  const retrying = items.some((i) => i.state === 'retrying')
  return (
    <div data-testid="station-pending" className={`rounded border px-3 py-2 text-sm ${retrying ? 'border-amber-500 bg-amber-50' : 'border-slate-300'}`}>
      <div className="font-medium">
        {t('inbound:station.pending', { count: items.length })}
        {retrying && <span className="ml-2 text-amber-700">{t('inbound:station.retrying', { error: items[0]!.lastError ?? '' })}</span>}
      </div>
      <ol className="mt-1 flex flex-wrap gap-2 font-mono">
        {items.map((i) => (
          <li key={i.key} data-state={i.state} className="rounded bg-slate-100 px-2">{i.label || '·'}</li>
        ))}
      </ol>
    </div>
  )
}

export function StepBar({ model }: { model: StepModel }) {
  const { t } = useTranslation()
  return (
    <ol className="flex gap-2 text-sm" data-testid="station-steps">
      {model.steps.map((s, i) => (
        <li key={s.id} aria-current={i === model.index ? 'step' : undefined}
          className={`rounded px-2 py-1 ${i === model.index ? 'bg-sky-600 text-white' : i < model.index ? 'bg-sky-100 text-sky-900' : 'bg-slate-100 text-slate-500'}`}>
          {i + 1}. {t(s.promptKey)}
        </li>
      ))}
    </ol>
  )
}

export interface KeyHint { keys: string; labelKey: string }

/** One line of the station's keys (e.g. "Enter submit · Alt+Q quantity · Esc back"). */
export function KeyHelp({ hints }: { hints: readonly KeyHint[] }) {
  const { t } = useTranslation()
  return (
    <p className="text-xs text-slate-500" data-testid="station-keys">
      {hints.map((h, i) => (
        <span key={h.keys}>
          {i > 0 && ' · '}
          <kbd className="rounded border border-slate-300 px-1 font-mono">{h.keys}</kbd> {t(h.labelKey)}
        </span>
      ))}
    </p>
  )
}
