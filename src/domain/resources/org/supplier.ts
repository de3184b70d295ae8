// Suppliers / vendors (spec section 3: name, type, code, tax id, bank, address, return address, pay
// type, minimum purchase, tax rate, certificate files; section 5: supplier name and type required,
// "tax id and bank card required"). Per tenant: each tenant buys from its own suppliers.
import { defineResource } from '../../resource'
import { BANK_CARD_KEY, BANK_CARD_RE, TAX_ID_KEY, TAX_ID_RE } from './rules'

export const supplierResource = defineResource({
  name: 'supplier',
  table: 'supplier',
  scope: 'tenant',
  menuCode: 'supplier',
  component: 'third-party/supplier',
  ns: 'res-org',
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 32, width: 120 },
    name: { kind: 'text', required: true, maxLength: 120, width: 220 },
    supplierType: { kind: 'enum', dict: 'supplierType', required: true },
    taxId: { kind: 'code', required: true, pattern: TAX_ID_RE, patternKey: TAX_ID_KEY, maxLength: 30, width: 170 },
    bankName: { kind: 'text', maxLength: 100, hideInList: true },
    bankCard: { kind: 'text', required: true, pattern: BANK_CARD_RE, patternKey: BANK_CARD_KEY, maxLength: 30, width: 190 },
    address: { kind: 'textarea', maxLength: 300, hideInList: true },
    returnAddress: { kind: 'textarea', maxLength: 300, hideInList: true },
    payType: { kind: 'enum', dict: 'payType' },
    /** Minimum order quantity (pieces). */
    minimumPurchase: { kind: 'int', min: 0, max: 10_000_000, width: 110 },
    /** Percent, 0–100. */
    taxRate: { kind: 'decimal', min: 0, max: 100, width: 90 },
    certificateFiles: { kind: 'files', hideInList: true },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: {
    columns: ['code', 'name', 'supplierType', 'taxId', 'bankCard', 'payType', 'minimumPurchase', 'taxRate', 'status'],
    filters: { q: 'text', supplierType: 'enum', payType: 'enum', status: 'enum' },
    search: ['code', 'name', 'taxId'],
    defaultSort: 'code:asc',
  },
  form: [['code', 'name'], ['supplierType', 'taxId'], ['bankName', 'bankCard'], ['address'], ['returnAddress'], ['payType', 'minimumPurchase'], ['taxRate', 'status'], ['certificateFiles']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  import: { columns: ['code', 'name', 'supplierType', 'taxId', 'bankName', 'bankCard', 'address', 'returnAddress', 'payType', 'minimumPurchase', 'taxRate'], key: 'code' },
  specPaths: { list: '/base/basevendor/list' },
})
