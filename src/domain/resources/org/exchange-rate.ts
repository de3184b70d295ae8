// Exchange rates (spec section 3: currency name, code, symbol, main currency flag, target currency,
// rate date, use date, rate, synchronisation mode) — "based on USD as 1 with RMB rate": `rate` is
// units of the currency per 1 target currency (USD), `rmbRate` yuan per 1 unit of the currency.
// Daily rates keep one row per currency and date. The `sync` action fills a day's rates of every
// enabled automatic-mode currency from the rate source (the built-in simulator; server custom/org).
import { defineResource } from '../../resource'
import { CURRENCY_KEY, CURRENCY_RE, SyncRatesArgs, SyncRatesResult, exchangeRateIssues } from './rules'

export const exchangeRateResource = defineResource({
  name: 'exchangeRate',
  table: 'exchange_rate',
  scope: 'global',
  menuCode: 'exchange-rate',
  component: 'basic-data/exchange-rate',
  ns: 'res-org',
  label: 'currencyCode',
  fields: {
    currencyName: { kind: 'text', required: true, maxLength: 50, width: 160 },
    currencyCode: { kind: 'code', required: true, unique: true, pattern: CURRENCY_RE, patternKey: CURRENCY_KEY, maxLength: 3, width: 90 },
    symbol: { kind: 'text', maxLength: 8, width: 70 },
    mainCurrency: { kind: 'bool', default: false, width: 90 },
    targetCurrency: { kind: 'code', required: true, pattern: CURRENCY_RE, patternKey: CURRENCY_KEY, maxLength: 3, default: 'USD', width: 90 },
    rate: { kind: 'decimal', required: true, min: 0.0001, max: 1_000_000, width: 110 },
    rmbRate: { kind: 'decimal', min: 0.0001, max: 1_000_000, width: 110 },
    rateDate: { kind: 'date', width: 110 },
    useDate: { kind: 'date', width: 110 },
    syncMode: { kind: 'enum', dict: 'rateSyncMode', required: true, default: 'manual' },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: {
    columns: ['currencyCode', 'currencyName', 'symbol', 'mainCurrency', 'targetCurrency', 'rate', 'rmbRate', 'rateDate', 'useDate', 'syncMode', 'status'],
    filters: { q: 'text', syncMode: 'enum', status: 'enum', rateDate: 'dateRange' },
    search: ['currencyCode', 'currencyName'],
    defaultSort: 'currencyCode:asc',
  },
  form: [['currencyCode', 'currencyName'], ['symbol', 'mainCurrency'], ['targetCurrency', 'rate'], ['rmbRate', 'syncMode'], ['rateDate', 'useDate'], ['status']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  refine: exchangeRateIssues,
  constraints: {
    exchange_rate_main_uq: { field: 'mainCurrency', messageKey: 'res-org:exchangeRate.errors.oneMainCurrency' },
    exchange_rate_base_one: { field: 'rate', messageKey: 'res-org:exchangeRate.errors.baseRateOne', status: 400 },
  },
  actions: [
    { action: 'sync', title: 'res-org:exchangeRate.actions.sync', index: 1, input: SyncRatesArgs, output: SyncRatesResult, confirm: 'res-org:exchangeRate.actions.syncConfirm' },
  ],
})

export const dailyRateResource = defineResource({
  name: 'dailyRate',
  table: 'daily_rate',
  scope: 'global',
  menuCode: 'daily-rate',
  component: 'basic-data/daily-rate',
  ns: 'res-org',
  label: 'rateDate',
  fields: {
    currencyId: { kind: 'ref', ref: 'exchangeRate', required: true, width: 110 },
    rateDate: { kind: 'date', required: true, width: 110 },
    rate: { kind: 'decimal', required: true, min: 0.0001, max: 1_000_000, width: 110 },
    rmbRate: { kind: 'decimal', min: 0.0001, max: 1_000_000, width: 110 },
    syncMode: { kind: 'enum', dict: 'rateSyncMode', required: true, default: 'manual' },
  },
  list: {
    columns: ['rateDate', 'currencyId', 'rate', 'rmbRate', 'syncMode'],
    filters: { currencyId: 'ref', rateDate: 'dateRange', syncMode: 'enum' },
    defaultSort: 'rateDate:desc',
  },
  form: [['currencyId', 'rateDate'], ['rate', 'rmbRate'], ['syncMode']],
  constraints: {
    daily_rate_currency_date_uq: { field: 'rateDate', messageKey: 'res-org:dailyRate.errors.duplicateDay' },
  },
})
