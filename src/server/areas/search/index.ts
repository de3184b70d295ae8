// GET /api/search/documents?q=&limit= — "go to document": asks every registered lookup the caller
// may use (see ./registry.ts), merges the hits, exact number matches first.
// GET /api/search/kinds — the kinds the caller may look up: their prefixes (the palette tells a typed
// document number from a word by them), the other numbers that find them and the page a hit opens.
import { z } from 'zod'
import type { Area } from '../../http/area'
import { defineRoute, registerRoutes } from '../../http/route'
import { holds } from '../../../domain/commands'
import { translate } from '../../i18n'
import type { AuthContext } from '../../http/context'
import { documentLookups, lookupsFor, rankHits, type DocumentLookup } from './registry'
import './lookups/index'

const Query = z.object({
  q: z.string().trim().min(1).max(64),
  limit: z.coerce.number().int().min(1).max(50).default(20),
})

export const searchArea: Area = (app, { db }) => {
  const mayUse = (auth: Pick<AuthContext, 'permissions' | 'roles'>) => (l: DocumentLookup) => !l.permission || holds(l.permission, { permissions: auth.permissions, roles: auth.roles })
  registerRoutes(app, [
    defineRoute({
      method: 'GET', url: '/api/search/kinds', summary: 'The document kinds the caller may find by number: prefixes, other numbers that find them, the page a hit opens',
      tags: ['search'], envelope: 'main', auth: 'scoped',
      handler: async ({ auth, raw }) => documentLookups().filter(mayUse(auth)).map((l) => ({
        type: l.type, title: translate(raw.lang, l.titleKey), group: l.group, prefixes: l.prefixes ?? [], alsoBy: l.alsoBy ?? [], opens: l.opens,
      })),
    }),
    defineRoute({
      method: 'GET', url: '/api/search/documents', summary: 'Find documents by number across every document kind',
      tags: ['search'], envelope: 'main', auth: 'scoped', query: Query,
      handler: async ({ query, auth, raw }) => {
        const lookups = lookupsFor(query.q, documentLookups()).filter(mayUse(auth))
        const perLookup = await Promise.all(lookups.map(async (l) => {
          const hits = await l.search(db, auth, query.q, query.limit, raw.lang)
          return hits.map((h) => ({ ...h, typeTitleKey: l.titleKey, typeTitle: translate(raw.lang, l.titleKey) }))
        }))
        return rankHits(perLookup.flat(), query.q).slice(0, query.limit)
      },
    }),
  ])
}
