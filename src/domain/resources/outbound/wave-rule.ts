// Wave rules (rule-management → wave-rule; spec section 3 "Rules: wave rule … priority, status"):
// which released orders a wave takes (platform, shops, shipping method, single- or multi-item orders,
// SKU count range) and how big it gets (orders, quantity, cut-off time), and how it is picked (pick
// mode PickingBySeed 1 / OrdinaryPicking 2, spec section 9; task mode whole = one picking task per
// order, bulk = one task for the wave). The enabled rules are read in priority order by
// src/server/inventory/outbound-strategy.ts (waveRulesFor) and GET /wms-in/rules/findRules.
import { defineRule, given } from './rule'

/** Cut-off time of day, 24-hour 'HH:MM'. */
export const CUTOFF_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/

export const waveRuleResource = defineRule({
  name: 'waveRule',
  table: 'wave_rule',
  menuCode: 'wave-rule',
  fields: {
    platform: { kind: 'enum', dict: 'platform', width: 120 },
    shopIds: { kind: 'refMany', ref: 'shop', hideInList: true },
    shippingMethod: { kind: 'text', maxLength: 40, width: 140 },
    itemKind: { kind: 'enum', dict: 'waveItemKind', required: true, default: 'any', width: 130 },
    minSkuCount: { kind: 'int', min: 1, hideInList: true },
    maxSkuCount: { kind: 'int', min: 1, hideInList: true },
    maxOrders: { kind: 'int', required: true, min: 1, max: 1000, width: 100 },
    maxQty: { kind: 'int', min: 1, width: 100 },
    cutoffTime: { kind: 'text', maxLength: 5, pattern: CUTOFF_TIME_RE, patternKey: 'rules:errors.cutoffTime', width: 90 },
    pickMode: { kind: 'enum', dict: 'pickMode', required: true, default: 2, width: 130 },
    taskMode: { kind: 'enum', dict: 'pickingTaskMode', required: true, default: 'whole', width: 150 },
  },
  columns: ['platform', 'itemKind', 'maxOrders', 'maxQty', 'pickMode', 'taskMode'],
  filters: { platform: 'enum', itemKind: 'enum', pickMode: 'enum' },
  form: [['platform', 'shopIds'], ['shippingMethod', 'itemKind'], ['minSkuCount', 'maxSkuCount'], ['maxOrders', 'maxQty'], ['cutoffTime'], ['pickMode', 'taskMode']],
  refine: (v) => given(v.minSkuCount) && given(v.maxSkuCount) && v.minSkuCount > v.maxSkuCount
    ? [{ path: 'minSkuCount', messageKey: 'rules:errors.skuCountRange', params: { min: v.minSkuCount, max: v.maxSkuCount } }]
    : [],
})
