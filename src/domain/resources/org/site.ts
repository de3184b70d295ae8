// Sites (spec section 3: name, full name, logo, currency, channel, country, owning platform): the core
// `site` table, extended by 0012_res_org.sql. A site code is unique within its platform (site_platform_id_code_key).
import { defineResource } from '../../resource'
import { COUNTRY_KEY, COUNTRY_RE, CURRENCY_KEY, CURRENCY_RE } from './rules'

export const siteResource = defineResource({
  name: 'site',
  table: 'site',
  scope: 'global',
  menuCode: 'site',
  component: 'basic-data/site',
  ns: 'res-org',
  existingTable: true,
  fields: {
    platformId: { kind: 'ref', ref: 'platform', required: true, width: 150 },
    code: { kind: 'code', required: true, maxLength: 32, width: 100 },
    name: { kind: 'text', required: true, maxLength: 100, width: 180 },
    fullName: { kind: 'text', maxLength: 200, width: 220 },
    logo: { kind: 'image', hideInList: true },
    currency: { kind: 'code', pattern: CURRENCY_RE, patternKey: CURRENCY_KEY, maxLength: 3, width: 90 },
    channel: { kind: 'text', maxLength: 50 },
    country: { kind: 'code', pattern: COUNTRY_RE, patternKey: COUNTRY_KEY, maxLength: 2, width: 80 },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: {
    columns: ['platformId', 'code', 'name', 'fullName', 'currency', 'channel', 'country', 'status'],
    filters: { q: 'text', platformId: 'ref', country: 'text', status: 'enum' },
    search: ['code', 'name', 'fullName'],
    defaultSort: 'code:asc',
  },
  form: [['platformId', 'code'], ['name', 'fullName'], ['currency', 'country'], ['channel', 'logo'], ['status']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  specPaths: { list: '/base/basesite/list' },
  constraints: {
    site_platform_id_code_key: { field: 'code', messageKey: 'resources:errors.duplicate' },
  },
})
