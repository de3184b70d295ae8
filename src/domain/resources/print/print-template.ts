// Print templates (print-manage → print-template): for a kind of document (face sheet, box, SKU or
// FNSKU label), the paper (spec section 9: PackageLabel_Plain_Paper, A4_2, A4_4, Letter_6 — 1, 2, 4 or
// 6 labels a page), barcode or QR, and PDF or ZPL.
import { defineResource } from '../../resource'

export const printTemplateResource = defineResource({
  name: 'printTemplate',
  table: 'print_template',
  scope: 'warehouse',
  menuCode: 'print-template',
  component: 'print/print-template',
  ns: 'print',
  fields: {
    name: { kind: 'text', required: true, unique: true, maxLength: 100, width: 180 },
    docKind: { kind: 'enum', dict: 'printDocKind', required: true, width: 130 },
    paper: { kind: 'enum', dict: 'labelPaper', required: true, default: 'PackageLabel_Plain_Paper', width: 190 },
    codeKind: { kind: 'enum', dict: 'barcodeKind', required: true, default: 'barcode', width: 110 },
    format: { kind: 'enum', dict: 'printerFormat', required: true, default: 'pdf', width: 120 },
    remark: { kind: 'textarea', maxLength: 500, hideInList: true },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: {
    columns: ['name', 'docKind', 'paper', 'codeKind', 'format', 'status'],
    filters: { q: 'text', docKind: 'enum', status: 'enum' },
    search: ['name'],
    defaultSort: 'name:asc',
  },
  form: [['name', 'docKind'], ['paper', 'codeKind'], ['format', 'status'], ['remark']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
})
