// Which print template a button uses in the current warehouse and tenant:
// POST /wms-plus-base/sysButtonBindTemplateConfig/buttonBindTemplateAndResourceFill
//   {buttonCode, templateCode, resourceId?} → saves and returns the binding;
//   {buttonCode} alone → returns the current binding (null when none) — the spec names only this POST.
import { and, eq, sql } from 'drizzle-orm'
import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { Database } from '../../db/client'
import { buttonTemplateBinding } from '../../db/schema/shell'
import { auditLog } from '../../db/schema/core'
import { defineRoute, type RouteDef } from '../../http/route'

const code = z.string().trim().min(1, 'errors:field.required').max(100)

export function templateRoutes(database: Database): RouteDef[] {
  const db = database.db
  return [
    defineRoute({
      method: 'POST', url: '/wms-plus-base/sysButtonBindTemplateConfig/buttonBindTemplateAndResourceFill', envelope: 'main', auth: 'scoped',
      summary: 'Bind a button to a print template (and resource) in this warehouse+tenant; without templateCode returns the binding',
      body: z.object({
        buttonCode: code,
        templateCode: code.optional(),
        resourceId: z.union([z.string().trim().max(100), z.number().int()]).optional().nullable(),
      }),
      handler: async ({ auth, body, raw }) => {
        const key = and(eq(buttonTemplateBinding.tenantId, auth.tenantId), eq(buttonTemplateBinding.warehouseId, auth.warehouseId), eq(buttonTemplateBinding.buttonCode, body.buttonCode))
        if (body.templateCode) {
          const resourceId = body.resourceId === undefined || body.resourceId === null || body.resourceId === '' ? null : String(body.resourceId)
          // The binding and its audit row commit together.
          await database.tx(async (tx) => {
            await tx.insert(buttonTemplateBinding)
              .values({ tenantId: auth.tenantId, warehouseId: auth.warehouseId, buttonCode: body.buttonCode, templateCode: body.templateCode!, resourceId, updatedBy: auth.userId })
              .onConflictDoUpdate({
                target: [buttonTemplateBinding.tenantId, buttonTemplateBinding.warehouseId, buttonTemplateBinding.buttonCode],
                set: { templateCode: body.templateCode!, resourceId, updatedBy: auth.userId, updatedAt: sql`now()` },
              })
            await tx.insert(auditLog).values({
              tenantId: auth.tenantId, warehouseId: auth.warehouseId, userId: auth.userId, username: auth.username,
              commandId: 'shell.button-template.bind',
              argsDigest: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
              summary: `${body.buttonCode} → ${body.templateCode}`, result: 'ok', requestId: raw.id,
            })
          })
        }
        const [row] = await db.select().from(buttonTemplateBinding).where(key)
        return row ? { buttonCode: row.buttonCode, templateCode: row.templateCode, resourceId: row.resourceId, updatedBy: row.updatedBy, updatedAt: row.updatedAt } : null
      },
    }),
  ]
}
