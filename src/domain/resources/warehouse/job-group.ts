// Job groups (spec section 3 "Job group: name, number, members"): the crews tasks are assigned to.
// Spec calls: GET /wms-in/workgroup/pageWorkGroup (page), POST /wms-in/workgroup/instWorkGroup (custom
// route over the add handler), GET /wms-in/workgroup/workGroup (reference list).
import { defineResource } from '../../resource'

export const jobGroupResource = defineResource({
  name: 'jobGroup',
  table: 'job_group',
  scope: 'warehouse',
  menuCode: 'job-group',
  component: 'warehouse/job-group',
  ns: 'res-warehouse',
  fields: {
    number: { kind: 'code', required: true, unique: true, maxLength: 32, width: 110 },
    name: { kind: 'text', required: true, maxLength: 100, width: 180 },
    memberIds: { kind: 'refMany', ref: 'staff' },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
    remark: { kind: 'textarea', maxLength: 500, hideInList: true },
  },
  list: {
    columns: ['number', 'name', 'memberIds', 'status'],
    filters: { q: 'text', status: 'enum' },
    search: ['number', 'name'],
    defaultSort: 'number:asc',
  },
  form: [['number', 'name'], ['memberIds'], ['status'], ['remark']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  specPaths: { page: '/wms-in/workgroup/pageWorkGroup', list: '/wms-in/workgroup/workGroup' },
  refine: (v) => Array.isArray(v.memberIds) && new Set(v.memberIds).size !== v.memberIds.length
    ? [{ path: 'memberIds', messageKey: 'res-warehouse:rules.duplicateMember' }]
    : [],
})
