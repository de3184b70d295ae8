// Focus on arrival (issue 18 §1): one mechanism in the shell puts the keyboard where a page's work is,
// whatever brought the operator there — palette, document jump, sidebar, tab switch, a dialog closing,
// a filter applied. A page never manages arrival focus by hand; it declares its primary focus target
// once by marking it with `data-primary-focus` (primaryFocusProps):
//   • DataGrid marks its grid once rows are there (the shell's focus makes the first row active), or
//     its first filter on an empty or failed list;
//   • ScanInput marks the scan field of every station;
//   • a form page marks its first field (or the shell falls back to the page's first enabled field).
// The shell (PageArea) calls focusPageWork() on every arrival; it waits while a modal dialog is open
// or the page is still loading, never steals focus the operator (or the page) already placed inside
// the page, and gives up after a while. Dialogs hand focus back through the same function when the
// element they were opened from is gone.

export const PRIMARY_FOCUS_ATTR = 'data-primary-focus'

/** Spread on the element that is the page's work (`ready` false: not yet — e.g. rows still loading). */
export function primaryFocusProps(ready = true): Record<string, string> {
  return ready ? { [PRIMARY_FOCUS_ATTR]: '' } : {}
}

const FIELD = 'input:not([type="hidden"]):not([disabled]):not([readonly]), select:not([disabled]), textarea:not([disabled]):not([readonly])'
const LOADING = '[aria-busy="true"], [role="status"][data-loading], :scope > [role="status"]'
/** How long a page may take to show its work before the shell stops waiting. */
export const ARRIVAL_TIMEOUT_MS = 15_000
const POLL_MS = 40
/** A page with no declared target and nothing loading for this long gets the fallback focus. */
const SETTLE_MS = 400

function shown(el: Element): el is HTMLElement {
  return el instanceof HTMLElement && el.isConnected && el.getClientRects().length > 0
}

/** The page the operator sees (kept-alive pages are rendered hidden beside it). */
export function activePage(doc: Document = document): HTMLElement | null {
  return [...doc.querySelectorAll('[data-page]')].find((p) => p instanceof HTMLElement && !p.hidden) as HTMLElement | null ?? null
}

/** A modal dialog (the palette, a confirmation, a form dialog, headlessui dialogs) owns the keyboard. */
export function modalOpen(doc: Document = document): boolean {
  return [...doc.querySelectorAll('[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]')].some(shown)
}

/** The page's declared work target, if it is there and visible. */
export function primaryTarget(page: ParentNode): HTMLElement | null {
  return [...page.querySelectorAll(`[${PRIMARY_FOCUS_ATTR}]`)].find(shown) ?? null
}

/** Where focus goes when a page declared nothing: its first enabled field, else the main area. */
export function fallbackTarget(page: HTMLElement): HTMLElement | null {
  const field = [...page.querySelectorAll(FIELD)].find(shown)
  if (field) return field
  return (page.closest('main') as HTMLElement | null) ?? null
}

function loading(page: HTMLElement): boolean {
  return [...page.querySelectorAll(LOADING)].some(shown)
}

let cancelPending: (() => void) | null = null

/** Stops a pending arrival (a newer arrival, or tests). */
export function cancelArrival(): void {
  cancelPending?.()
  cancelPending = null
}

export interface ArrivalOptions { timeoutMs?: number; now?: () => number }

/**
 * Puts focus on the active page's work as soon as it is there. Waits while a modal dialog is open or
 * the page loads; stops when focus was meanwhile placed inside the page by someone else (the page's
 * own field, the operator's Tab or click, a dialog giving focus back to its opener).
 */
export function focusPageWork(opts: ArrivalOptions = {}): void {
  cancelArrival()
  if (typeof document !== 'object') return
  const now = opts.now ?? (() => Date.now())
  const started = now()
  const deadline = started + (opts.timeoutMs ?? ARRIVAL_TIMEOUT_MS)
  let settledSince: number | null = null
  let seenModal = false
  const startFocus = document.activeElement
  let timer: ReturnType<typeof setTimeout> | null = null
  const stop = () => { if (timer) clearTimeout(timer); timer = null; if (cancelPending === stop) cancelPending = null }
  cancelPending = stop

  const placedByOthers = (page: HTMLElement) => {
    const a = document.activeElement
    if (!a || a === document.body || a === document.documentElement || !page.contains(a) || !shown(a)) return false
    // What had focus before the arrival does not count unless the page itself took it since.
    return a !== startFocus || seenModal
  }

  /** Focus put on the page area for lack of anything better: a target showing up later still takes it. */
  let parked: HTMLElement | null = null
  const tick = () => {
    timer = null
    if (cancelPending !== stop) return
    if (typeof document !== 'object') return stop()
    if (modalOpen()) { seenModal = true; settledSince = null; return schedule() }
    const page = activePage()
    if (page) {
      if (parked && document.activeElement !== parked) return stop()
      if (!parked && placedByOthers(page)) return stop()
      const target = primaryTarget(page)
      if (target) { focusTarget(target); return stop() }
      if (!parked && !loading(page)) {
        settledSince ??= now()
        if (now() - settledSince >= SETTLE_MS) {
          const fb = fallbackTarget(page)
          if (fb) focusTarget(fb)
          // A field is the page's work: done. The page area only holds the keys until the work shows.
          if (!fb || fb.tagName !== 'MAIN' || document.activeElement !== fb) return stop()
          parked = fb
        }
      } else if (!parked) settledSince = null
      else {
        const field = fallbackTarget(page)
        if (field && field !== parked) { focusTarget(field); return stop() }
      }
    }
    if (now() >= deadline) return stop()
    schedule()
  }
  const schedule = () => { timer = setTimeout(tick, POLL_MS) }
  tick()
}

function focusTarget(el: HTMLElement): void {
  if (document.activeElement === el) return
  // `main` is focusable only by script (tabIndex -1); everything else is focusable already.
  el.focus({ preventScroll: false })
}

/** The skip link and the "filters ↔ rows" key: true when something took the focus. */
export function focusPageWorkNow(): boolean {
  const page = activePage()
  if (!page) return false
  const target = primaryTarget(page) ?? fallbackTarget(page)
  if (!target) return false
  focusTarget(target)
  return document.activeElement === target
}
