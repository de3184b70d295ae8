// Data dictionary items (screen system-manage/datadictionary/basicdate; spec section 3 "Dictionary"):
// the `dict_item` table the shell serves at GET …/dict/all. Bundled enums are seeded with a
// translation key (label_key); an administrator may set a label per language, which then wins over
// the bundled translation everywhere an enum value is labelled (src/server/areas/session/reference.ts
// and the client's dictionary cache, session storage 'Dictionaries').
import { defineResource } from '../../resource'
import { DICT_ITEM_RESOURCE } from '../../dictionaries'

export const dictItemResource = defineResource({
  name: DICT_ITEM_RESOURCE,
  table: 'dict_item',
  scope: 'global',
  menuCode: 'basicdate',
  component: 'system/basicdate',
  ns: 'admin',
  existingTable: true,
  fields: {
    dictCode: { kind: 'text', required: true, maxLength: 64, pattern: /^[A-Za-z][A-Za-z0-9_]{0,63}$/, patternKey: 'admin:dictItem.rules.dictCode', width: 180 },
    dictValue: { kind: 'text', required: true, maxLength: 64, width: 110 },
    dictLabel: { kind: 'text', required: true, maxLength: 100, width: 160 },
    labelZh: { kind: 'text', maxLength: 100, width: 140 },
    labelEn: { kind: 'text', maxLength: 100, width: 140 },
    labelEsMx: { kind: 'text', maxLength: 100, width: 140 },
    /** Translation key of a bundled value; system-managed. */
    labelKey: { kind: 'text', readOnly: true, hideInList: true },
    sort: { kind: 'int', min: 0, max: 9999, default: 0, width: 80 },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: {
    columns: ['dictCode', 'dictValue', 'dictLabel', 'labelZh', 'labelEn', 'labelEsMx', 'sort', 'status'],
    filters: { q: 'text', dictCode: 'text', status: 'enum' },
    search: ['dictCode', 'dictValue', 'dictLabel', 'labelZh', 'labelEn', 'labelEsMx'],
    defaultSort: 'dictCode:asc',
  },
  form: [['dictCode', 'dictValue'], ['dictLabel', 'sort'], ['labelZh', 'labelEn', 'labelEsMx'], ['status']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  delete: 'hard',
})
