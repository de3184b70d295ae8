// Picking merge rules (rule-management → picking-merge-rule; spec section 3 "Rules: picking merge
// rule … priority, status"): how many orders (and units) one picking task may take when tasks are
// merged, and whether only orders picked from the same storage area merge.
import { defineRule } from './rule'

export const pickingMergeRuleResource = defineRule({
  name: 'pickingMergeRule',
  table: 'picking_merge_rule',
  menuCode: 'picking-merge-rule',
  fields: {
    maxOrdersPerTask: { kind: 'int', required: true, min: 1, max: 200, width: 120 },
    maxQtyPerTask: { kind: 'int', min: 1, width: 120 },
    sameAreaOnly: { kind: 'bool', required: true, default: false, width: 120 },
  },
  columns: ['maxOrdersPerTask', 'maxQtyPerTask', 'sameAreaOnly'],
  form: [['maxOrdersPerTask', 'maxQtyPerTask'], ['sameAreaOnly']],
})
