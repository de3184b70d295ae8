// Resource declarations of the outbound group (outbound rules and strategies: rule-management →
// wave-rule, picking-merge-rule, order-splitting-rule, outbound-strategy), one file per entity.
import type { ResourceDef } from '../../resource'

export const OUTBOUND_RESOURCES: ResourceDef<any>[] = [
]
