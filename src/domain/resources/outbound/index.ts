// Resource declarations of the outbound group (outbound rules and strategies: rule-management →
// wave-rule, picking-merge-rule, order-splitting-rule, outbound-strategy), one file per entity.
import type { ResourceDef } from '../../resource'
import { waveRuleResource } from './wave-rule'
import { pickingMergeRuleResource } from './picking-merge-rule'
import { orderSplittingRuleResource } from './order-splitting-rule'
import { outboundStrategyResource } from './outbound-strategy'
import { onceOutboundConfigResource } from './once-outbound-config'
import { transportResource } from './transport'

export { waveRuleResource, pickingMergeRuleResource, orderSplittingRuleResource, outboundStrategyResource, onceOutboundConfigResource, transportResource }

export const OUTBOUND_RESOURCES: ResourceDef<any>[] = [
  waveRuleResource,
  pickingMergeRuleResource,
  orderSplittingRuleResource,
  outboundStrategyResource,
  onceOutboundConfigResource,
  transportResource,
]
