// Companies (spec section 7 GET auth/company/list): the core `company` table, extended by
// 0012_res_org.sql. Global: the console serves one group of companies; tenants belong to one.
import { defineResource } from '../../resource'
import { TAX_ID_KEY, TAX_ID_RE } from './rules'

export const companyResource = defineResource({
  name: 'company',
  table: 'company',
  scope: 'global',
  menuCode: 'company',
  component: 'basic-data/company',
  ns: 'res-org',
  existingTable: true,
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 32, width: 110 },
    name: { kind: 'text', required: true, maxLength: 120, width: 220 },
    shortName: { kind: 'text', maxLength: 50 },
    taxId: { kind: 'code', pattern: TAX_ID_RE, patternKey: TAX_ID_KEY, maxLength: 30, width: 170 },
    address: { kind: 'textarea', maxLength: 300, hideInList: true },
    phone: { kind: 'phone', width: 150 },
    email: { kind: 'email', hideInList: true },
    logo: { kind: 'image', hideInList: true },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: {
    columns: ['code', 'name', 'shortName', 'taxId', 'phone', 'status'],
    filters: { q: 'text', status: 'enum' },
    search: ['code', 'name', 'shortName', 'taxId'],
    defaultSort: 'code:asc',
  },
  form: [['code', 'name'], ['shortName', 'taxId'], ['phone', 'email'], ['address'], ['logo', 'status']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
})
