// Platforms (spec section 3: name, short name, code, picture, logo, type, sku rules; section 9: the
// seven marketplaces): the core `platform` table, extended by 0012_res_org.sql. Two screens keep
// them — basic data "platform" and warehouse "goods platform" (spec /wms-base/basegoodsplatform/*) —
// so one field set is declared twice over the same table.
import { defineResource, type FieldDef } from '../../resource'

const fields = {
  code: { kind: 'code', required: true, unique: true, maxLength: 32, width: 140 },
  name: { kind: 'text', required: true, maxLength: 100, width: 180 },
  shortName: { kind: 'text', maxLength: 30 },
  platformType: { kind: 'enum', dict: 'platformType', default: 'marketplace' },
  picture: { kind: 'image', hideInList: true },
  logo: { kind: 'image', hideInList: true },
  /** How the platform's SKUs are formed (prefix, length, case…), as the platform documents it. */
  skuRules: { kind: 'textarea', maxLength: 1000, hideInList: true },
  status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
} satisfies Record<string, FieldDef>

const common = {
  table: 'platform',
  scope: 'global',
  ns: 'res-org',
  existingTable: true,
  fields,
  list: {
    columns: ['code', 'name', 'shortName', 'platformType', 'status'],
    filters: { q: 'text', platformType: 'enum', status: 'enum' },
    search: ['code', 'name', 'shortName'],
    defaultSort: 'code:asc',
  },
  form: [['code', 'name'], ['shortName', 'platformType'], ['picture', 'logo'], ['skuRules'], ['status']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
} as const

export const platformResource = defineResource({
  ...common,
  list: { ...common.list, columns: [...common.list.columns], search: [...common.list.search] },
  form: common.form.map((r) => [...r]),
  name: 'platform',
  menuCode: 'platform',
  component: 'basic-data/platform',
})

export const goodsPlatformResource = defineResource({
  ...common,
  list: { ...common.list, columns: [...common.list.columns], search: [...common.list.search] },
  form: common.form.map((r) => [...r]),
  name: 'goodsPlatform',
  menuCode: 'goods-platform',
  component: 'warehouse/goods-platform',
  specPaths: { page: '/wms-base/basegoodsplatform/page', base: '/wms-base/basegoodsplatform', list: '/wms-base/basegoodsplatform/list' },
})
