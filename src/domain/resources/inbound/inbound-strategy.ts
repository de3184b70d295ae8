// Inbound strategies (rule-management → inbound-strategy; spec section 3 "inbound and outbound strategy
// (name, type, areas, locations), priority, status" and section 9 storage rules): the storage areas a
// shelving suggestion looks in, in order. Used by src/server/inventory/putaway.ts. Priority: positive
// integer, lower first, unique (spec section 5) — the unique index reports a taken one on its field.
import { defineResource } from '../../resource'

export const inboundStrategyResource = defineResource({
  name: 'inboundStrategy',
  table: 'inbound_strategy',
  scope: 'warehouse',
  menuCode: 'inbound-strategy',
  component: 'rules/inbound-strategy',
  ns: 'inbound',
  fields: {
    name: { kind: 'text', required: true, unique: true, maxLength: 100, width: 180 },
    type: { kind: 'enum', dict: 'storageMode', column: 'strategy_type', required: true, default: 'normal' },
    areaIds: { kind: 'refMany', ref: 'storageArea', required: true },
    priority: { kind: 'int', required: true, unique: true, min: 1, max: 9999, width: 90 },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
    remark: { kind: 'textarea', maxLength: 500, hideInList: true },
  },
  list: {
    columns: ['priority', 'name', 'type', 'areaIds', 'status'],
    filters: { q: 'text', type: 'enum', status: 'enum' },
    search: ['name'],
    defaultSort: 'priority:asc',
  },
  form: [['name', 'type'], ['areaIds'], ['priority', 'status'], ['remark']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  delete: 'hard',
  refine: (v) => Array.isArray(v.areaIds) && v.areaIds.length === 0
    ? [{ path: 'areaIds', messageKey: 'errors:field.required' }]
    : Array.isArray(v.areaIds) && new Set(v.areaIds).size !== v.areaIds.length
      ? [{ path: 'areaIds', messageKey: 'inbound:strategy.duplicateArea' }]
      : [],
})
