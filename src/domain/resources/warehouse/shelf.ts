// Shelves (spec section 3): light or heavy, layers × columns, layer weight and dimensions, in one storage area.
import { defineResource } from '../../resource'

export const shelfResource = defineResource({
  name: 'shelf',
  table: 'shelf',
  scope: 'warehouse',
  menuCode: 'shelf',
  component: 'warehouse/shelf',
  ns: 'res-warehouse',
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 32, width: 110 },
    type: { kind: 'enum', dict: 'shelfType', column: 'shelf_type', required: true },
    storageAreaId: { kind: 'ref', ref: 'storageArea', required: true },
    layers: { kind: 'int', required: true, min: 1, max: 99 },
    columns: { kind: 'int', column: 'column_count', required: true, min: 1, max: 999 },
    /** kg per layer; spec: "above 0 with up to 4 decimals". */
    layerWeight: { kind: 'decimal', min: 0.0001, max: 1_000_000 },
    /** cm */
    length: { kind: 'decimal', min: 0.0001, max: 1_000_000 },
    width: { kind: 'decimal', min: 0.0001, max: 1_000_000 },
    height: { kind: 'decimal', min: 0.0001, max: 1_000_000 },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: {
    columns: ['code', 'type', 'storageAreaId', 'layers', 'columns', 'layerWeight', 'length', 'width', 'height', 'status'],
    filters: { q: 'text', type: 'enum', storageAreaId: 'ref', status: 'enum' },
    search: ['code'],
    defaultSort: 'code:asc',
  },
  form: [['code', 'type'], ['storageAreaId'], ['layers', 'columns'], ['layerWeight'], ['length', 'width', 'height'], ['status']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  specPaths: { page: '/wms-base/baseshelf/page', base: '/wms-base/baseshelf' },
  // A shelf's storage area must be one of its own warehouse (composite foreign key).
  constraints: { shelf_area_fk: { field: 'storageAreaId', messageKey: 'res-warehouse:rules.crossScope', status: 400 } },
})
