// The station's step model: a fixed list of steps ("scan the document" → "scan SKU"), one current.
// Pure data + a tiny hook so every station shows its progress the same way.
import { useCallback, useState } from 'react'

export interface StationStep {
  id: string
  /** i18n key of what the operator is asked to do, e.g. 'inbound:station.step.scanDocument'. */
  promptKey: string
}

export interface StepModel {
  steps: readonly StationStep[]
  current: StationStep
  index: number
  go(id: string): void
  next(): void
  reset(): void
}

export function useSteps(steps: readonly StationStep[], initial?: string): StepModel {
  const first = Math.max(0, steps.findIndex((s) => s.id === initial))
  const [index, setIndex] = useState(first)
  const go = useCallback((id: string) => {
    const i = steps.findIndex((s) => s.id === id)
    if (i < 0) throw new Error(`unknown station step: ${id}`)
    setIndex(i)
  }, [steps])
  const next = useCallback(() => setIndex((i) => Math.min(steps.length - 1, i + 1)), [steps])
  const reset = useCallback(() => setIndex(0), [])
  return { steps, current: steps[Math.min(index, steps.length - 1)]!, index, go, next, reset }
}
