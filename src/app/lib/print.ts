// Print helpers (spec sections 8 and 9): elements with class no-print never print; an export for
// label printers takes the paper width in mm; a missing DOM node logs a warning and yields ''.

/** Resolves a node or a CSS selector; warns and returns null when nothing matches. */
function resolveNode(target: Element | string | null | undefined): Element | null {
  const el = typeof target === 'string' ? document.querySelector(target) : target ?? null
  if (!el) console.warn('[print] DOM node not found:', target)
  return el
}

/** The node's HTML with every .no-print element removed (the page itself is left untouched). */
export function printableHtml(target: Element | string | null | undefined): string {
  const el = resolveNode(target)
  if (!el) return ''
  const clone = el.cloneNode(true) as Element
  clone.querySelectorAll('.no-print').forEach((n) => n.remove())
  if (clone.classList.contains('no-print')) return ''
  return clone.outerHTML
}

/**
 * A standalone HTML document of the node sized for `widthMm` paper, for a label printer or a print
 * frame. Copies the page's stylesheets so the print looks like the screen.
 */
export function printExport(target: Element | string | null | undefined, widthMm: number): string {
  const body = printableHtml(target)
  if (!body) return ''
  const w = Number.isFinite(widthMm) && widthMm > 0 ? widthMm : 210
  const styles = [...document.querySelectorAll('style, link[rel="stylesheet"]')].map((n) => n.outerHTML).join('\n')
  return `<!doctype html><html><head><meta charset="utf-8">${styles}<style>@page{size:${w}mm auto;margin:0}html,body{width:${w}mm;margin:0}.no-print{display:none!important}</style></head><body>${body}</body></html>`
}

/**
 * Prints a node through a hidden frame (so only that node prints, .no-print hidden). Returns the
 * HTML printed, '' when the node is missing.
 */
export function printNode(target: Element | string | null | undefined, widthMm = 210): string {
  const html = printExport(target, widthMm)
  if (!html) return ''
  const frame = document.createElement('iframe')
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0'
  frame.setAttribute('aria-hidden', 'true')
  document.body.appendChild(frame)
  const doc = frame.contentDocument
  const win = frame.contentWindow
  if (!doc || !win) { frame.remove(); return '' }
  doc.open(); doc.write(html); doc.close()
  const go = () => {
    win.focus()
    win.print()
    // The print dialog is modal in most browsers; remove the frame after it returns.
    setTimeout(() => frame.remove(), 1000)
  }
  if (doc.readyState === 'complete') setTimeout(go, 50)
  else win.addEventListener('load', go, { once: true })
  return html
}

/** Prints the whole page; the global stylesheet hides .no-print under @media print. */
export function printPage(): void {
  window.print()
}
