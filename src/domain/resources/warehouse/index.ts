// Resource declarations of the warehouse group, one file per entity; listed here in screen order.
import type { ResourceDef } from '../../resource'
import { warehouseResource } from './warehouse'
import { storageAreaResource } from './storage-area'
import { shelfResource } from './shelf'
import { containerResource } from './container'
import { locationResource } from './location'
import { jobGroupResource } from './job-group'
import { storageAreaGroupResource } from './storage-area-group'

export { warehouseResource, storageAreaResource, shelfResource, containerResource, locationResource, jobGroupResource, storageAreaGroupResource }

export const WAREHOUSE_RESOURCES: ResourceDef<any>[] = [
  warehouseResource, storageAreaResource, shelfResource, containerResource, locationResource, jobGroupResource, storageAreaGroupResource,
]
