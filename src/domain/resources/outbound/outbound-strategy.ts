// Outbound strategies (rule-management → outbound-strategy; spec section 3 "inbound and outbound
// strategy (name, type, areas, locations), priority, status" and section 9 storage rules "FIFO or
// lot-based outbound; ToB and ToC bulk location priority"): how stock is allocated to an order of an
// order type (TOB 1 / TOC 2; none = both) — FIFO or by lot, bulk (full-box) locations first or not,
// and the storage areas stock may come from, in order (none = every allocatable area). The strategy
// of an order is the enabled one with the lowest priority for its type
// (src/server/inventory/outbound-strategy.ts strategyFor).
import { defineRule } from './rule'

export const outboundStrategyResource = defineRule({
  name: 'outboundStrategy',
  table: 'outbound_strategy',
  menuCode: 'outbound-strategy',
  fields: {
    // "order" is an SQL keyword: the column is allocation_order.
    order: { kind: 'enum', dict: 'outboundStrategy', column: 'allocation_order', required: true, default: 'FIFO', width: 150 },
    bulkFirst: { kind: 'bool', required: true, default: false, width: 110 },
    orderType: { kind: 'enum', dict: 'orderType', width: 100 },
    areaIds: { kind: 'refMany', ref: 'storageArea' },
  },
  columns: ['order', 'bulkFirst', 'orderType', 'areaIds'],
  filters: { order: 'enum', orderType: 'enum' },
  form: [['order', 'orderType'], ['bulkFirst'], ['areaIds']],
  refine: (v) => Array.isArray(v.areaIds) && new Set(v.areaIds).size !== v.areaIds.length
    ? [{ path: 'areaIds', messageKey: 'res-warehouse:rules.duplicateArea' }]
    : [],
})
