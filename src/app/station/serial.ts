// Scans one after another, whatever the gun's pace. A station's scan handler may answer at once (a
// location checked against the open task, a SKU put in the scan queue) or after a read (a document
// number opened, a location looked up, the slot of an item asked for) — it then returns that read's
// promise. A scan arriving while an earlier one is still being read waits here, in order, and is
// handed to the station's NEWEST handler once the earlier scan's answer has been rendered (so it sees
// the step and the document that answer set): ten scans within 100 ms are ten scans, applied in order,
// each once — never "scan too fast". The waiting codes are shown with the pending scans.
//
// The optional double-read guard (a warehouse setting, default off) drops a second read of the SAME
// code within `ms` of the previous read — a gun that reads one label twice — and says so (`onDropped`).
import { useCallback, useLayoutEffect, useRef, useState } from 'react'

export type ScanHandler = (code: string) => void | Promise<unknown>

export interface DoubleReadGuard {
  /** Milliseconds; 0 (or less) turns the guard off. */
  ms: number
  /** A read dropped by the guard: the station tells the operator what it dropped. */
  onDropped(code: string, ms: number): void
}

export function useSerialScans(onScan: ScanHandler, guard?: DoubleReadGuard): { submit(code: string): void; waiting: readonly string[] } {
  const latest = useRef(onScan)
  const guardRef = useRef(guard)
  useLayoutEffect(() => { latest.current = onScan; guardRef.current = guard })
  const queue = useRef<string[]>([])
  const busy = useRef(false)
  const lastRead = useRef<{ code: string; at: number } | null>(null)
  const [waiting, setWaiting] = useState<readonly string[]>([])
  /** Bumped when a scan's handling ends: the effect below hands the next waiting scan over after that render. */
  const [turn, setTurn] = useState(0)

  // The station stays busy until the render after a scan's answer: a scan arriving meanwhile waits, so
  // it never meets the handler of the step before that answer.
  const run = useCallback((code: string) => {
    busy.current = true
    const done = () => setTurn((n) => n + 1)
    let out: void | Promise<unknown>
    try { out = latest.current(code) } catch (e) { out = Promise.reject(e) }
    if (out && typeof (out as Promise<unknown>).then === 'function') (out as Promise<unknown>).then(done, done)
    else done()
  }, [])

  const submit = useCallback((code: string) => {
    const g = guardRef.current
    const now = performance.now()
    const prev = lastRead.current
    lastRead.current = { code, at: now }
    if (g && g.ms > 0 && prev && prev.code.toUpperCase() === code.toUpperCase() && now - prev.at < g.ms) {
      g.onDropped(code, g.ms)
      return
    }
    if (busy.current || queue.current.length) {
      queue.current.push(code)
      setWaiting([...queue.current])
      return
    }
    run(code)
  }, [run])

  // After the render of an answer (layout effect: before the browser handles the next key): the next waiting scan.
  useLayoutEffect(() => {
    if (turn === 0) return
    busy.current = false
    if (!queue.current.length) return
    const code = queue.current.shift()!
    setWaiting([...queue.current])
    run(code)
  }, [turn, run])

  return { submit, waiting }
}
