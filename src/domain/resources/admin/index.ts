// Resource declarations of the admin group, one file per entity; listed here in screen order.
import type { ResourceDef } from '../../resource'

export const ADMIN_RESOURCES: ResourceDef<any>[] = []
