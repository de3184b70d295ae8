// Warehouse locations (spec section 3 "Location", section 5 rules, section 7 calls). Bulk import from
// the WMS_LOCATION_TEMPLATE, status modify (the generic bulk status change), vendor box ceiling and
// "batch modify to temporary location" (extra actions, handlers in src/server/resources/custom/warehouse).
import { defineResource } from '../../resource'
import { BoxCeilingArgs, LOCATION_CODE_KEY, LOCATION_CODE_RE, LocationsUpdated, TemporaryArgs } from './rules'

export const locationResource = defineResource({
  name: 'location',
  table: 'location',
  scope: 'warehouse',
  menuCode: 'location',
  component: 'warehouse/location',
  ns: 'res-warehouse',
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 40, pattern: LOCATION_CODE_RE, patternKey: LOCATION_CODE_KEY, width: 130 },
    type: { kind: 'enum', dict: 'locationType', column: 'location_type', required: true },
    storageAreaId: { kind: 'ref', ref: 'storageArea', required: true },
    shelfId: { kind: 'ref', ref: 'shelf' },
    floor: { kind: 'int', min: 1, max: 99 },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
    /** Set by the `temporary` action only ("batch modify to temporary location"). */
    temporary: { kind: 'bool', readOnly: true, default: false },
    /** Vendor box ceiling: set by the `boxCeiling` action only. */
    vendorId: { kind: 'ref', ref: 'supplier', readOnly: true },
    boxCeiling: { kind: 'int', readOnly: true, min: 1, max: 999999 },
  },
  list: {
    columns: ['code', 'type', 'storageAreaId', 'shelfId', 'floor', 'status', 'temporary', 'vendorId', 'boxCeiling'],
    filters: { q: 'text', type: 'enum', storageAreaId: 'ref', shelfId: 'ref', status: 'enum' },
    search: ['code'],
    defaultSort: 'code:asc',
  },
  form: [['code', 'type'], ['storageAreaId', 'shelfId'], ['floor', 'status']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  import: { columns: ['code', 'type', 'storageAreaId', 'shelfId', 'floor', 'status'], key: 'code', templateName: 'WMS_LOCATION_TEMPLATE' },
  actions: [
    { action: 'boxCeiling', title: 'res-warehouse:location.actions.boxCeiling', index: 1, input: BoxCeilingArgs, output: LocationsUpdated, selection: 'many' },
    { action: 'temporary', title: 'res-warehouse:location.actions.temporary', index: 2, input: TemporaryArgs, output: LocationsUpdated, selection: 'many', confirm: 'res-warehouse:location.actions.temporaryConfirm' },
  ],
  specPaths: { list: '/wms-base/basewarehouselocation/list' },
  lookup: 'code',
  // The database's own guards (0010_res_warehouse.sql): refs stay inside the location's warehouse.
  constraints: {
    location_area_fk: { field: 'storageAreaId', messageKey: 'res-warehouse:rules.crossScope', status: 400 },
    location_shelf_fk: { field: 'shelfId', messageKey: 'res-warehouse:rules.shelfNotInArea', status: 400 },
    location_code_ck: { field: 'code', messageKey: 'res-warehouse:rules.locationCode', status: 400 },
  },
})
