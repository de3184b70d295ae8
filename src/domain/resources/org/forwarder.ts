// Freight forwarders (spec section 3: name, code, type, tax id, contacts). Per tenant. Contacts are
// sub-rows {name, phone, email}; the type is the business type (sea, air, express, railway).
import { defineResource } from '../../resource'
import { ForwarderContacts, TAX_ID_KEY, TAX_ID_RE } from './rules'

export const forwarderResource = defineResource({
  name: 'forwarder',
  table: 'forwarder',
  scope: 'tenant',
  menuCode: 'forwarder',
  component: 'third-party/forwarder',
  ns: 'res-org',
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 32, width: 120 },
    name: { kind: 'text', required: true, maxLength: 120, width: 220 },
    forwarderType: { kind: 'enum', dict: 'businessType' },
    taxId: { kind: 'code', pattern: TAX_ID_RE, patternKey: TAX_ID_KEY, maxLength: 30, width: 170 },
    contacts: { kind: 'json', item: ForwarderContacts },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: {
    columns: ['code', 'name', 'forwarderType', 'taxId', 'contacts', 'status'],
    filters: { q: 'text', forwarderType: 'enum', status: 'enum' },
    search: ['code', 'name', 'taxId'],
    defaultSort: 'code:asc',
  },
  form: [['code', 'name'], ['forwarderType', 'taxId'], ['contacts'], ['status']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  specPaths: { list: '/wms-base/basefreightforwarding/list' },
})
