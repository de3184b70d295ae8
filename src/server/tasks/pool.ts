// The task pool (issue 20 "One task pool"; ARCHITECTURE.md "Inventory work beyond outbound"): every open
// task of any kind — shelving, picking, count, return to shelf, and the kinds later areas add (move,
// replenishment …) — read as ONE list through a small registry, the way document lookups are
// (src/server/areas/search/registry.ts). A new kind registers; the pool does not change.
//
// How a new kind registers (e.g. 'move'): add a file to YOUR area, src/server/areas/<area>/task-pool.ts,
//
//   import { registerTaskSource, poolSelect, allotEach, type TaskSource } from '../../tasks/pool'
//   registerTaskSource({
//     kind: 'move', titleKey: 'tasks:kind.move', prefixes: ['YK'], permission: 'menu:move-manager-list',
//     path: '/stock/move-manager-details?no={no}',
//     select: (scope) => poolSelect('move', {
//       from: sql`move_task t`, scope: { tenant: sql`t.tenant_id`, warehouse: sql`t.warehouse_id` }, scopeOf: scope,
//       id: sql`t.id`, docNo: sql`t.task_no`, status: sql`t.status`, statusDict: 'moveStatus',
//       claim: sql`CASE t.status WHEN 0 THEN 0 WHEN 1 THEN 1 ELSE 2 END`, open: sql`t.status IN (0, 1)`,
//       areaCodes: sql`ARRAY(SELECT …)`, locationCount: sql`…`, qty: sql`t.qty`,
//       operatorId: sql`coalesce(t.claimed_by, t.assignee_id)`, jobGroupId: sql`t.job_group_id`, createdAt: sql`t.created_at`,
//     }),
//     allot: (tx, scope, ids, target, op) => allotEach(ids, async (id) => { …lock, ask YOUR machine, update… }),
//   })
//
// and import that file once from your area's index.ts (`import './task-pool'`). Rules:
//   - `select(scope)` returns ONE select (poolSelect builds it, so the columns are the pool's, in its
//     order) of the caller's tenant and warehouse only; `open` says whether the task is still to work
//     (the pool lists open tasks; the timeout report reads the same rows).
//   - `claim` maps the kind's status onto the task claim vocabulary of spec section 4: Unclaimed 0,
//     Working 1, Completed 2 (the counting of a submitted count task is completed: 2).
//   - `allot` enforces THAT kind's own machine (src/domain/states): who may be allotted in which status.
//     It never throws for one task: a refused task comes back with its number and the machine's refusal,
//     the others are written (the pool's command reports both; see src/server/areas/tasks/index.ts).
//     A target the kind cannot take (a job group for a kind allotted to operators only) is a refusal too.
//   - the kind's title key lives in locales/*/tasks.json under kind.<kind> (the screen's kind filter).
import { sql, type SQL } from 'drizzle-orm'
import type { AppTx } from '../db/client'
import { statusLabelKey, type Refusal } from '../../domain/states/machine'

export interface TaskScope { tenantId: number; warehouseId: number }
/** Who allots (the operation's actor). */
export interface TaskActor { userId: number; username: string }
/** Allot to one operator or to one job group (exactly one of the two). */
export type AllotTarget = { userId: number; jobGroupId?: undefined } | { jobGroupId: number; userId?: undefined }
/** One task's outcome: allotted, or refused with the machine's (or the kind's) reason. */
export interface AllotOutcome { id: number; docNo: string; refused?: Refusal }

/** The columns of a pool row, in the order every source selects them. */
export const POOL_COLUMNS = [
  'kind', 'id', 'doc_no', 'status', 'status_key', 'claim', 'is_open', 'area_codes', 'location_count', 'qty',
  'operator_id', 'job_group_id', 'created_at', 'tenant_id', 'warehouse_id',
] as const

export interface TaskSource {
  /** Unique kind: 'shelving' | 'picking' | 'count' | 'returnShelf' | 'move' | 'replenishment' … */
  kind: string
  /** i18n key naming the kind (tasks:kind.<kind>). */
  titleKey: string
  /** The kind's document number prefixes (DOC_PREFIX). */
  prefixes: readonly string[]
  /** Permission code of the kind's own list (the pool shows the kind to holders of it or of the pool's). */
  permission: string
  /** Client route opening one task: {no} is the task number (URL-encoded). */
  path: string
  /** One select of the kind's tasks in the caller's scope, producing POOL_COLUMNS (use poolSelect). */
  select(scope: TaskScope): SQL
  /** Allot the tasks `ids` (of this kind, in scope) to an operator or a job group, per the kind's machine. */
  allot(tx: AppTx, scope: TaskScope, ids: readonly number[], target: AllotTarget, op: TaskActor): Promise<AllotOutcome[]>
}

const sources: TaskSource[] = []

export function registerTaskSource(source: TaskSource): void {
  if (!/^[a-z][A-Za-z]*$/.test(source.kind)) throw new Error(`task kind must be a camelCase word: ${source.kind}`)
  if (sources.some((s) => s.kind === source.kind)) throw new Error(`duplicate task source kind: ${source.kind}`)
  sources.push(source)
}

export function taskSources(): readonly TaskSource[] { return sources }
export function taskSource(kind: string): TaskSource | undefined { return sources.find((s) => s.kind === kind) }

export interface PoolSelectParts {
  /** FROM (and joins) of the kind's task table, aliased. */
  from: SQL
  /** The caller's pair, applied to the kind's own columns (a source never lists another warehouse). */
  scope: { tenant: SQL; warehouse: SQL }
  scopeOf: TaskScope
  id: SQL
  docNo: SQL
  status: SQL
  /** dict:<statusDict>.<status> is the status's label key. */
  statusDict: string
  claim: SQL
  open: SQL
  /** text[] of the storage area codes the task visits. */
  areaCodes: SQL
  locationCount: SQL
  qty: SQL
  /** Who works it: the claiming operator, else the one it is allotted to; null when nobody. */
  operatorId: SQL
  jobGroupId: SQL
  createdAt: SQL
  /** Extra conditions (e.g. a kind's rows that are not tasks). */
  where?: SQL
}

/** The one select of a source, columns named and ordered as POOL_COLUMNS. */
export function poolSelect(kind: string, p: PoolSelectParts): SQL {
  return sql`SELECT ${kind}::text AS kind, (${p.id})::int AS id, (${p.docNo})::text AS doc_no, (${p.status})::int AS status,
    ${`dict:${p.statusDict}.`}::text || (${p.status})::text AS status_key, (${p.claim})::int AS claim, (${p.open})::boolean AS is_open,
    (${p.areaCodes})::text[] AS area_codes, coalesce((${p.locationCount})::int, 0) AS location_count, coalesce((${p.qty})::int, 0) AS qty,
    (${p.operatorId})::int AS operator_id, (${p.jobGroupId})::int AS job_group_id, (${p.createdAt})::timestamptz AS created_at,
    (${p.scope.tenant})::int AS tenant_id, (${p.scope.warehouse})::int AS warehouse_id
    FROM ${p.from}
    WHERE ${p.scope.tenant} = ${p.scopeOf.tenantId} AND ${p.scope.warehouse} = ${p.scopeOf.warehouseId}${p.where ? sql` AND (${p.where})` : sql``}`
}

/**
 * The pool in the caller's scope as a table expression `pool` (UNION ALL of the sources, `kinds` only
 * when given), with the operator's and job group's names and a unique text key `kind:id`.
 */
export function poolTable(scope: TaskScope, kinds?: readonly string[]): SQL {
  const chosen = sources.filter((s) => !kinds?.length || kinds.includes(s.kind))
  const parts = chosen.length ? chosen.map((s) => s.select(scope)) : [sql`SELECT ${POOL_COLUMNS.map((c) => sql.raw(`NULL AS ${c}`)).reduce((a, b) => sql`${a}, ${b}`)} WHERE false`]
  const union = parts.reduce((a, b) => sql`${a} UNION ALL ${b}`)
  return sql`(SELECT u.*, u.kind || ':' || u.id::text AS pool_key, au.employee_name AS operator_name, jg.name AS job_group_name
    FROM (${union}) u LEFT JOIN app_user au ON au.id = u.operator_id LEFT JOIN job_group jg ON jg.id = u.job_group_id) pool`
}

/** The status label key of a kind's status (the pool row's status_key). */
export const poolStatusKey = statusLabelKey

/**
 * Allot tasks one by one (ascending ids: locks in one order), collecting each task's outcome — the
 * helper a source's `allot` runs its per-task check and write through.
 */
export async function allotEach(ids: readonly number[], one: (id: number) => Promise<AllotOutcome>): Promise<AllotOutcome[]> {
  const out: AllotOutcome[] = []
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) out.push(await one(id))
  return out
}
