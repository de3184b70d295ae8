// The outbound exception register (stock-out-abnormal → list; issue 21 part N). Read side: the view
// outbound_exception_register (migration 0061) as a declared list — stopped orders, pick differences,
// review exceptions and loading refusals, each with its handling and its resolving action. Write side:
// outbound.exception.handle marks rows processed with a note, all or nothing in one transaction, each
// row asked to the machine src/domain/states/outbound-exception.ts first (the same facts the browser has).
import { z } from 'zod'
import { sql } from 'drizzle-orm'
import type { Area } from '../../http/area'
import { registerRoutes } from '../../http/route'
import { listRoute, type ListDef } from '../../http/list'
import { AppError } from '../../http/errors'
import { defineHandler } from '../../commands/registry'
import { rowsOf } from '../../db/rows'
import { outboundExceptionRegister as x } from '../../db/schema/index'
import { HandlingStatus } from '../../../domain/dictionaries'
import { check } from '../../../domain/states/machine'
import { outboundExceptionMachine } from '../../../domain/states/outbound-exception'
import {
  EXCEPTION_ACTIONS, EXCEPTION_API, EXCEPTION_KINDS, EXCEPTION_PERMISSIONS as P, HandleExceptionArgs, type ExceptionsHandled,
} from '../../../../commands/outbound-exceptions'

export { recordException } from './record'

export const EXCEPTION_LIST = {
  table: x,
  select: {
    rowKey: x.rowKey, kind: x.kind, docType: x.docType, docNo: x.docNo, orderNo: x.orderNo, refNo: x.refNo,
    messageKey: x.messageKey, params: x.params, occurredAt: x.occurredAt, occurredByName: x.occurredByName,
    status: x.status, note: x.note, handledAt: x.handledAt, handledByName: x.handledByName, action: x.action, actionNo: x.actionNo,
  },
  scope: { tenant: x.tenantId, warehouse: x.warehouseId },
  key: x.rowKey,
  keyType: 'text',
  sortable: { occurredAt: x.occurredAt, kind: x.kind, docNo: x.docNo, status: x.status, handledAt: x.handledAt },
  defaultSort: 'occurredAt:desc',
  filters: {
    kind: { type: 'enum', column: x.kind, values: EXCEPTION_KINDS },
    status: { type: 'enum', column: x.status, values: Object.values(HandlingStatus).map(String) },
    action: { type: 'enum', column: x.action, values: EXCEPTION_ACTIONS },
    docNo: { type: 'text', column: x.docNo },
    orderNo: { type: 'text', column: x.orderNo },
    refNo: { type: 'text', column: x.refNo },
    occurredAt: { type: 'dateRange', column: x.occurredAt },
  },
} satisfies ListDef

/** Where a register row's handling is stored: derived rows by their key, recorded events by their id. */
function storeOf(rowKey: string): { recordedId: number } | { sourceKey: string; kind: string } {
  const m = /^[a-zA-Z]+:R(\d{1,9})$/.exec(rowKey)
  if (m) return { recordedId: Number(m[1]) }
  return { sourceKey: rowKey, kind: rowKey.slice(0, rowKey.indexOf(':')) }
}

defineHandler<z.output<typeof HandleExceptionArgs>>('outbound.exception.handle', async ({ tx, auth, args, setSummary }) => {
  const keys = [...new Set(args.keys)]
  const rows = rowsOf(await tx.execute(sql`
    SELECT row_key, kind, doc_no, status, action, action_no FROM outbound_exception_register
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND row_key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`))
  const byKey = new Map(rows.map((r) => [String(r.row_key), r]))
  // Every row named: unknown ones and refused ones, all at once, nothing written.
  const problems: { field: string; messageKey: string; params: Record<string, unknown> }[] = []
  keys.forEach((k, i) => {
    const r = byKey.get(k)
    if (!r) { problems.push({ field: `keys.${i}`, messageKey: 'exceptions:errors.notFound', params: { key: k } }); return }
    const facts = outboundExceptionMachine.facts({ rowKey: k, docNo: r.doc_no, status: r.status, action: r.action, actionNo: r.action_no })!
    const v = check(outboundExceptionMachine, 'outbound.exception.handle', facts, auth)
    if (v !== true) problems.push({ field: `keys.${i}`, messageKey: v.key, params: v.params })
  })
  if (problems.length) {
    const first = problems[0]!
    throw new AppError(problems.every((p) => p.messageKey === 'exceptions:errors.notFound') ? 404 : 409, first.messageKey, first.params, problems)
  }
  const processed: string[] = []
  for (const k of keys) {
    const r = byKey.get(k)!
    const where = storeOf(k)
    const done = 'recordedId' in where
      ? rowsOf(await tx.execute(sql`
          UPDATE outbound_exception SET status = ${HandlingStatus.Processed}, note = ${args.note}, handled_at = now(), handled_by = ${auth.userId}, handled_by_name = ${auth.username}
          WHERE id = ${where.recordedId} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND status = ${HandlingStatus.Pending} RETURNING id`))
      : rowsOf(await tx.execute(sql`
          INSERT INTO outbound_exception (tenant_id, warehouse_id, kind, source_key, doc_no, status, note, handled_at, handled_by, handled_by_name)
          VALUES (${auth.tenantId}, ${auth.warehouseId}, ${where.kind}, ${where.sourceKey}, ${String(r.doc_no ?? '').slice(0, 40) || null}, ${HandlingStatus.Processed}, ${args.note}, now(), ${auth.userId}, ${auth.username})
          ON CONFLICT (tenant_id, warehouse_id, source_key) WHERE source_key IS NOT NULL
          DO UPDATE SET status = EXCLUDED.status, note = EXCLUDED.note, handled_at = EXCLUDED.handled_at, handled_by = EXCLUDED.handled_by, handled_by_name = EXCLUDED.handled_by_name
          WHERE outbound_exception.status = ${HandlingStatus.Pending}
          RETURNING id`))
    // Someone else processed it between the read and this write: refused, the whole run rolls back.
    if (!done.length) throw new AppError(409, 'exceptions:errors.processed', { docNo: String(r.doc_no ?? ''), status: HandlingStatus.Processed, current: ['dict:handlingStatus.1'], allowed: ['dict:handlingStatus.0'] })
    processed.push(k)
  }
  setSummary(`${processed.length} exception(s) processed: ${processed.slice(0, 5).join(', ')}${processed.length > 5 ? ' …' : ''}`)
  return { processed, count: processed.length } satisfies ExceptionsHandled
})

export const outboundExceptionsArea: Area = (app, { db }) => {
  registerRoutes(app, [
    listRoute(db, EXCEPTION_LIST, {
      url: EXCEPTION_API.list, permission: P.view, tags: ['outbound'],
      summary: 'The outbound exception register of the current warehouse and tenant: stopped orders, pick differences, review exceptions and loading refusals, each with its handling (pending, processed) and the action that resolves it',
    }),
  ])
}
