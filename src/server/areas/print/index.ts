// The printers a role that prints may choose from (src/domain/print.ts): GET PRINTERS_API answers the
// enabled printers of the caller's warehouse-tenant pair — code, name, format, paper, connected (a
// disconnected one stays listed: printing on it answers the spec's "printer not connected") — to
// anyone holding a print permission, and 403 naming what is missing to anyone else. Printer management
// (the printer resource) stays its own screen's.
import { sql } from 'drizzle-orm'
import type { Area } from '../../http/area'
import { defineRoute, registerRoutes } from '../../http/route'
import { forbidden } from '../../http/errors'
import { rowsOf } from '../../db/rows'
import { holdsPermission } from '../../../domain/permissions'
import { PRINTER_LIST_PERMISSIONS, PRINTERS_API, type PrinterOption } from '../../../domain/print'

export const printArea: Area = (app, { db }) => {
  registerRoutes(app, [
    defineRoute({
      method: 'GET', url: PRINTERS_API, tags: ['print'], envelope: 'main', auth: 'scoped',
      summary: 'The enabled printers of the current warehouse and tenant, for a role that holds a print permission (face sheets, picking lists, labels, print setup)',
      handler: async ({ auth }): Promise<PrinterOption[]> => {
        if (!PRINTER_LIST_PERMISSIONS.some((p) => holdsPermission(p, auth.permissions, auth.roles))) {
          throw forbidden('errors:auth.missingPermission', { permission: PRINTER_LIST_PERMISSIONS.join(' | ') })
        }
        const rows = rowsOf(await db.execute(sql`
          SELECT id, code, name, format, paper, connected FROM printer
          WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND status = 1 ORDER BY code`))
        return rows.map((r) => ({
          id: Number(r.id), code: String(r.code), name: String(r.name), format: String(r.format) as PrinterOption['format'], paper: String(r.paper), connected: r.connected === true,
        }))
      },
    }),
  ])
}
