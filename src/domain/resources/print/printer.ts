// Printers of a warehouse (print-manage → printer-management, issue 13 §3): PDF (laser, plain paper)
// or ZPL (thermal label printers), the paper loaded, the address, and the simulated connection — a
// printer that is not connected refuses print jobs with the spec's "printer not connected".
import { defineResource } from '../../resource'
import { PRINTER_ADDRESS_KEY, PRINTER_ADDRESS_RE } from '../../printer-address'

export const printerResource = defineResource({
  name: 'printer',
  table: 'printer',
  scope: 'warehouse',
  menuCode: 'printer-management',
  component: 'print/printer-management',
  ns: 'print',
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 32, width: 130 },
    name: { kind: 'text', required: true, maxLength: 100, width: 180 },
    format: { kind: 'enum', dict: 'printerFormat', required: true, default: 'pdf', width: 120 },
    paper: { kind: 'enum', dict: 'labelPaper', required: true, default: 'PackageLabel_Plain_Paper', width: 190 },
    // Only the printer protocols the console speaks (issue 19 §3 I5): ../../printer-address.ts.
    address: { kind: 'text', maxLength: 200, width: 180, pattern: PRINTER_ADDRESS_RE, patternKey: PRINTER_ADDRESS_KEY },
    connected: { kind: 'bool', required: true, default: true, width: 110 },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: {
    columns: ['code', 'name', 'format', 'paper', 'address', 'connected', 'status'],
    filters: { q: 'text', format: 'enum', status: 'enum' },
    search: ['code', 'name'],
    defaultSort: 'code:asc',
  },
  form: [['code', 'name'], ['format', 'paper'], ['address', 'connected'], ['status']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
})
