// Resource declarations of the org group, one file per entity; listed here in screen order.
import type { ResourceDef } from '../../resource'

export const ORG_RESOURCES: ResourceDef<any>[] = []
