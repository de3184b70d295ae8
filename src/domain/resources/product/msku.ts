// Platform SKUs / MSKU (spec section 3: platform/site/shop, UPC, FNSKU, ASIN/item id, status, shipping
// method, approval status). "Plat SKU over 30 characters has its leading part trimmed" — the table's
// trigger trims on every write (trimPlatSku is the same rule for the browser). The approval status
// follows the listing's UPC requests (upcRequest resource) and is never edited by hand.
import { defineResource } from '../../resource'
import { UPC_CHECK_DIGIT_KEY, UPC_FORMAT_KEY, UPC_RE, upcCheckDigitOk } from './rules'

export const mskuResource = defineResource({
  name: 'msku',
  table: 'product_msku',
  scope: 'tenant',
  menuCode: 'sku-platform',
  component: 'commodity/sku-platform',
  ns: 'res-product',
  fields: {
    /** Trimmed to its last 30 characters when longer (spec section 5). */
    platSku: { kind: 'text', required: true, maxLength: 200, width: 220 },
    skuId: { kind: 'ref', ref: 'sku', required: true },
    platformId: { kind: 'ref', ref: 'platform', required: true },
    siteId: { kind: 'ref', ref: 'site', required: true },
    shopId: { kind: 'ref', ref: 'shop', required: true },
    upc: { kind: 'text', maxLength: 13, pattern: UPC_RE, patternKey: UPC_FORMAT_KEY, width: 130 },
    fnsku: { kind: 'code', maxLength: 10, pattern: /^[A-Z0-9]{10}$/, width: 120 },
    /** ASIN on Amazon, item id elsewhere. */
    asin: { kind: 'text', maxLength: 40, width: 130 },
    status: { kind: 'enum', dict: 'mskuStatus', required: true, default: 'waitOnSale' },
    shippingMethod: { kind: 'enum', dict: 'mskuShippingMethod' },
    approvalStatus: { kind: 'enum', dict: 'approvalStatus', readOnly: true },
  },
  list: {
    columns: ['platSku', 'skuId', 'platformId', 'siteId', 'shopId', 'upc', 'fnsku', 'asin', 'status', 'shippingMethod', 'approvalStatus'],
    filters: { q: 'text', platformId: 'ref', siteId: 'ref', shopId: 'ref', skuId: 'ref', status: 'enum', shippingMethod: 'enum', approvalStatus: 'enum' },
    search: ['platSku', 'upc', 'fnsku', 'asin'],
    defaultSort: 'platSku:asc',
  },
  form: [['platSku', 'skuId'], ['platformId', 'siteId', 'shopId'], ['upc', 'fnsku', 'asin'], ['status', 'shippingMethod']],
  status: { field: 'status', dict: 'mskuStatus', enabled: 'onSale', disabled: 'waitOnSale' },
  import: { columns: ['platSku', 'skuId', 'platformId', 'siteId', 'shopId', 'upc', 'fnsku', 'asin', 'status', 'shippingMethod'], key: 'platSku' },
  label: 'platSku',
  refine: (v) => (typeof v.upc === 'string' && UPC_RE.test(v.upc) && !upcCheckDigitOk(v.upc) ? [{ path: 'upc', messageKey: UPC_CHECK_DIGIT_KEY }] : []),
})
