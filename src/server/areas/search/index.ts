// GET /api/search/documents?q=&limit= — "go to document": asks every registered lookup the caller
// may use (see ./registry.ts), merges the hits, exact number matches first.
import { z } from 'zod'
import type { Area } from '../index'
import { defineRoute, registerRoutes } from '../../http/route'
import { holds } from '../../../domain/commands'
import { translate } from '../../i18n'
import { documentLookups, lookupsFor, rankHits } from './registry'
import './lookups/index'

const Query = z.object({
  q: z.string().trim().min(1).max(64),
  limit: z.coerce.number().int().min(1).max(50).default(20),
})

export const searchArea: Area = (app, { db }) => {
  registerRoutes(app, [
    defineRoute({
      method: 'GET', url: '/api/search/documents', summary: 'Find documents by number across every document kind',
      tags: ['search'], envelope: 'main', auth: 'scoped', query: Query,
      handler: async ({ query, auth, raw }) => {
        const lookups = lookupsFor(query.q, documentLookups()).filter((l) => !l.permission || holds(l.permission, { permissions: auth.permissions, roles: auth.roles }))
        const perLookup = await Promise.all(lookups.map(async (l) => {
          const hits = await l.search(db, auth, query.q, query.limit, raw.lang)
          return hits.map((h) => ({ ...h, typeTitleKey: l.titleKey, typeTitle: translate(raw.lang, l.titleKey) }))
        }))
        return rankHits(perLookup.flat(), query.q).slice(0, query.limit)
      },
    }),
  ])
}
