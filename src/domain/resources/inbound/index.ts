// Resource declarations of the inbound group (stock-in documents and their rules), one file per entity.
import type { ResourceDef } from '../../resource'
import { inboundStrategyResource } from './inbound-strategy'

export { inboundStrategyResource }

export const INBOUND_RESOURCES: ResourceDef<any>[] = [
  inboundStrategyResource,
]
