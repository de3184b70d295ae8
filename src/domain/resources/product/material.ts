// Materials (spec section 3: name, English name, key 0-999 — section 5 "material key 0-999").
import { defineResource } from '../../resource'

export const materialResource = defineResource({
  name: 'material',
  table: 'product_material',
  scope: 'tenant',
  menuCode: 'material-information',
  component: 'commodity/material-information',
  ns: 'res-product',
  fields: {
    materialKey: { kind: 'int', required: true, unique: true, min: 0, max: 999, width: 90 },
    name: { kind: 'text', required: true, maxLength: 60 },
    nameEn: { kind: 'text', required: true, maxLength: 60 },
  },
  list: { columns: ['materialKey', 'name', 'nameEn'], filters: { q: 'text' }, search: ['name', 'nameEn'], defaultSort: 'materialKey:asc' },
  form: [['materialKey'], ['name', 'nameEn']],
})
