// Departments (spec section 7 auth/dept/*): a tree company → department → group. The auth-service
// calls (tree, deptTypes, groupTree, detail, POST/PUT/DELETE) live in
// src/server/resources/custom/org/dept.ts over the same handlers. Rules only the database can see —
// no cycles, no delete while sub-departments or staff remain — are constraints mapped to messages.
import { defineResource } from '../../resource'

export const departmentResource = defineResource({
  name: 'department',
  table: 'department',
  scope: 'global',
  menuCode: 'department',
  component: 'basic-data/department',
  ns: 'res-org',
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 32, width: 120 },
    name: { kind: 'text', required: true, maxLength: 100, width: 200 },
    parentId: { kind: 'ref', ref: 'department', width: 180 },
    deptType: { kind: 'enum', dict: 'deptType', required: true, default: 2 },
    companyId: { kind: 'ref', ref: 'company', width: 180 },
    leader: { kind: 'text', maxLength: 50 },
    phone: { kind: 'phone', hideInList: true },
    sort: { kind: 'int', min: 0, max: 9999, default: 0, width: 70 },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: {
    columns: ['code', 'name', 'parentId', 'deptType', 'companyId', 'leader', 'sort', 'status'],
    filters: { q: 'text', deptType: 'enum', parentId: 'ref', companyId: 'ref', status: 'enum' },
    search: ['code', 'name', 'leader'],
    defaultSort: 'sort:asc',
  },
  form: [['code', 'name'], ['parentId', 'deptType'], ['companyId', 'leader'], ['phone', 'sort'], ['status']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  delete: 'hard',
  refine: (v) => v.id !== undefined && v.parentId === v.id ? [{ path: 'parentId', messageKey: 'res-org:department.errors.cycle' }] : [],
  constraints: {
    department_parent_cycle: { field: 'parentId', messageKey: 'res-org:department.errors.cycle', status: 400 },
    department_parent_self: { field: 'parentId', messageKey: 'res-org:department.errors.cycle', status: 400 },
    department_parent_id_fkey: { field: 'parentId', messageKey: 'res-org:department.errors.hasChildren' },
    staff_department_id_fkey: { field: 'ids', messageKey: 'res-org:department.errors.hasStaff' },
  },
})
