// The printer picker of "Print face sheet on a printer…" (prompt kind FACE_SHEET_PRINTER_PROMPT): the
// enabled printers of the current warehouse+tenant — code and name, format and paper, and whether it is
// connected (a disconnected one stays listed: the server answers with the spec's "printer not
// connected"). They come from the route for roles that print (PRINTERS_API, src/domain/print.ts: any
// print permission, e.g. the shipper's face sheet print), not from printer management's resource list,
// which only its own screen's role may read. Prompt options are synchronous, so the face sheet screen
// loads the list when it opens (usePrinters), as the picking screens do for their assignees.
import { useEffect } from 'react'
import { registerPromptKind } from '../../../commands/interaction'
import { i18next } from '../../../i18n'
import { api } from '../../../api/clients'
import { FACE_SHEET_PRINTER_PROMPT } from '../../../../../commands/outbound-face-sheets'
import { PRINTERS_API, type PrinterOption } from '../../../../domain/print'

let loaded: PrinterOption[] = []

registerPromptKind(FACE_SHEET_PRINTER_PROMPT, {
  titleKey: 'outbound-label:ui.choosePrinter',
  options: () => loaded.map((p) => ({
    value: p.id,
    label: `${p.code} · ${p.name}`,
    hint: [i18next.t(`dict:printerFormat.${p.format}`), i18next.t(`inbound:labels.paper.${p.paper}`), p.connected ? '' : i18next.t('outbound-label:ui.notConnected')].filter(Boolean).join(' · '),
  })),
})

/** Loads the enabled printers once the screen opens (the prompt then offers them). */
export function usePrinters(enabled = true): void {
  useEffect(() => {
    if (!enabled) return
    let live = true
    api.get<PrinterOption[]>(PRINTERS_API, undefined, { silent: true })
      .then((r) => { if (live) loaded = r })
      .catch(() => { /* the prompt then offers nothing; the print setup printer still prints */ })
    return () => { live = false }
  }, [enabled])
}
