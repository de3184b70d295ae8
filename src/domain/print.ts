// Printers for those who print (issue 18 §5): a role that holds a print permission — a print button of
// the menu catalog (face sheets, picking lists, inbound labels …) or the print-manage screens — lists
// the ENABLED printers of its warehouse-tenant pair through PRINTERS_API, without being granted printer
// management (whose resource list stays its own screen's). The face sheet's "print on a printer…"
// offers them.
import { PERMISSION_LIST } from './menu/catalog'

export const PRINTERS_API = '/api/print/printers'

/** The permissions that may list the printers: every `<screen>:print` button, and print setup / printer management. */
export const PRINTER_LIST_PERMISSIONS: readonly string[] = [
  ...PERMISSION_LIST.filter((p) => p.type === 'B' && p.code.endsWith(':print')).map((p) => p.code),
  'menu:print-setup', 'menu:printer-management',
]

/** A printer as a print dialog offers it. */
export interface PrinterOption { id: number; code: string; name: string; format: 'pdf' | 'zpl'; paper: string; connected: boolean }
