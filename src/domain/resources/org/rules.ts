// Rules of the organisation & commercial group (spec section 5) as pure data and functions, shared by
// the declarations, the server's custom handlers and res-admin's user form (username rule).
import { z } from 'zod'
import { fieldSchema } from '../../resource'
import { dateOnlySchema } from '../../validation'

/**
 * Usernames (staff and users): 3–32 letters, digits, '.', '_', '@' or '-', starting with a letter or
 * digit — so no Chinese characters (spec: "Username invalid or exists, no Chinese characters").
 */
export const USERNAME_RE = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,31}$/
export const USERNAME_KEY = 'res-org:rules.username'
/** Tax ids: upper-case letters, digits and '-', 6–30 characters (CN USCC, US EIN, MX RFC). */
export const TAX_ID_RE = /^[A-Z0-9-]{6,30}$/
export const TAX_ID_KEY = 'res-org:rules.taxId'
/** Bank card / account number: 8–30 digits. */
export const BANK_CARD_RE = /^[0-9]{8,30}$/
export const BANK_CARD_KEY = 'res-org:rules.bankCard'
/** ISO 4217 currency code. */
export const CURRENCY_RE = /^[A-Z]{3}$/
export const CURRENCY_KEY = 'res-org:rules.currency'
/** ISO 3166 country code (spec format "two letters A-Z"). */
export const COUNTRY_RE = /^[A-Z]{2}$/
export const COUNTRY_KEY = 'res-org:rules.country'

export const DUPLICATE_CONSIGNMENT_KEY = 'res-org:shop.errors.duplicateConsignment'
export const CONSIGNOR_REQUIRED_KEY = 'res-org:shop.errors.consignorRequired'
export const DUPLICATE_CHANNEL_KEY = 'res-org:carrier.errors.duplicateChannel'
export const BASE_RATE_ONE_KEY = 'res-org:exchangeRate.errors.baseRateOne'

/** A contact of a forwarder: {name, phone, email}. */
export const ForwarderContacts = z.array(z.strictObject({
  name: z.string().trim().min(1, 'errors:field.required').max(50),
  phone: fieldSchema({ kind: 'phone' }),
  email: fieldSchema({ kind: 'email' }),
})).max(20)
export type ForwarderContact = z.infer<typeof ForwarderContacts>[number]

/** A carrier's service channels: {code, name}. */
export const ServiceChannels = z.array(z.strictObject({
  code: z.string().trim().min(1, 'errors:field.required').max(40).regex(/^[A-Z0-9_-]+$/, 'errors:field.codeFormat'),
  name: z.string().trim().min(1, 'errors:field.required').max(100),
})).max(50)

/** The tenants whose goods a consignment shop sells: {tenantId, remark}. */
export const ShopConsignors = z.array(z.strictObject({
  tenantId: z.number().int().positive(),
  remark: z.string().trim().max(200).nullish(),
})).max(20)
export type ShopConsignor = z.infer<typeof ShopConsignors>[number]

export interface RuleIssue { path: string; messageKey: string; params?: Record<string, unknown> }

/**
 * Shops: the same consignor twice is 'duplicate consignment relation' (named at the repeated row);
 * a shop marked consignment needs at least one consignor.
 */
export function shopIssues(v: Record<string, unknown>): RuleIssue[] {
  const out: RuleIssue[] = []
  const list = Array.isArray(v.consignors) ? (v.consignors as ShopConsignor[]) : undefined
  if (list) {
    const seen = new Set<number>()
    list.forEach((c, i) => {
      if (seen.has(c.tenantId)) out.push({ path: `consignors.${i}.tenantId`, messageKey: DUPLICATE_CONSIGNMENT_KEY })
      seen.add(c.tenantId)
    })
  }
  if (v.consignment === true && list !== undefined && list.length === 0) out.push({ path: 'consignors', messageKey: CONSIGNOR_REQUIRED_KEY })
  return out
}

/** Carriers: a channel code once per carrier. */
export function carrierIssues(v: Record<string, unknown>): RuleIssue[] {
  const list = Array.isArray(v.serviceChannels) ? (v.serviceChannels as { code: string }[]) : []
  const seen = new Set<string>()
  const out: RuleIssue[] = []
  list.forEach((c, i) => {
    if (seen.has(c.code)) out.push({ path: `serviceChannels.${i}.code`, messageKey: DUPLICATE_CHANNEL_KEY })
    seen.add(c.code)
  })
  return out
}

/** Exchange rates: the target (base) currency is worth exactly 1 of itself ("USD as 1"). */
export function exchangeRateIssues(v: Record<string, unknown>): RuleIssue[] {
  const code = v.currencyCode
  const target = v.targetCurrency ?? 'USD'
  if (typeof code === 'string' && code === target && typeof v.rate === 'number' && v.rate !== 1) {
    return [{ path: 'rate', messageKey: BASE_RATE_ONE_KEY, params: { currency: code } }]
  }
  return []
}

/** The sync action's args: the day to fill (default today, UTC). */
export const SyncRatesArgs = z.strictObject({
  date: dateOnlySchema.optional(),
})
export type SyncRatesArgs = z.infer<typeof SyncRatesArgs>
/** What the sync answers: the day, the currencies filled, and those left alone (manual mode / disabled). */
export const SyncRatesResult = z.object({
  date: z.string(), source: z.string(),
  updated: z.array(z.object({ currencyCode: z.string(), rate: z.number(), rmbRate: z.number().nullable() })),
  skipped: z.array(z.string()),
})
export type SyncRatesResult = z.infer<typeof SyncRatesResult>
