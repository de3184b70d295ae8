// Resource declarations of the product group, one file per entity; listed here in screen order.
import type { ResourceDef } from '../../resource'

export const PRODUCT_RESOURCES: ResourceDef<any>[] = []
