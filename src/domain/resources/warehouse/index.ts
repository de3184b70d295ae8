// Resource declarations of the warehouse group, one file per entity; listed here in screen order.
import type { ResourceDef } from '../../resource'

export const WAREHOUSE_RESOURCES: ResourceDef<any>[] = []
