// "Go to document": a registry of document lookups that GET /api/search/documents asks in turn.
//
// For later areas: register one lookup per document kind from your area's module (at import time),
//   registerDocumentLookup({
//     type: 'inboundOrder', titleKey: 'inbound:document.inboundOrder', prefixes: ['RK'],
//     permission: 'menu:inbound-order',
//     search: (db, auth, q, limit) => db.select(...).where(<tenant+warehouse of auth> and number ilike ...),
//   })
// and import that module once from src/server/areas/search/lookups/index.ts. Rules: scope every query
// by auth (tenant/warehouse, or what the caller may see), return at most `limit` rows, put the
// document number in `number` and a client route in `path`. `prefixes` (document number prefixes)
// let a query that starts with one skip lookups of other kinds. Types must be unique.
import type { Language } from '../../../domain/i18n'
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
}

export interface DocumentLookup {
  type: string
  /** i18n key naming the kind of document (shown beside each hit). */
  titleKey: string
  /** Document number prefixes (case-insensitive), e.g. ['RK']. */
  prefixes?: readonly string[]
  /** Permission code needed to see any hit of this kind; absent = every signed-in user. */
  permission?: string
  search(db: Queryable, auth: AuthContext, q: string, limit: number, lang: Language): Promise<DocumentHit[]>
}

const lookups: DocumentLookup[] = []

export function registerDocumentLookup(lookup: DocumentLookup): void {
  if (lookups.some((l) => l.type === lookup.type)) throw new Error(`duplicate document lookup type: ${lookup.type}`)
  lookups.push(lookup)
}

export function documentLookups(): readonly DocumentLookup[] { return lookups }

/** Lookups to ask for `q`: when q starts with some lookup's prefix, only those (plus prefix-less ones). */
export function lookupsFor(q: string, all: readonly DocumentLookup[] = lookups): DocumentLookup[] {
  const upper = q.toUpperCase()
  const byPrefix = all.filter((l) => l.prefixes?.some((p) => upper.startsWith(p.toUpperCase())))
  return byPrefix.length ? all.filter((l) => byPrefix.includes(l) || !l.prefixes?.length) : [...all]
}

/** Exact number matches first, then numbers starting with q, then the rest; stable within each rank. */
export function rankHits<T extends Pick<DocumentHit, 'number'>>(hits: readonly T[], q: string): T[] {
  const lq = q.toLowerCase()
  const rank = (h: T) => (h.number.toLowerCase() === lq ? 0 : h.number.toLowerCase().startsWith(lq) ? 1 : 2)
  return hits.map((h, i) => ({ h, i, r: rank(h) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.h)
}

/** LIKE pattern matching q anywhere, with q's own % _ \ escaped. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
