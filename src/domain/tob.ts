// ToB order fields and rules on the outbound order (issue 21, part J; spec sections 3, 5, 8, 9). A ToB
// order (dict orderType TOB 1) is an outbound order with these header fields; intake (the form, the feed,
// the Excel import) checks them here, the browser and the server alike:
//   - on a ToB order destination warehouse, channel, business type and box mark are required (spec section
//     5 "Required: … channel, business type, box mark …"); on a ToC order none of the ToB fields is taken;
//   - the marketplace quantity, when given, must equal the order's expected quantity unless the caller
//     confirms (spec section 8: "expected quantity does not match marketplace quantity (confirm submit)").
import { z } from 'zod'
import { BUSINESS_TYPES, DELIVERY_MODES, OrderType, ORDER_SPLIT_BY, PRODUCT_NATURES } from './dictionaries'

const optText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null))

/** A container number as planned: letters, digits and dashes, stored upper-case. */
export const CONTAINER_NO_RE = /^[A-Z0-9-]{1,40}$/

/** The ToB header fields (spread into the outbound order's header input). */
export const TOB_HEADER_SHAPE = {
  destinationWarehouse: optText(100),
  expectedContainerNo: z.string().trim().max(40).nullish().transform((v) => (v ? v.toUpperCase() : null))
    .refine((v) => v === null || CONTAINER_NO_RE.test(v), 'tob:errors.containerNoFormat'),
  logisticsProvider: optText(100),
  channel: optText(60),
  businessType: z.enum(BUSINESS_TYPES).nullish(),
  boxMark: optText(200),
  deliveryMode: z.enum(DELIVERY_MODES).nullish(),
  productNatures: z.array(z.enum(PRODUCT_NATURES)).max(PRODUCT_NATURES.length).nullish()
    .refine((v) => !v || new Set(v).size === v.length, 'tob:errors.duplicateNature'),
  /** The quantity the marketplace expects for the whole order. */
  marketplaceQty: z.number().int().min(0, 'errors:field.tooSmall').max(10_000_000).nullish(),
  /** Submit although the marketplace quantity differs from the expected quantity (not stored). */
  confirm: z.boolean().optional(),
} as const

export type TobHeader = { orderType?: number | null } & { [K in keyof typeof TOB_HEADER_SHAPE]?: z.output<(typeof TOB_HEADER_SHAPE)[K]> }

/** Fields only a ToB order takes. */
export const TOB_FIELDS = ['destinationWarehouse', 'expectedContainerNo', 'logisticsProvider', 'channel', 'businessType', 'boxMark', 'deliveryMode', 'productNatures', 'marketplaceQty'] as const
/** Fields a ToB order must carry (spec section 5). */
export const TOB_REQUIRED = ['destinationWarehouse', 'channel', 'businessType', 'boxMark'] as const

export interface TobIssue { field: string; messageKey: string; params?: Record<string, unknown> }

const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)

/** The ToB field issues of an order's header (never the quantity confirmation: see tobQtyIssue). */
export function tobFieldIssues(h: TobHeader): TobIssue[] {
  if (h.orderType === undefined || h.orderType === null) return []
  const issues: TobIssue[] = []
  if (h.orderType === OrderType.TOB) {
    for (const f of TOB_REQUIRED) if (empty(h[f])) issues.push({ field: f, messageKey: 'errors:field.required' })
  } else {
    for (const f of TOB_FIELDS) if (!empty(h[f])) issues.push({ field: f, messageKey: 'tob:errors.tobOnly', params: { orderType: h.orderType } })
  }
  return issues
}

/** "Expected quantity does not match marketplace quantity": an issue unless confirmed (or no marketplace quantity). */
export function tobQtyIssue(h: TobHeader, expectedQty: number): TobIssue | null {
  if (h.marketplaceQty === null || h.marketplaceQty === undefined || h.confirm === true) return null
  return h.marketplaceQty === expectedQty ? null : { field: 'marketplaceQty', messageKey: 'tob:errors.marketplaceQtyMismatch', params: { expectedQty, marketplaceQty: h.marketplaceQty } }
}

export const TOB_SPLIT_METHODS = ORDER_SPLIT_BY
