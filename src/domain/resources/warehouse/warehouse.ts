// Warehouses (spec section 3 "Warehouse"): the core `warehouse` table, extended by 0010_res_warehouse.sql.
// Global: the warehouse list is the company's, not one tenant's.
import { defineResource } from '../../resource'

export const warehouseResource = defineResource({
  name: 'warehouse',
  table: 'warehouse',
  scope: 'global',
  menuCode: 'storage',
  component: 'warehouse/storage',
  ns: 'res-warehouse',
  existingTable: true,
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 32, width: 110 },
    name: { kind: 'text', required: true, maxLength: 100, width: 180 },
    shortName: { kind: 'text', maxLength: 50 },
    /** Area type: 1 domestic, 2 overseas/foreign (spec warehouseLocation, 1 means domestic). */
    warehouseLocation: { kind: 'enum', dict: 'warehouseLocation', required: true, default: 1 },
    warehouseType: { kind: 'enum', dict: 'warehouseType', default: 'company' },
    function: { kind: 'text', column: 'warehouse_function', maxLength: 100 },
    address: { kind: 'textarea', maxLength: 300, hideInList: true },
    stateCode: { kind: 'text', maxLength: 10, width: 80 },
    siteId: { kind: 'ref', ref: 'site' },
    physicalWarehouseId: { kind: 'ref', ref: 'warehouse', hideInList: true },
    associatedWarehouseId: { kind: 'ref', ref: 'warehouse', hideInList: true },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: {
    columns: ['code', 'name', 'shortName', 'warehouseLocation', 'warehouseType', 'function', 'stateCode', 'siteId', 'status'],
    filters: { q: 'text', warehouseLocation: 'enum', warehouseType: 'enum', status: 'enum' },
    search: ['code', 'name', 'shortName'],
    defaultSort: 'code:asc',
  },
  form: [['code', 'name'], ['shortName', 'warehouseLocation'], ['warehouseType', 'function'], ['stateCode', 'siteId'], ['physicalWarehouseId', 'associatedWarehouseId'], ['address'], ['status']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  specPaths: { page: '/wms-base/basewarehouse/page', base: '/wms-base/basewarehouse', list: '/wms-base/basewarehouse/list' },
  refine: (v) => v.id !== undefined && (v.physicalWarehouseId === v.id || v.associatedWarehouseId === v.id)
    ? [{ path: v.physicalWarehouseId === v.id ? 'physicalWarehouseId' : 'associatedWarehouseId', messageKey: 'res-warehouse:rules.selfReference' }]
    : [],
})
