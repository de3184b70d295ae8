// Containers (spec section 3): six types, status unused/using/on shelves/taken off, numeric size;
// spec section 5: "pallet cap for trays" required.
import { defineResource } from '../../resource'

export const containerResource = defineResource({
  name: 'container',
  table: 'container',
  scope: 'warehouse',
  menuCode: 'container',
  component: 'warehouse/container',
  ns: 'res-warehouse',
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 40, width: 130 },
    type: { kind: 'enum', dict: 'containerType', column: 'container_type', required: true },
    status: { kind: 'enum', dict: 'containerStatus', column: 'container_status', required: true, default: 0 },
    /** Volume in m³; spec: "container size (numeric)". */
    size: { kind: 'decimal', required: true, min: 0.0001, max: 1000 },
    /** Pallet cap (boxes per tray): required for trays. */
    palletCap: { kind: 'int', min: 1, max: 9999 },
    remark: { kind: 'textarea', maxLength: 500, hideInList: true },
  },
  list: {
    columns: ['code', 'type', 'status', 'size', 'palletCap'],
    filters: { q: 'text', type: 'enum', status: 'enum' },
    search: ['code'],
    defaultSort: 'code:asc',
  },
  form: [['code', 'type'], ['size', 'palletCap'], ['status'], ['remark']],
  specPaths: { page: '/wms-base/basecontainer/page', base: '/wms-base/basecontainer' },
  lookup: 'code',
  constraints: { container_tray_cap_ck: { field: 'palletCap', messageKey: 'res-warehouse:rules.palletCapRequired', status: 400 } },
  refine: (v) => v.type === 'tray' && (v.palletCap === null || v.palletCap === undefined)
    ? [{ path: 'palletCap', messageKey: 'res-warehouse:rules.palletCapRequired' }]
    : [],
})
