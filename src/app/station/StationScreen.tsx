// The frame every declared station renders alike (define.ts): title and step bar (with the page's own
// header actions), a panel above the status line when the page has one (a create form), the big status
// line, the scan field labelled with the current step's prompt with the station's side fields beside it
// (quantity, batch, box … — SideField), the pending scans, the station's panels (children) and its key
// hints. The root carries the test id
// `<id>-station` and `data-step`, and handles the keys the page gives it (Alt+letter actions) before
// the common ones (a side field's Enter/Esc back to the scan field, Esc on the empty field one step back).
// Scans reach the page one after another (serial.ts): a handler that reads the server first returns its
// promise and the scans behind it wait, shown with the pending ones; the optional double-read guard
// drops a second read of one code within the warehouse's interval and the page says so.
import { useMemo, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import type { StationDef } from './define'
import type { StationStatus } from './feedback'
import type { ScanItem } from './queue'
import { ScanInput } from './ScanInput'
import { KeyHelp, PendingScans, StatusLine, StepBar, type KeyHint } from './StationUi'
import type { StepModel } from './steps'
import { altLetter, stationFieldKeys } from './keys'
import { useSerialScans, type DoubleReadGuard } from './serial'

export interface StationScreenProps {
  def: StationDef
  steps: StepModel
  status: StationStatus | null
  pending: readonly ScanItem<unknown>[]
  /** One scan; return the promise of a read it waits for (document, location, slot): later scans wait behind it. */
  onScan(code: string): void | Promise<unknown>
  /** The warehouse's double-read guard (off unless set): a second read of one code within `ms` is dropped. */
  doubleRead?: DoubleReadGuard
  scanRef: RefObject<HTMLInputElement | null>
  /** False while a dialog of the station is open. */
  active?: boolean
  /** Alt+letter actions of this station. */
  keys?: Readonly<Record<string, () => void>>
  onBack(): void
  actions?: ReactNode
  /** The scan field's label when it is not the current step's prompt (a finished document still takes the next one's number). */
  scanLabelKey?: string
  /** Side fields beside the scan field, laid out by `fieldCols` (a grid-cols class whose first column is the scan field). */
  fields?: ReactNode
  fieldCols?: string
  /** A panel between the header and the status line (the page's create form). */
  above?: ReactNode
  /** The key hints when the page adds its own to the declared ones (its actions' Alt keys). */
  hints?: readonly KeyHint[]
  children?: ReactNode
}

export function StationScreen(p: StationScreenProps) {
  const { t } = useTranslation()
  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (p.active === false) return
    const letter = altLetter(e)
    const act = letter ? p.keys?.[letter] : undefined
    if (act) { e.preventDefault(); act(); return }
    stationFieldKeys(e, p.scanRef.current, p.onBack)
  }
  const serial = useSerialScans(p.onScan, p.doubleRead)
  // Scans waiting for an earlier one's read, shown after the ones already in the station's queue.
  const pending = useMemo(() => [
    ...p.pending,
    ...serial.waiting.map((code, i): ScanItem<unknown> => ({ seq: -1 - i, key: `waiting-${i}`, args: null, label: code, state: 'queued', attempts: 0, at: 0 })),
  ], [p.pending, serial.waiting])
  const scan = <ScanInput inputRef={p.scanRef} labelKey={p.scanLabelKey ?? p.steps.current.promptKey} onScan={serial.submit} active={p.active !== false} testId="scan-input" />
  return (
    <div className="flex flex-col gap-3 p-4" data-testid={`${p.def.id}-station`} data-step={p.steps.current.id} onKeyDown={keyDown}>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{t(p.def.titleKey)}</h1>
        <StepBar model={p.steps} />
        <div className="ml-auto flex items-center gap-2">{p.actions}</div>
      </div>
      {p.above}
      <StatusLine status={p.status} idleKey={p.def.idleKey} />
      {p.fields ? (
        <div className={`grid items-end gap-3 ${p.fieldCols ?? 'grid-cols-[1fr_8rem]'}`}>
          {scan}
          {p.fields}
        </div>
      ) : scan}
      <PendingScans items={pending} />
      {p.children}
      <KeyHelp hints={p.hints ?? p.def.hints} />
    </div>
  )
}

/** One fact read from a distance: a label and a large value. */
export function BigFact({ labelKey, value, testId, size = 'text-4xl', active }: { labelKey: string; value: string; testId: string; size?: string; active?: boolean }) {
  const { t } = useTranslation()
  return (
    <div className={`flex min-w-0 flex-col rounded px-2 py-1 ${active ? 'bg-sky-50 ring-2 ring-sky-700' : ''}`}>
      <span className="text-sm font-medium text-slate-700">{t(labelKey)}</span>
      <span className={`break-all font-mono font-bold leading-tight ${size}`} data-testid={testId}>{value}</span>
    </div>
  )
}

/** A side field of a station (quantity, batch, box, line …): Enter or Esc in it goes back to the scan field (data-station-field, keys.ts). */
export function SideField({ labelKey, value, onChange, inputRef, numeric, testId }: {
  labelKey: string; value: string; onChange(v: string): void; inputRef: RefObject<HTMLInputElement | null>; numeric?: boolean; testId: string
}) {
  const { t } = useTranslation()
  return (
    <label className="flex flex-col gap-1">
      <span className="text-sm text-slate-600">{t(labelKey)}</span>
      <input
        ref={inputRef} data-station-field="1" data-testid={testId} inputMode={numeric ? 'numeric' : undefined} autoComplete="off"
        className="rounded border border-slate-300 px-2 py-2 font-mono text-lg" value={value} onChange={(e) => onChange(e.target.value)}
      />
    </label>
  )
}
