// Staff (spec section 3: username, email, avatar, nickname, phone number, department, join date,
// working status; section 5: username invalid or exists, no Chinese characters; phone required and
// valid; email valid). Working status is the status pair of the bulk status change (working ⇄ leave).
import { defineResource } from '../../resource'
import { USERNAME_KEY, USERNAME_RE } from './rules'

export const staffResource = defineResource({
  name: 'staff',
  table: 'staff',
  scope: 'global',
  menuCode: 'staff-information',
  component: 'basic-data/staff-information',
  ns: 'res-org',
  fields: {
    username: { kind: 'text', required: true, unique: true, maxLength: 32, pattern: USERNAME_RE, patternKey: USERNAME_KEY, width: 130 },
    name: { kind: 'text', required: true, maxLength: 50, width: 150 },
    nickname: { kind: 'text', maxLength: 50 },
    email: { kind: 'email', maxLength: 120, width: 200 },
    avatar: { kind: 'image', hideInList: true },
    phone: { kind: 'phone', required: true, width: 150 },
    departmentId: { kind: 'ref', ref: 'department', required: true, width: 160 },
    joinDate: { kind: 'date', width: 110 },
    workingStatus: { kind: 'enum', dict: 'workingStatus', required: true, default: 1 },
  },
  list: {
    columns: ['username', 'name', 'nickname', 'email', 'phone', 'departmentId', 'joinDate', 'workingStatus'],
    filters: { q: 'text', departmentId: 'ref', joinDate: 'dateRange', workingStatus: 'enum' },
    search: ['username', 'name', 'nickname', 'email', 'phone'],
    defaultSort: 'username:asc',
  },
  form: [['username', 'name'], ['nickname', 'email'], ['phone', 'departmentId'], ['joinDate', 'workingStatus'], ['avatar']],
  status: { field: 'workingStatus', dict: 'workingStatus', enabled: 1, disabled: 0 },
  label: 'name',
})
