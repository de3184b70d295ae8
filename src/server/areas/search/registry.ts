// "Go to document": a registry of document lookups that GET /api/search/documents asks in turn.
//
// For later areas: register one lookup per document kind from your area's module (at import time),
//   registerDocumentLookup({
//     type: 'inboundOrder', titleKey: 'inbound:document.inboundOrder', prefixes: ['RK'], group: 'document',
//     permission: 'menu:inbound-order',
//     opens: { path: '/stock-in/inbound-order/details?orderNo={no}', testId: 'inbound-order-details' },
//     alsoBy: ['boxCode'],
//     search: (db, auth, q, limit) => db.select(...).where(<tenant+warehouse of auth> and number ilike ...),
//   })
// and import that module once from src/server/areas/search/lookups/index.ts. Rules: scope every query
// by auth (tenant/warehouse, or what the caller may see), return at most `limit` rows, put the
// document number in `number` and a client route in `path`; a hit found by another number the
// operator holds (tracking number, platform order number, box or container code) names it in `matched`
// and says which in `matchedBy`. Match exact and partial numbers, exact first. `prefixes` (document
// number prefixes) let a query that starts with one skip lookups of other kinds. Types must be unique.
// `opens` and `alsoBy` are what the test over every kind checks (tests/api/document-search.test.ts and
// e2e/document-jump.spec.ts fail for a kind without a fixture there): a new kind joins them.
import type { Language } from '../../../domain/i18n'
import { translate } from '../../i18n'
import type { Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'

export interface DocumentHit {
  /** The lookup's type, e.g. 'user', 'menu', 'inboundOrder'. */
  type: string
  id: number | string
  /** The document number (or code) the operator typed. */
  number: string
  /** Display text in the request's language. */
  title: string
  status?: string | number
  /** Client route that opens the document. */
  path: string
  /** The number the query matched when it is not the document number (a tracking number, a box code …). */
  matched?: string
  matchedBy?: AltNumber
}

/** Numbers other than a document's own that an operator holds in hand and that find the document. */
export const ALT_NUMBERS = ['trackingNo', 'platformOrderNo', 'sourceNo', 'boxCode', 'containerCode', 'plateNo'] as const
export type AltNumber = (typeof ALT_NUMBERS)[number]

/** The page a hit opens, declared for the test over every kind. */
export interface DocumentPage {
  /**
   * The hit's path as a template: {no} the document number (URL-encoded), {id} its id, * any text
   * (menus: the screen's place in the tree).
   */
  path: string
  /** data-testid of the element of that page that shows the document (the e2e jump test waits for it). */
  testId: string
}

export interface DocumentLookup {
  type: string
  /** i18n key naming the kind of document (shown beside each hit). */
  titleKey: string
  /** Document number prefixes (case-insensitive), e.g. ['RK']. */
  prefixes?: readonly string[]
  /** Permission code needed to see any hit of this kind; absent = every signed-in user. */
  permission?: string
  /** 'document': a numbered document or task of the warehouse; 'reference': basic data, users, screens. */
  group: 'document' | 'reference'
  /** The page a hit opens. */
  opens: DocumentPage
  /** Other numbers that find this kind (each needs its fixture in the test over every kind). */
  alsoBy?: readonly AltNumber[]
  search(db: Queryable, auth: AuthContext, q: string, limit: number, lang: Language): Promise<DocumentHit[]>
}

const lookups: DocumentLookup[] = []

export function registerDocumentLookup(lookup: DocumentLookup): void {
  if (lookups.some((l) => l.type === lookup.type)) throw new Error(`duplicate document lookup type: ${lookup.type}`)
  if (!lookup.opens?.path || !lookup.opens.testId) throw new Error(`document lookup ${lookup.type} must declare the page it opens`)
  lookups.push(lookup)
}

export function documentLookups(): readonly DocumentLookup[] { return lookups }

/**
 * Lookups to ask for `q`: when q is some lookup's prefix followed by a digit (RK26…), only those, plus
 * prefix-less ones and those found by other numbers too (a tracking or platform order number may start
 * with any letters).
 */
export function lookupsFor(q: string, all: readonly DocumentLookup[] = lookups): DocumentLookup[] {
  const upper = q.trim().toUpperCase()
  const byPrefix = all.filter((l) => l.prefixes?.some((p) => upper.startsWith(p.toUpperCase()) && /^\d/.test(upper.slice(p.length))))
  return byPrefix.length ? all.filter((l) => byPrefix.includes(l) || !l.prefixes?.length || !!l.alsoBy?.length) : [...all]
}

/**
 * Exact matches first, then numbers starting with q, then the rest; stable within each rank. A hit found
 * by another number (`matched`: its tracking number, box code …) ranks by that number.
 */
export function rankHits<T extends Pick<DocumentHit, 'number' | 'matched'>>(hits: readonly T[], q: string): T[] {
  const lq = q.trim().toLowerCase()
  const rank = (h: T) => {
    const no = (h.matched ?? h.number).toLowerCase()
    return no === lq ? 0 : no.startsWith(lq) ? 1 : 2
  }
  return hits.map((h, i) => ({ h, i, r: rank(h) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.h)
}

/** LIKE pattern matching q anywhere, with q's own % _ \ escaped. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** A path template of DocumentPage filled in for one hit: the path that hit must carry. */
export function pagePathPattern(page: DocumentPage, hit: Pick<DocumentHit, 'number' | 'id'>): RegExp {
  const esc = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const parts = page.path.split(/(\{no\}|\{id\}|\*)/).map((p) => (p === '{no}' ? esc(encodeURIComponent(hit.number)) : p === '{id}' ? esc(String(hit.id)) : p === '*' ? '.*' : esc(p)))
  return new RegExp(`^${parts.join('')}$`)
}

/** The hit's other number as its title says it: "Tracking no. 1Z…", "Box RK…-3" (commands:search.by.*). */
export function matchedText(lang: Language, by: AltNumber, code: string): string {
  return translate(lang, `commands:search.by.${by}`, { code })
}
