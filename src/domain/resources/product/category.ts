// Categories in three levels (spec section 3 "Category levels 1-3 (key, name)"): screens one-category,
// tow-category (the spec's spelling) and three-category. One table per level keeps each screen a plain
// resource; a level-2/3 category names its parent on the level above. GET /base/basecategory/list
// serves all three levels as one list (src/server/resources/custom/product).
import { defineResource } from '../../resource'

const common = {
  code: { kind: 'code' as const, required: true, unique: true, maxLength: 20, width: 120 },
  name: { kind: 'text' as const, required: true, maxLength: 60 },
}

export const categoryOneResource = defineResource({
  name: 'categoryOne',
  table: 'product_category_1',
  scope: 'tenant',
  menuCode: 'one-category',
  component: 'commodity/one-category',
  ns: 'res-product',
  fields: { ...common },
  list: { columns: ['code', 'name'], filters: { q: 'text' }, search: ['code', 'name'], defaultSort: 'code:asc' },
  form: [['code', 'name']],
})

export const categoryTwoResource = defineResource({
  name: 'categoryTwo',
  table: 'product_category_2',
  scope: 'tenant',
  menuCode: 'tow-category',
  component: 'commodity/tow-category',
  ns: 'res-product',
  fields: { ...common, parentId: { kind: 'ref', ref: 'categoryOne', required: true } },
  list: { columns: ['code', 'name', 'parentId'], filters: { q: 'text', parentId: 'ref' }, search: ['code', 'name'], defaultSort: 'code:asc' },
  form: [['code', 'name'], ['parentId']],
})

export const categoryThreeResource = defineResource({
  name: 'categoryThree',
  table: 'product_category_3',
  scope: 'tenant',
  menuCode: 'three-category',
  component: 'commodity/three-category',
  ns: 'res-product',
  fields: { ...common, parentId: { kind: 'ref', ref: 'categoryTwo', required: true } },
  list: { columns: ['code', 'name', 'parentId'], filters: { q: 'text', parentId: 'ref' }, search: ['code', 'name'], defaultSort: 'code:asc' },
  form: [['code', 'name'], ['parentId']],
})
