// The task pool and the task path (issue 20 "One task pool, task allocation and task path"):
//   tasks.pool.allot  — allot the selected pool tasks (any kind) to one operator or one job group, in
//                       bulk (one confirmation naming the count). Each task is asked of ITS OWN machine
//                       (src/server/tasks/pool.ts sources): the tasks it refuses are answered with their
//                       number and reason and left as they were; the others are allotted (one
//                       transaction). Partial on purpose: a supervisor allotting 40 tasks should not have
//                       one task claimed meanwhile block the other 39 — the refused ones are named.
//   tasks.path.save   — the visiting order of a warehouse (area empty) or one storage area: corner,
//                       random, or explicit by shelf / floor / location code
//   tasks.path.delete — drop an area's (or the warehouse's) configuration: the default walk applies again
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef } from '../src/domain/commands'

export const TASK_POOL_PATH = '/in-house-work/task-allocation'
export const TASK_PATH_CONFIG_PATH = '/warehouse/task-path-configuration'
export const TASK_POOL_API = { pool: '/api/tasks/pool', kinds: '/api/tasks/pool/kinds', assignees: '/api/tasks/pool/assignees', paths: '/api/tasks/paths', preview: '/api/tasks/paths/preview' } as const

/** Permission codes (src/domain/menu/catalog.ts): the screens' menus and their buttons. */
export const TASK_POOL_PERMISSIONS = {
  view: 'menu:task-allocation',
  allot: 'task-allocation:allot',
  pathView: 'menu:task-path-configuration',
  pathEdit: 'task-path-configuration:edit',
} as const
const P = TASK_POOL_PERMISSIONS
const KEYWORDS = ['task', 'pool', 'allot', 'assign', 'operator', 'job group']

/** A pool row's key: `<kind>:<id>` (the grid's row key). */
export const PoolKey = z.string().trim().regex(/^[a-z][A-Za-z]*:\d{1,10}$/, 'errors:field.invalidFormat')

export const AllotArgs = z.strictObject({
  keys: z.array(PoolKey).min(1, 'common:validation.selectAtLeastOne').max(200),
  userId: z.number().int().positive().nullish(),
  jobGroupId: z.number().int().positive().nullish(),
}).refine((a) => (a.userId == null) !== (a.jobGroupId == null), { message: 'tasks:errors.oneTarget', path: ['userId'] })
export type AllotArgs = z.input<typeof AllotArgs>

export const AllotResult = z.strictObject({
  allotted: z.array(z.string()),
  /** Each refused task: its number, kind, the machine's refusal (key + params) and that refusal in the caller's language. */
  refused: z.array(z.strictObject({ docNo: z.string(), kind: z.string(), key: z.string(), params: z.record(z.string(), z.unknown()), message: z.string() })),
})
export type AllotResult = z.infer<typeof AllotResult>

export const ROUTES = ['corner', 'random', 'explicit'] as const
export const ORDER_KEYS = ['shelf', 'shelf:desc', 'floor', 'floor:desc', 'code', 'code:desc'] as const

export const SavePathArgs = z.strictObject({
  /** Empty: the warehouse's own configuration. */
  areaCode: z.string().trim().max(40).nullish().transform((v) => (v ? v.toUpperCase() : null)),
  route: z.enum(ROUTES),
  orderKeys: z.array(z.enum(ORDER_KEYS)).max(3).default([]),
  remark: z.string().trim().max(200).nullish().transform((v) => (v ? v : null)),
}).superRefine((a, ctx) => {
  if (a.route === 'explicit' && !a.orderKeys.length) ctx.addIssue({ code: 'custom', path: ['orderKeys'], message: 'tasks:errors.orderKeysRequired' })
  const names = a.orderKeys.map((k) => k.split(':')[0])
  if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', path: ['orderKeys'], message: 'tasks:errors.orderKeysRepeat' })
})
export type SavePathArgs = z.input<typeof SavePathArgs>
export const PathSaved = z.strictObject({ id: z.number().int(), areaCode: z.string().nullable(), route: z.enum(ROUTES), orderKeys: z.array(z.string()) })

export const DeletePathArgs = z.strictObject({ areaCode: z.string().trim().max(40).nullish().transform((v) => (v ? v.toUpperCase() : null)) })
export const PathDeleted = z.strictObject({ deleted: z.boolean(), areaCode: z.string().nullable() })

const onPool = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(TASK_POOL_PATH)
const onPath = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(TASK_PATH_CONFIG_PATH)
const selectedKeys = (ctx: CommandContext): string[] => ctx.selection.map((r) => r.poolKey).filter((k): k is string => typeof k === 'string')

export const taskPoolCommands: readonly CommandDef<any>[] = [
  defineCommand<AllotArgs>({
    id: 'tasks.pool.allot', title: 'commands:tasks.pool.allot', section: 'document', permission: P.allot,
    input: AllotArgs, output: AllotResult, server: true, keywords: KEYWORDS, when: onPool,
    shortcut: 'Alt+a', scope: 'grid', shortcutWhen: (ctx) => ctx.route.startsWith(TASK_POOL_PATH),
    bulk: { noun: 'tasks:bulk.count', targets: (ctx) => selectedKeys(ctx).length },
    enabled: (ctx) => (selectedKeys(ctx).length ? true : 'common:validation.selectAtLeastOne'),
    run: async (ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const who = await rt.prompt?.<{ userId?: number; jobGroupId?: number }>('tasks.allotTarget')
        if (!who) return undefined
        a = { keys: selectedKeys(ctx), userId: who.userId ?? null, jobGroupId: who.jobGroupId ?? null }
      }
      const r = await rt.callServer<AllotResult>('tasks.pool.allot', a)
      if (r.refused.length) rt.toast(r.allotted.length ? 'info' : 'error', 'tasks:done.allottedSome', { count: r.allotted.length, refused: r.refused.length, numbers: r.refused.map((x) => x.message).join('; ') })
      else rt.toast('success', 'tasks:done.allotted', { count: r.allotted.length })
      return r
    },
  }),
  defineCommand<SavePathArgs>({
    id: 'tasks.path.save', title: 'commands:tasks.path.save', section: 'document', permission: P.pathEdit,
    input: SavePathArgs, output: PathSaved, server: true, bulk: false, keywords: ['path', 'route', 'corner', 'random', 'picking route'], when: onPath,
    fieldLabel: (f) => `tasks:path.fields.${f}`,
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(`${TASK_PATH_CONFIG_PATH}?edit=1`); return undefined }
      const r = await rt.callServer<z.infer<typeof PathSaved>>('tasks.path.save', args)
      rt.toast('success', 'tasks:path.saved')
      return r
    },
  }),
  defineCommand<z.input<typeof DeletePathArgs>>({
    id: 'tasks.path.delete', title: 'commands:tasks.path.delete', section: 'document', permission: P.pathEdit,
    input: DeletePathArgs, output: PathDeleted, server: true, bulk: false, keywords: ['path', 'route'], when: onPath,
    confirm: 'tasks:path.deleteQuestion',
    enabled: (ctx) => (ctx.selection.length === 1 || ctx.route === '' ? true : 'common:validation.selectExactlyOne'),
    run: async (ctx, rt, args) => {
      const a = args ?? { areaCode: (ctx.selection[0]?.areaCode as string | null | undefined) ?? null }
      const r = await rt.callServer<z.infer<typeof PathDeleted>>('tasks.path.delete', a)
      rt.toast('success', 'tasks:path.deleted')
      return r
    },
  }),
]
