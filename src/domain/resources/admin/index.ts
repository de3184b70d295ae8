// Resource declarations of the admin group, one file per entity; listed here in screen order.
// Roles, menus and users are not generic resources: their rules (grants, the menu tree, passwords,
// warehouse-tenant pairs) live in src/server/areas/admin with commands in commands/admin-resources.ts.
import type { ResourceDef } from '../../resource'
import { tenantResource } from './tenant'
import { dictItemResource } from './dictionary-item'
import { appVersionResource } from './app-version'

export { tenantResource, dictItemResource, appVersionResource }

export const ADMIN_RESOURCES: ResourceDef<any>[] = [dictItemResource, tenantResource, appVersionResource]
