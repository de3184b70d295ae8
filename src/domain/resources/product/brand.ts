// Brands (spec section 3: name, key). GET /base/basebrand/list is the spec's reference list.
import { defineResource } from '../../resource'

export const brandResource = defineResource({
  name: 'brand',
  table: 'product_brand',
  scope: 'tenant',
  menuCode: 'brand',
  component: 'commodity/brand',
  ns: 'res-product',
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 20, width: 120 },
    name: { kind: 'text', required: true, maxLength: 60 },
  },
  list: { columns: ['code', 'name'], filters: { q: 'text' }, search: ['code', 'name'], defaultSort: 'name:asc' },
  form: [['code', 'name']],
  specPaths: { list: '/base/basebrand/list' },
})
