// Print setup (print-manage → print-setup): per kind of document, the printer a print goes to when
// none is chosen, the template (paper, code, format) and the copies. One row per kind and warehouse.
import { defineResource } from '../../resource'

export const printSettingResource = defineResource({
  name: 'printSetting',
  table: 'print_setting',
  scope: 'warehouse',
  menuCode: 'print-setup',
  component: 'print/print-setup',
  ns: 'print',
  fields: {
    docKind: { kind: 'enum', dict: 'printDocKind', required: true, unique: true, width: 140 },
    printerId: { kind: 'ref', ref: 'printer', required: true, width: 180 },
    templateId: { kind: 'ref', ref: 'printTemplate', width: 180 },
    copies: { kind: 'int', required: true, min: 1, max: 10, default: 1, width: 90 },
  },
  list: {
    columns: ['docKind', 'printerId', 'templateId', 'copies'],
    filters: { docKind: 'enum' },
    defaultSort: 'docKind:asc',
  },
  form: [['docKind', 'printerId'], ['templateId', 'copies']],
  delete: 'hard',
  label: 'docKind',
})
