// Storage areas (spec section 3): the nine storage area types of spec section 9.
import { defineResource } from '../../resource'

export const storageAreaResource = defineResource({
  name: 'storageArea',
  table: 'storage_area',
  scope: 'warehouse',
  menuCode: 'storage-area',
  component: 'warehouse/storage-area',
  ns: 'res-warehouse',
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 32, width: 110 },
    name: { kind: 'text', required: true, maxLength: 100, width: 180 },
    type: { kind: 'enum', dict: 'storageAreaType', column: 'area_type', required: true },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
    remark: { kind: 'textarea', maxLength: 500, hideInList: true },
  },
  list: {
    columns: ['code', 'name', 'type', 'status'],
    filters: { q: 'text', type: 'enum', status: 'enum' },
    search: ['code', 'name'],
    defaultSort: 'code:asc',
  },
  form: [['code', 'name'], ['type', 'status'], ['remark']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  specPaths: { page: '/wms-base/basestoragearea/page', base: '/wms-base/basestoragearea', list: '/wms-base/basestoragearea/list' },
})
