// Every resource (basic data and administration), one explicit list. Adding an entity = its file in a
// group folder + its line in that group's index + its table migration + its translations.
import type { ResourceDef } from '../resource'
import { WAREHOUSE_RESOURCES } from './warehouse/index'
import { PRODUCT_RESOURCES } from './product/index'
import { ORG_RESOURCES } from './org/index'
import { ADMIN_RESOURCES } from './admin/index'
import { INBOUND_RESOURCES } from './inbound/index'
import { OUTBOUND_RESOURCES } from './outbound/index'
import { PRINT_RESOURCES } from './print/index'

export const ALL_RESOURCES: readonly ResourceDef<any>[] = [...ORG_RESOURCES, ...PRODUCT_RESOURCES, ...WAREHOUSE_RESOURCES, ...ADMIN_RESOURCES, ...INBOUND_RESOURCES, ...OUTBOUND_RESOURCES, ...PRINT_RESOURCES]

const byName = new Map<string, ResourceDef<any>>()
for (const r of ALL_RESOURCES) {
  if (byName.has(r.name)) throw new Error(`duplicate resource name: ${r.name}`)
  byName.set(r.name, r)
}
export const RESOURCE_BY_NAME: ReadonlyMap<string, ResourceDef<any>> = byName
