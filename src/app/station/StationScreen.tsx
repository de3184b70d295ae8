// The frame every declared station renders alike (define.ts): title and step bar (with the page's own
// header actions), the big status line, the scan field labelled with the current step's prompt, the
// pending scans, the station's panels (children) and its key hints. The root carries the test id
// `<id>-station` and `data-step`, and handles the keys the page gives it (Alt+letter actions) before
// the common ones (a side field's Enter/Esc back to the scan field, Esc on the empty field one step back).
import type { KeyboardEvent, ReactNode, RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import type { StationDef } from './define'
import type { StationStatus } from './feedback'
import type { ScanItem } from './queue'
import { ScanInput } from './ScanInput'
import { KeyHelp, PendingScans, StatusLine, StepBar } from './StationUi'
import type { StepModel } from './steps'
import { altLetter, stationFieldKeys } from './keys'

export interface StationScreenProps {
  def: StationDef
  steps: StepModel
  status: StationStatus | null
  pending: readonly ScanItem<unknown>[]
  onScan(code: string): void
  scanRef: RefObject<HTMLInputElement | null>
  /** False while a dialog of the station is open. */
  active?: boolean
  /** Alt+letter actions of this station. */
  keys?: Readonly<Record<string, () => void>>
  onBack(): void
  actions?: ReactNode
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
  return (
    <div className="flex flex-col gap-3 p-4" data-testid={`${p.def.id}-station`} data-step={p.steps.current.id} onKeyDown={keyDown}>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{t(p.def.titleKey)}</h1>
        <StepBar model={p.steps} />
        <div className="ml-auto flex items-center gap-2">{p.actions}</div>
      </div>
      <StatusLine status={p.status} idleKey={p.def.idleKey} />
      <ScanInput inputRef={p.scanRef} labelKey={p.steps.current.promptKey} onScan={p.onScan} active={p.active !== false} testId="scan-input" />
      <PendingScans items={p.pending} />
      {p.children}
      <KeyHelp hints={p.def.hints} />
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
