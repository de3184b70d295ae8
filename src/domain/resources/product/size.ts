// Sizes (spec section 3: number, name, standard, last standard). A size belongs to a top category
// (footwear / apparel) and, for shoes, a last standard (the shoe tree): GET
// /base/basesize/listSizeByCategoryAndShoeTree filters by both (custom folder).
import { defineResource } from '../../resource'

export const sizeResource = defineResource({
  name: 'size',
  table: 'product_size',
  scope: 'tenant',
  menuCode: 'size',
  component: 'commodity/size',
  ns: 'res-product',
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 12, width: 100 },
    name: { kind: 'text', required: true, maxLength: 40 },
    /** Size system: EU, US, UK, CN, INTL (letter sizes)… */
    standard: { kind: 'text', required: true, maxLength: 20 },
    /** Shoe last (shoe tree) standard, e.g. Standard, Wide; empty for apparel. */
    lastStandard: { kind: 'text', maxLength: 20 },
    categoryId: { kind: 'ref', ref: 'categoryOne' },
    sort: { kind: 'int', min: 0, max: 9999, default: 0, hideInList: true },
  },
  list: {
    columns: ['code', 'name', 'standard', 'lastStandard', 'categoryId'],
    filters: { q: 'text', standard: 'text', lastStandard: 'text', categoryId: 'ref' },
    search: ['code', 'name'],
    defaultSort: 'code:asc',
  },
  form: [['code', 'name'], ['standard', 'lastStandard'], ['categoryId', 'sort']],
  specPaths: { list: '/base/basesize/list' },
})
