// The task pool and task path area (issue 20 "One task pool, task allocation and task path"):
//   GET  /api/tasks/pool            every OPEN task of every registered kind (src/server/tasks/pool.ts),
//                                   paged, sorted and filtered server-side (kind, docNo, areaCodes, claim,
//                                   operatorName, jobGroupName, createdAt range) — the task-allocation grid
//   GET  /api/tasks/pool/kinds      the registered kinds (the kind filter)
//   GET  /api/tasks/pool/assignees  the pair's active operators and enabled job groups (the allot prompt)
//   GET  /api/tasks/paths           the task path configurations of the pair (warehouse row + per area)
//   GET  /api/tasks/paths/preview   the first locations of an area in the walk a configuration gives
//   tasks.pool.allot                allot selected tasks to an operator or a job group: each task asked of its
//                                   own kind's machine; refused ones named with their reason, the others allotted
//   tasks.path.save / tasks.path.delete
import { z } from 'zod'
import { sql, type SQL } from 'drizzle-orm'
import type { Area } from '../../http/area'
import type { AuthContext } from '../../http/context'
import { defineRoute, registerRoutes } from '../../http/route'
import { fieldError, notFound } from '../../http/errors'
import { listQuerySchema, listRoute, runList, type ListDef } from '../../http/list'
import { defineHandler } from '../../commands/registry'
import { rowsOf } from '../../db/rows'
import { translate } from '../../i18n'
import { poolTable, taskSource, taskSources, type AllotOutcome } from '../../tasks/pool'
import { orderLocations } from '../../tasks/path'
import { AllotArgs, DeletePathArgs, SavePathArgs, TASK_POOL_API, TASK_POOL_PERMISSIONS as P, type AllotResult } from '../../../../commands/task-pool'

const n = (v: unknown) => Number(v)
const col = (name: string) => sql.raw(`pool.${name}`)

/** The pool as a declared list over the UNION of the sources (built per request: the caller's scope is inside each source). */
function poolList(auth: Pick<AuthContext, 'tenantId' | 'warehouseId'>, kinds: readonly string[]): ListDef<any> {
  return {
    table: poolTable(auth) as never,
    select: {
      poolKey: sql<string>`${col('pool_key')}`, kind: sql<string>`${col('kind')}`, id: sql<number>`${col('id')}`, docNo: sql<string>`${col('doc_no')}`,
      status: sql<number>`${col('status')}`, statusKey: sql<string>`${col('status_key')}`, claim: sql<number>`${col('claim')}`,
      areaCodes: sql<string>`array_to_string(${col('area_codes')}, ', ')`, locationCount: sql<number>`${col('location_count')}`, qty: sql<number>`${col('qty')}`,
      operatorId: sql<number | null>`${col('operator_id')}`, operatorName: sql<string | null>`${col('operator_name')}`,
      jobGroupId: sql<number | null>`${col('job_group_id')}`, jobGroupName: sql<string | null>`${col('job_group_name')}`,
      createdAt: sql<string>`${col('created_at')}`,
      /** Whole hours since the task was made (its age, what the supervisor allots by). */
      ageHours: sql<number>`floor(extract(epoch from (now() - ${col('created_at')})) / 3600)::int`,
    },
    scope: { tenant: col('tenant_id') as never, warehouse: col('warehouse_id') as never },
    key: col('pool_key') as never,
    keyType: 'text',
    sortable: { createdAt: col('created_at'), docNo: col('doc_no'), kind: col('kind'), claim: col('claim'), qty: col('qty'), locationCount: col('location_count'), operatorName: col('operator_name') },
    // Oldest first: the tasks waiting longest are the ones to allot.
    defaultSort: 'createdAt:asc',
    filters: {
      kind: { type: 'enum', column: col('kind'), values: kinds.length ? kinds : ['none'] },
      docNo: { type: 'text', column: col('doc_no') },
      areaCodes: { type: 'text', column: sql`array_to_string(${col('area_codes')}, ',')` },
      claim: { type: 'enum', column: col('claim'), values: ['0', '1', '2'] },
      operatorName: { type: 'text', column: sql`coalesce(${col('operator_name')}, '')` },
      jobGroupName: { type: 'text', column: sql`coalesce(${col('job_group_name')}, '')` },
      createdAt: { type: 'dateRange', column: col('created_at') },
    },
    where: () => sql`${col('is_open')}`,
  }
}

/** Kinds the caller may see: the pool's permission shows every kind. */
const kindList = () => taskSources().map((s) => ({ kind: s.kind, titleKey: s.titleKey, prefixes: [...s.prefixes], path: s.path }))

defineHandler<z.output<typeof AllotArgs>>('tasks.pool.allot', async ({ tx, auth, args, lang, setSummary }): Promise<AllotResult> => {
  // The target first, for the whole run: an unknown or disabled operator / job group refuses it all (the field named).
  if (args.userId != null) {
    const [u] = rowsOf(await tx.execute(sql`
      SELECT u.status FROM app_user u JOIN user_access a ON a.user_id = u.id WHERE u.id = ${args.userId} AND a.tenant_id = ${auth.tenantId} AND a.warehouse_id = ${auth.warehouseId}`))
    if (!u) throw fieldError('userId', 'tasks:errors.operatorUnknown', { id: args.userId })
    if (n(u.status) !== 1) throw fieldError('userId', 'tasks:errors.operatorDisabled', { id: args.userId })
  }
  if (args.jobGroupId != null) {
    const [g] = rowsOf(await tx.execute(sql`SELECT status, name FROM job_group WHERE id = ${args.jobGroupId} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`))
    if (!g) throw fieldError('jobGroupId', 'tasks:errors.jobGroupUnknown', { id: args.jobGroupId })
    if (n(g.status) !== 1) throw fieldError('jobGroupId', 'tasks:errors.jobGroupDisabled', { name: String(g.name) })
  }
  const byKind = new Map<string, number[]>()
  for (const [i, key] of [...new Set(args.keys)].entries()) {
    const [kind, id] = key.split(':') as [string, string]
    if (!taskSource(kind)) throw fieldError(`keys.${i}`, 'tasks:errors.unknownKind', { kind })
    byKind.set(kind, [...(byKind.get(kind) ?? []), n(id)])
  }
  const target = args.userId != null ? { userId: args.userId } : { jobGroupId: args.jobGroupId! }
  const allotted: string[] = []
  const refused: AllotResult['refused'] = []
  // Kinds in registry order, tasks in id order: every run locks in the same order.
  for (const source of taskSources()) {
    const ids = byKind.get(source.kind)
    if (!ids) continue
    const out: AllotOutcome[] = await source.allot(tx, auth, ids, target, { userId: auth.userId, username: auth.username })
    for (const o of out) {
      if (o.refused) refused.push({ docNo: o.docNo, kind: source.kind, key: o.refused.key, params: o.refused.params, message: translate(lang, o.refused.key, o.refused.params) })
      else allotted.push(o.docNo)
    }
  }
  const to = args.userId != null ? `user ${args.userId}` : `job group ${args.jobGroupId}`
  setSummary(`${allotted.join(',') || '—'} → ${to}${refused.length ? `; refused ${refused.map((r) => r.docNo).join(',')}` : ''}`)
  return { allotted, refused }
})

// ---------------------------------------------------------------------------------------------
// Task path configuration

async function areaIdOf(q: Parameters<typeof orderLocations>[0], auth: AuthContext, code: string | null, field = 'areaCode'): Promise<number | null> {
  if (!code) return null
  const [a] = rowsOf(await q.execute(sql`SELECT id FROM storage_area WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND upper(code) = ${code}`))
  if (!a) throw fieldError(field, 'tasks:errors.areaUnknown', { code })
  return n(a.id)
}
const areaCond = (id: number | null): SQL => (id == null ? sql`storage_area_id IS NULL` : sql`storage_area_id = ${id}`)

defineHandler<z.output<typeof SavePathArgs>>('tasks.path.save', async ({ tx, auth, args, setSummary }) => {
  const areaId = await areaIdOf(tx, auth, args.areaCode)
  const keys = args.route === 'explicit' ? args.orderKeys : []
  const keysSql = sql`${`{${keys.join(',')}}`}::text[]`
  const [old] = rowsOf(await tx.execute(sql`SELECT id, route FROM task_path_config WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND ${areaCond(areaId)} FOR UPDATE`))
  let id: number
  if (old) {
    await tx.execute(sql`UPDATE task_path_config SET route = ${args.route}, order_keys = ${keysSql}, remark = ${args.remark}, updated_at = now(), updated_by = ${auth.userId} WHERE id = ${n(old.id)}`)
    id = n(old.id)
  } else {
    const [r] = rowsOf(await tx.execute(sql`
      INSERT INTO task_path_config (tenant_id, warehouse_id, storage_area_id, route, order_keys, remark, created_by, updated_by)
      VALUES (${auth.tenantId}, ${auth.warehouseId}, ${areaId}, ${args.route}, ${keysSql}, ${args.remark}, ${auth.userId}, ${auth.userId}) RETURNING id`))
    id = n(r!.id)
  }
  setSummary(`${args.areaCode ?? 'warehouse'}: ${old ? `${String(old.route)}→` : ''}${args.route}${keys.length ? ` (${keys.join(', ')})` : ''}`)
  return { id, areaCode: args.areaCode, route: args.route, orderKeys: [...keys] }
})

defineHandler<z.output<typeof DeletePathArgs>>('tasks.path.delete', async ({ tx, auth, args, setSummary }) => {
  const areaId = await areaIdOf(tx, auth, args.areaCode)
  const r = rowsOf(await tx.execute(sql`DELETE FROM task_path_config WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND ${areaCond(areaId)} RETURNING id`))
  if (!r.length) throw notFound('tasks:errors.pathNotFound', { area: args.areaCode ?? '' })
  setSummary(`${args.areaCode ?? 'warehouse'}: path configuration removed`)
  return { deleted: true, areaCode: args.areaCode }
})

const PreviewQuery = z.object({
  areaCode: z.string().trim().min(1, 'errors:field.required').max(40).transform((s) => s.toUpperCase()),
  kind: z.string().trim().max(30).default('count'),
})

export const tasksArea: Area = (app, { db }) => {
  const kinds = taskSources().map((s) => s.kind)
  const shape = poolList({ tenantId: 0, warehouseId: 0 }, kinds)
  const pathList = {
    table: sql`(SELECT c.*, a.code AS area_code, a.name AS area_name, u.employee_name AS updated_by_name FROM task_path_config c
      LEFT JOIN storage_area a ON a.id = c.storage_area_id LEFT JOIN app_user u ON u.id = c.updated_by) p` as never,
    select: {
      id: sql<number>`p.id`, areaCode: sql<string | null>`p.area_code`, areaName: sql<string | null>`p.area_name`, route: sql<string>`p.route`,
      orderKeys: sql<string>`array_to_string(p.order_keys, ', ')`, remark: sql<string | null>`p.remark`, updatedAt: sql<string>`p.updated_at`, updatedByName: sql<string | null>`p.updated_by_name`,
    },
    scope: { tenant: sql.raw('p.tenant_id') as never, warehouse: sql.raw('p.warehouse_id') as never },
    key: sql.raw('p.id') as never,
    // The warehouse's own row first, then the areas by code.
    sortable: { areaCode: sql`coalesce(p.area_code, '')`, updatedAt: sql.raw('p.updated_at') },
    defaultSort: 'areaCode:asc',
    filters: { areaCode: { type: 'text', column: sql`coalesce(p.area_code, '')` }, route: { type: 'enum', column: sql.raw('p.route'), values: ['corner', 'random', 'explicit'] } },
  } satisfies ListDef<any>
  registerRoutes(app, [
    defineRoute({
      method: 'GET', url: TASK_POOL_API.pool, summary: 'The task pool: every open task of every kind (shelving, picking, count, return to shelf, …)', tags: ['tasks'],
      envelope: 'main', auth: 'scoped', permission: P.view, query: listQuerySchema(shape),
      handler: ({ query, auth }) => runList(db, poolList(auth, kinds), query, auth),
    }),
    defineRoute({
      method: 'GET', url: TASK_POOL_API.kinds, summary: 'Task kinds of the pool', tags: ['tasks'], envelope: 'main', auth: 'scoped', permission: P.view,
      handler: async () => kindList(),
    }),
    defineRoute({
      method: 'GET', url: TASK_POOL_API.assignees, summary: 'Operators and job groups tasks can be allotted to', tags: ['tasks'], envelope: 'main', auth: 'scoped', permission: P.view,
      handler: async ({ auth }) => ({
        users: rowsOf(await db.execute(sql`
          SELECT u.id, u.username, u.employee_name AS name FROM app_user u JOIN user_access a ON a.user_id = u.id
          WHERE a.tenant_id = ${auth.tenantId} AND a.warehouse_id = ${auth.warehouseId} AND u.status = 1 ORDER BY u.username`))
          .map((r) => ({ id: n(r.id), username: String(r.username), name: r.name == null ? null : String(r.name) })),
        jobGroups: rowsOf(await db.execute(sql`SELECT id, number, name FROM job_group WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND status = 1 ORDER BY name`))
          .map((r) => ({ id: n(r.id), number: String(r.number), name: String(r.name) })),
      }),
    }),
    listRoute(db, pathList, { url: TASK_POOL_API.paths, summary: 'Task path configurations (warehouse and per storage area)', tags: ['tasks'], permission: P.pathView }),
    defineRoute({
      method: 'GET', url: TASK_POOL_API.preview, summary: 'The first 50 locations of an area in the walk its configuration gives', tags: ['tasks'], envelope: 'main', auth: 'scoped',
      permission: P.pathView, query: PreviewQuery,
      handler: async ({ query, auth }) => {
        const areaId = await areaIdOf(db, auth, query.areaCode)
        const ids = rowsOf(await db.execute(sql`SELECT id FROM location WHERE storage_area_id = ${areaId} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND status = 1 ORDER BY code LIMIT 2000`)).map((r) => n(r.id))
        const order = (await orderLocations(db, auth, ids, query.kind, 'preview')).slice(0, 50)
        const codes = new Map(rowsOf(await db.execute(sql`SELECT id, code FROM location WHERE id IN (SELECT unnest(${`{${order.join(',')}}`}::int[]))`)).map((r) => [n(r.id), String(r.code)]))
        return { areaCode: query.areaCode, locations: order.map((id) => codes.get(id) ?? String(id)) }
      },
    }),
  ])
}

