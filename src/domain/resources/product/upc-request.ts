// UPC inheritance and new-UPC approvals (screen upc-inheritance). A request links an MSKU to a SKU
// and asks for a UPC: a new one, or one inherited from another listing of the same article. It is a
// draft until submitted; submit → review (spec section 4); approve writes the UPC onto the MSKU,
// reject sends it back with a remark. Submit and approve check the spec's mismatch errors (style,
// color, size, MSKU, UPC) against the stored SKU/MSKU (rules.ts upcRequestIssues).
import { defineResource } from '../../resource'
import {
  UPC_CHECK_DIGIT_KEY, UPC_FORMAT_KEY, UPC_RE, UPC_SOURCE_REQUIRED_KEY, UpcRejectArgs, UpcReviewArgs, UpcReviewResult, upcCheckDigitOk,
} from './rules'
import { enabledByMachine } from '../../states/machine'
import { upcRequestMachine } from '../../states/upc-request'

export const upcRequestResource = defineResource({
  name: 'upcRequest',
  table: 'product_upc_request',
  scope: 'tenant',
  menuCode: 'upc-inheritance',
  component: 'commodity/upc-inheritance',
  ns: 'res-product',
  fields: {
    requestType: { kind: 'enum', dict: 'upcRequestType', required: true },
    skuId: { kind: 'ref', ref: 'sku', required: true },
    styleId: { kind: 'ref', ref: 'style', required: true },
    colorId: { kind: 'ref', ref: 'color', required: true },
    sizeId: { kind: 'ref', ref: 'size', required: true },
    mskuId: { kind: 'ref', ref: 'msku', required: true },
    /** Inherit only: the listing whose UPC is inherited. */
    sourceMskuId: { kind: 'ref', ref: 'msku' },
    upc: { kind: 'text', required: true, maxLength: 13, pattern: UPC_RE, patternKey: UPC_FORMAT_KEY, width: 130 },
    status: { kind: 'enum', dict: 'upcRequestStatus', readOnly: true, default: 0 },
    reviewRemark: { kind: 'text', readOnly: true, maxLength: 500 },
    submittedAt: { kind: 'datetime', readOnly: true },
    reviewedAt: { kind: 'datetime', readOnly: true },
    reviewedBy: { kind: 'int', readOnly: true, hideInList: true },
  },
  list: {
    columns: ['requestType', 'skuId', 'styleId', 'colorId', 'sizeId', 'mskuId', 'sourceMskuId', 'upc', 'status', 'reviewRemark', 'submittedAt', 'reviewedAt'],
    filters: { q: 'text', requestType: 'enum', status: 'enum', skuId: 'ref', mskuId: 'ref', submittedAt: 'dateRange' },
    search: ['upc'],
    defaultSort: 'id:desc',
  },
  form: [['requestType'], ['skuId', 'mskuId'], ['styleId', 'colorId', 'sizeId'], ['sourceMskuId', 'upc']],
  label: 'upc',
  refine: (v) => {
    const issues: { path: string; messageKey: string }[] = []
    if (typeof v.upc === 'string' && UPC_RE.test(v.upc) && !upcCheckDigitOk(v.upc)) issues.push({ path: 'upc', messageKey: UPC_CHECK_DIGIT_KEY })
    if (v.requestType === 'inherit' && (v.sourceMskuId === null || v.sourceMskuId === undefined)) issues.push({ path: 'sourceMskuId', messageKey: UPC_SOURCE_REQUIRED_KEY })
    return issues
  },
  actions: [
    { action: 'submit', enabled: enabledByMachine(upcRequestMachine, 'resource.upcRequest.submit'), title: 'res-product:upcRequest.actions.submit', index: 1, input: UpcReviewArgs, output: UpcReviewResult, selection: 'many' },
    { action: 'approve', enabled: enabledByMachine(upcRequestMachine, 'resource.upcRequest.approve'), title: 'res-product:upcRequest.actions.approve', index: 2, input: UpcReviewArgs, output: UpcReviewResult, selection: 'many', confirm: 'res-product:upcRequest.confirm.approve' },
    { action: 'reject', enabled: enabledByMachine(upcRequestMachine, 'resource.upcRequest.reject'), title: 'res-product:upcRequest.actions.reject', index: 3, input: UpcRejectArgs, output: UpcReviewResult, selection: 'many' },
  ],
})
