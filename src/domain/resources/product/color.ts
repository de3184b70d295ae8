// Colors (spec section 3: number, name). GET /base/basecolor/list and /listNew (custom folder).
import { defineResource } from '../../resource'

export const colorResource = defineResource({
  name: 'color',
  table: 'product_color',
  scope: 'tenant',
  menuCode: 'color',
  component: 'commodity/color',
  ns: 'res-product',
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 10, width: 100 },
    name: { kind: 'text', required: true, maxLength: 40 },
  },
  list: { columns: ['code', 'name'], filters: { q: 'text' }, search: ['code', 'name'], defaultSort: 'code:asc' },
  form: [['code', 'name']],
  specPaths: { list: '/base/basecolor/list' },
})
