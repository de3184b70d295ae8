// Resource declarations of the product group, one file per entity; listed here in screen order.
import type { ResourceDef } from '../../resource'
import { categoryOneResource, categoryTwoResource, categoryThreeResource } from './category'
import { brandResource } from './brand'
import { styleResource } from './style'
import { materialResource } from './material'
import { colorResource } from './color'
import { sizeResource } from './size'
import { skuResource } from './sku'
import { mskuResource } from './msku'
import { upcRequestResource } from './upc-request'
import { boxResource, packingBoxResource, caseResource } from './packaging'

export const PRODUCT_RESOURCES: ResourceDef<any>[] = [
  categoryOneResource, categoryTwoResource, categoryThreeResource, brandResource, styleResource, materialResource,
  colorResource, sizeResource, boxResource, packingBoxResource, caseResource, skuResource, mskuResource, upcRequestResource,
]
