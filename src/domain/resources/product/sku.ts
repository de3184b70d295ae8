// SKUs (spec section 3: style, color, size, status, images master/auxiliary/model, other info). Made
// in bulk by the style's `matrix` action; one SKU per (style, color, size) — a UNIQUE index.
import { defineResource } from '../../resource'
import { SKU_COMBINATION_TAKEN_KEY } from './rules'

export const skuResource = defineResource({
  name: 'sku',
  table: 'product_sku',
  scope: 'tenant',
  menuCode: 'sku',
  component: 'commodity/sku',
  ns: 'res-product',
  fields: {
    skuCode: { kind: 'code', required: true, unique: true, maxLength: 80, width: 190 },
    styleId: { kind: 'ref', ref: 'style', required: true },
    colorId: { kind: 'ref', ref: 'color', required: true },
    sizeId: { kind: 'ref', ref: 'size', required: true },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
    masterImage: { kind: 'image', hideInList: true },
    auxiliaryImages: { kind: 'files', hideInList: true },
    modelImages: { kind: 'files', hideInList: true },
    /** Gross weight in kg. */
    weight: { kind: 'decimal', min: 0, max: 1000 },
    remark: { kind: 'textarea', maxLength: 500, hideInList: true },
  },
  list: {
    columns: ['skuCode', 'styleId', 'colorId', 'sizeId', 'status', 'weight'],
    filters: { q: 'text', styleId: 'ref', colorId: 'ref', sizeId: 'ref', status: 'enum' },
    search: ['skuCode'],
    defaultSort: 'skuCode:asc',
  },
  form: [['skuCode'], ['styleId', 'colorId', 'sizeId'], ['status', 'weight'], ['masterImage'], ['auxiliaryImages'], ['modelImages'], ['remark']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  lookup: 'skuCode',
  label: 'skuCode',
  constraints: { product_sku_matrix_key: { field: 'sizeId', messageKey: SKU_COMBINATION_TAKEN_KEY, status: 409 } },
})
