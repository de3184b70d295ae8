// Order splitting rules (rule-management → order-splitting-rule; spec section 3 "Rules: order
// splitting rule … priority, status"): when an outbound order is split — 'stock': the lines stock
// cannot be allocated to are split off; 'maxQty': an order above maxQty units; 'maxLines': an order
// past maxLines lines. The limit the chosen way needs is required.
import { defineRule, given } from './rule'

export const orderSplittingRuleResource = defineRule({
  name: 'orderSplittingRule',
  table: 'order_splitting_rule',
  menuCode: 'order-splitting-rule',
  fields: {
    splitBy: { kind: 'enum', dict: 'orderSplitBy', required: true, default: 'stock', width: 180 },
    maxQty: { kind: 'int', min: 1, width: 100 },
    maxLines: { kind: 'int', min: 1, width: 100 },
  },
  columns: ['splitBy', 'maxQty', 'maxLines'],
  filters: { splitBy: 'enum' },
  form: [['splitBy'], ['maxQty', 'maxLines']],
  refine: (v) => v.splitBy === 'maxQty' && !given(v.maxQty)
    ? [{ path: 'maxQty', messageKey: 'rules:errors.splitNeedsMaxQty' }]
    : v.splitBy === 'maxLines' && !given(v.maxLines)
      ? [{ path: 'maxLines', messageKey: 'rules:errors.splitNeedsMaxLines' }]
      : [],
})
