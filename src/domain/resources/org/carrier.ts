// Carriers (issue 3: name, code, type, service channels, status). Company-wide: the same UPS or DHL
// serves every tenant. Service channels are sub-rows {code, name}, each code once.
import { defineResource } from '../../resource'
import { ServiceChannels, carrierIssues } from './rules'

export const carrierResource = defineResource({
  name: 'carrier',
  table: 'carrier',
  scope: 'global',
  menuCode: 'carrier',
  component: 'third-party/carrier',
  ns: 'res-org',
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 32, width: 120 },
    name: { kind: 'text', required: true, maxLength: 120, width: 200 },
    carrierType: { kind: 'enum', dict: 'carrierType' },
    serviceChannels: { kind: 'json', item: ServiceChannels },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
    // The adapter that buys face sheets (issue 13 §3; only the built-in carrier simulator exists), whether
    // the carrier refuses consignees without phone, and the simulator's share of failed purchases.
    adapter: { kind: 'enum', dict: 'carrierAdapter', required: true, default: 'simulator', width: 140 },
    requiresPhone: { kind: 'bool', required: true, default: false, width: 120 },
    simFailurePercent: { kind: 'int', required: true, min: 0, max: 100, default: 0, width: 120 },
    accountNo: { kind: 'text', maxLength: 40, hideInList: true },
  },
  list: {
    columns: ['code', 'name', 'carrierType', 'serviceChannels', 'adapter', 'requiresPhone', 'simFailurePercent', 'status'],
    filters: { q: 'text', carrierType: 'enum', status: 'enum' },
    search: ['code', 'name'],
    defaultSort: 'code:asc',
  },
  form: [['code', 'name'], ['carrierType', 'status'], ['adapter', 'accountNo'], ['requiresPhone', 'simFailurePercent'], ['serviceChannels']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  refine: carrierIssues,
})
