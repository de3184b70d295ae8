// Storage area groups: a named set of storage areas (used by strategies and task paths). The spec's
// calls are all POST (/wms-plus-base/storageAreaGroup/page, /insert, /update): served by the custom
// routes of src/server/resources/custom/warehouse over the same handlers.
import { defineResource } from '../../resource'

export const storageAreaGroupResource = defineResource({
  name: 'storageAreaGroup',
  table: 'storage_area_group',
  scope: 'warehouse',
  menuCode: 'storage-group',
  component: 'warehouse/storage-group',
  ns: 'res-warehouse',
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 32, width: 110 },
    name: { kind: 'text', required: true, maxLength: 100, width: 180 },
    areaIds: { kind: 'refMany', ref: 'storageArea', required: true },
    remark: { kind: 'textarea', maxLength: 500, hideInList: true },
  },
  list: {
    columns: ['code', 'name', 'areaIds'],
    filters: { q: 'text', areaIds: 'ref' },
    search: ['code', 'name'],
    defaultSort: 'code:asc',
  },
  form: [['code', 'name'], ['areaIds'], ['remark']],
  delete: 'hard',
  refine: (v) => Array.isArray(v.areaIds) && v.areaIds.length === 0
    ? [{ path: 'areaIds', messageKey: 'errors:field.required' }]
    : Array.isArray(v.areaIds) && new Set(v.areaIds).size !== v.areaIds.length
      ? [{ path: 'areaIds', messageKey: 'res-warehouse:rules.duplicateArea' }]
      : [],
})
