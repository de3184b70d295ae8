// Per-user settings by tableKey (spec: favourites under favoriteRoutes, and the grid's column configs):
// read returns the stored JSON string (or null); save upserts it after checking it is JSON ≤ 256 KB.
import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { AppDb } from '../../db/client'
import { userSetting } from '../../db/schema/core'
import { defineRoute, type RouteDef } from '../../http/route'
import { fieldError } from '../../http/errors'

export const TABLE_CONFIG_MAX_BYTES = 256 * 1024
const tableKey = z.string().trim().min(1, 'errors:field.required').max(100).regex(/^[\w.:/-]+$/)

export function settingsRoutes(db: AppDb): RouteDef[] {
  return [
    defineRoute({
      method: 'GET', url: '/wms-plus-base/tableColumnConfig/user/getTableColumnConfig', envelope: 'main', auth: 'user',
      summary: 'Read my stored config for a tableKey (favoriteRoutes or a grid id): the JSON string, or null',
      query: z.object({ tableKey }),
      handler: async ({ auth, query }) => {
        const [row] = await db.select({ config: userSetting.config }).from(userSetting)
          .where(and(eq(userSetting.userId, auth.userId), eq(userSetting.tableKey, query.tableKey)))
        return row?.config ?? null
      },
    }),
    defineRoute({
      method: 'POST', url: '/wms-plus-base/tableColumnConfig/user/addTableColumnConfig', envelope: 'main', auth: 'user',
      summary: 'Save my config for a tableKey (tableConfig: a JSON string up to 256 KB)',
      body: z.object({ tableKey, tableConfig: z.string() }),
      handler: async ({ auth, body }) => {
        if (Buffer.byteLength(body.tableConfig, 'utf8') > TABLE_CONFIG_MAX_BYTES) {
          throw fieldError('tableConfig', 'errors:field.tooBig', { max: '256 KB' })
        }
        try { JSON.parse(body.tableConfig) } catch {
          throw fieldError('tableConfig', 'errors:field.invalidFormat')
        }
        await db.insert(userSetting).values({ userId: auth.userId, tableKey: body.tableKey, config: body.tableConfig })
          .onConflictDoUpdate({ target: [userSetting.userId, userSetting.tableKey], set: { config: body.tableConfig, updatedAt: sql`now()` } })
        return { tableKey: body.tableKey, tableConfig: body.tableConfig }
      },
    }),
  ]
}
