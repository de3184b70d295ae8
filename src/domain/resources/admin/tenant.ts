// Tenants (screen system-manage/tenant; spec section 3 "tenant", section 7 GET /auth/tenant/list):
// the core `tenant` table, extended by 0013_admin.sql. Global: tenants are the company's. Their
// warehouse pairs (warehouse_tenant) are edited with the `pairs` action (src/server/areas/admin).
import { defineResource } from '../../resource'

export const tenantResource = defineResource({
  name: 'tenant',
  table: 'tenant',
  scope: 'global',
  menuCode: 'tenant',
  component: 'system/tenant',
  ns: 'admin',
  existingTable: true,
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 32, width: 110 },
    name: { kind: 'text', required: true, maxLength: 100, width: 200 },
    companyId: { kind: 'ref', ref: 'company', width: 180 },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: {
    columns: ['code', 'name', 'companyId', 'status'],
    filters: { q: 'text', status: 'enum' },
    search: ['code', 'name'],
    defaultSort: 'code:asc',
  },
  form: [['code', 'name'], ['companyId', 'status']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
})
