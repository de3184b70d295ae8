// Dashboard counts: POST /wms-plus-base/statistics/total {keys?} → { <key>: number }. Each key is one
// real query; other areas add theirs with registerStatistic (e.g. open outbound orders) at start-up.
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { AppDb } from '../../db/client'
import type { Config } from '../../config'
import type { AuthContext } from '../../http/context'
import { authSession, userAccess } from '../../db/schema/core'
import { defineRoute, type RouteDef } from '../../http/route'
import { fieldError } from '../../http/errors'
import { countFeedback, countUnread } from '../notices/service'
import { FeedbackStatus } from '../../../domain/dictionaries'

export interface StatisticContext { db: AppDb; auth: AuthContext; config: Config }
export type Statistic = (ctx: StatisticContext) => Promise<number>

const statistics = new Map<string, Statistic>()

/** Adds a dashboard count. Keys are unique: registering one twice is a programming error. */
export function registerStatistic(key: string, fn: Statistic) {
  if (statistics.has(key) && statistics.get(key) !== fn) throw new Error(`statistic ${key} registered twice`)
  statistics.set(key, fn)
}

export const statisticKeys = () => [...statistics.keys()]

/** Signed-in sessions not revoked and seen within one access-token lifetime. */
registerStatistic('usersOnline', async ({ db, config }) => {
  const [r] = await db.select({ n: sql<number>`count(DISTINCT ${authSession.userId})::int` }).from(authSession)
    .where(and(isNull(authSession.revokedAt), gt(authSession.lastSeen, sql`now() - make_interval(secs => ${config.accessTokenTtlSec})`)))
  return r.n
})
registerStatistic('noticesUnread', ({ db, auth }) => countUnread(db, { userId: auth.userId, noticeSource: 'WMS' }))
registerStatistic('feedbackPending', ({ db }) => countFeedback(db, FeedbackStatus.Pending))
registerStatistic('myFeedbackPending', ({ db, auth }) => countFeedback(db, FeedbackStatus.Pending, auth.userId))
/** Colleagues who may work in the current warehouse and tenant. */
registerStatistic('warehouseUsers', async ({ db, auth }) => {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(userAccess)
    .where(and(eq(userAccess.warehouseId, auth.warehouseId), eq(userAccess.tenantId, auth.tenantId)))
  return r.n
})
registerStatistic('myWarehousePairs', async ({ db, auth }) => {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(userAccess).where(eq(userAccess.userId, auth.userId))
  return r.n
})

export function statisticsRoutes(db: AppDb, config: Config): RouteDef[] {
  return [
    defineRoute({
      method: 'POST', url: '/wms-plus-base/statistics/total', envelope: 'main', auth: 'scoped',
      summary: 'Dashboard counts { <key>: number } for the requested keys (all when omitted)',
      body: z.object({ keys: z.array(z.string().min(1).max(100)).max(100).optional() }).optional(),
      handler: async ({ body, auth }) => {
        const keys = body?.keys?.length ? [...new Set(body.keys)] : statisticKeys()
        const unknown = keys.filter((k) => !statistics.has(k))
        if (unknown.length) throw fieldError('keys', 'errors:field.invalidValue', { value: unknown.join(', ') })
        const out: Record<string, number> = {}
        for (const k of keys) out[k] = await statistics.get(k)!({ db, auth, config })
        return out
      },
    }),
  ]
}
