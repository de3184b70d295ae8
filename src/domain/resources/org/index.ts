// Resource declarations of the org group, one file per entity; listed here in screen order.
import type { ResourceDef } from '../../resource'
import { companyResource } from './company'
import { staffResource } from './staff'
import { departmentResource } from './department'
import { platformResource, goodsPlatformResource } from './platform'
import { siteResource } from './site'
import { shopResource } from './shop'
import { exchangeRateResource, dailyRateResource } from './exchange-rate'
import { supplierResource } from './supplier'
import { forwarderResource } from './forwarder'
import { carrierResource } from './carrier'

export const ORG_RESOURCES: ResourceDef<any>[] = [
  companyResource, staffResource, departmentResource, platformResource, siteResource, shopResource,
  exchangeRateResource, dailyRateResource, goodsPlatformResource, supplierResource, forwarderResource, carrierResource,
]

export {
  companyResource, staffResource, departmentResource, platformResource, goodsPlatformResource, siteResource, shopResource,
  exchangeRateResource, dailyRateResource, supplierResource, forwarderResource, carrierResource,
}
