// Shops (spec section 3: name, abbreviation, code, registration entity, consignment; section 5/8:
// "duplicate consignment relation"): the core `shop` table, extended by 0012_res_org.sql. A
// consignment shop sells the goods of the tenants listed as its consignors — each at most once.
import { defineResource } from '../../resource'
import { ShopConsignors, shopIssues } from './rules'

export const shopResource = defineResource({
  name: 'shop',
  table: 'shop',
  scope: 'global',
  menuCode: 'shop',
  component: 'basic-data/shop',
  ns: 'res-org',
  existingTable: true,
  fields: {
    siteId: { kind: 'ref', ref: 'site', required: true, width: 150 },
    code: { kind: 'code', required: true, unique: true, maxLength: 40, width: 160 },
    name: { kind: 'text', required: true, maxLength: 120, width: 220 },
    abbreviation: { kind: 'text', maxLength: 30 },
    registrationEntityId: { kind: 'ref', ref: 'company', width: 180 },
    consignment: { kind: 'bool', default: false },
    consignors: { kind: 'json', item: ShopConsignors, hideInList: true },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: {
    columns: ['siteId', 'code', 'name', 'abbreviation', 'registrationEntityId', 'consignment', 'status'],
    filters: { q: 'text', siteId: 'ref', registrationEntityId: 'ref', status: 'enum' },
    search: ['code', 'name', 'abbreviation'],
    defaultSort: 'code:asc',
  },
  form: [['siteId', 'code'], ['name', 'abbreviation'], ['registrationEntityId', 'consignment'], ['consignors'], ['status']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  specPaths: { list: '/base/shop/list' },
  refine: shopIssues,
})
