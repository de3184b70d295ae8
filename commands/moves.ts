// Moves (issue 20 "Moves"): move orders (YK…) made by hand — a form, or a transfer warning's fix — and
// executed in one transaction, or built line by line at the move station (a session order: each scan of
// from-location, SKU, quantity, to-location is one ledger move at once). Rule "moved not above movable"
// (spec section 5): movable = on hand − reserved − frozen; reserved stock moves only with its reservation
// (`moveReserved`: the reservation follows the goods, as a pick's does), never stock held by a picking
// task. Machine src/domain/states/move-order.ts; handlers src/server/areas/moves (one transaction each).
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef } from '../src/domain/commands'
import { enabledByMachine, targetsOf } from '../src/domain/states/machine'
import { moveOrderMachine } from '../src/domain/states/move-order'

export const MOVE_LIST_PATH = '/in-house-work/move-manager/list'
export const MOVE_DETAILS_PATH = '/in-house-work/move-manager/details'
export const TRANSFER_WARNING_PATH = '/in-house-work/transfer-warning'
export const moveDetailsPath = (no: string) => `${MOVE_DETAILS_PATH}?no=${encodeURIComponent(no)}`
/** The move form prefilled with a transfer warning's fix. */
export const warningFixPath = (w: { locationCode: string; skuCode: string; qty: number; toLocationCode: string | null; stockStatus: number; batchNo: string }) => {
  const p = new URLSearchParams({ form: 'new', from: w.locationCode, code: w.skuCode, qty: String(Math.max(1, w.qty)), status: String(w.stockStatus) })
  if (w.toLocationCode) p.set('to', w.toLocationCode)
  if (w.batchNo) p.set('batch', w.batchNo)
  return `${MOVE_LIST_PATH}?${p.toString()}`
}

/** Permission codes: move-manager-list's buttons and the screens' menus (src/domain/menu/catalog.ts). */
export const MOVE_PERMISSIONS = {
  view: 'menu:move-manager-list',
  /** Make a move order (form, warning fix) and move at the station. */
  add: 'move-manager-list:add',
  /** Execute a New order / close a station session. */
  complete: 'move-manager-list:complete',
  cancel: 'move-manager-list:cancel',
  warning: 'menu:transfer-warning',
} as const

/** Most lines one move order takes. */
export const MAX_MOVE_LINES = 500

const code = z.string().trim().min(1, 'errors:field.required').max(80).transform((s) => s.toUpperCase())
const docNo = z.string().trim().min(1, 'errors:field.required').max(40).transform((s) => s.toUpperCase())
const qty = z.number().int('errors:field.invalidValue').min(1, 'errors:field.tooSmall').max(1_000_000, 'errors:field.tooBig')
const note = z.string().trim().max(200).nullish().transform((v) => (v ? v : null))

/** One line: what to take (location, SKU, batch, stock status), how many, where to. */
export const MoveLineInput = z.strictObject({
  fromLocationCode: code,
  /** SKU code, UPC or FNSKU. */
  code,
  batchNo: z.string().trim().max(40).nullish().transform((v) => v ?? ''),
  stockStatus: z.number().int().min(1).max(4).default(1),
  qty,
  toLocationCode: code,
  /** Move reserved goods too, their reservation following them (never stock held by a picking task). */
  moveReserved: z.boolean().default(false),
})
export type MoveLineInput = z.input<typeof MoveLineInput>

export const CreateMoveArgs = z.strictObject({
  lines: z.array(MoveLineInput).min(1, 'moves:errors.noLines').max(MAX_MOVE_LINES, 'moves:errors.tooManyLines'),
  remark: note,
  /** Where it came from: by hand, or a transfer warning's fix. */
  source: z.enum(['hand', 'warning']).default('hand'),
})
export type CreateMoveArgs = z.input<typeof CreateMoveArgs>
export const MoveNoArgs = z.strictObject({ moveNo: docNo })
export type MoveNoArgs = z.input<typeof MoveNoArgs>
export const OpenStationArgs = z.strictObject({ remark: note })
/** A station scan: one line moved at once under the session's order. */
export const MoveScanArgs = MoveLineInput.extend({ moveNo: docNo })
export type MoveScanArgs = z.input<typeof MoveScanArgs>

export const MoveMade = z.object({ moveNo: z.string(), id: z.number().int(), status: z.number().int(), lines: z.number().int() })
export const MoveAnswer = z.object({ moveNo: z.string(), status: z.number().int(), movedLines: z.number().int(), movedQty: z.number().int() })
export const MoveScanned = z.object({
  moveNo: z.string(), lineNo: z.number().int(), skuCode: z.string(), fromLocationCode: z.string(), toLocationCode: z.string(), qty: z.number().int(),
  /** Of it, reserved goods whose reservation moved with them. */
  reservedMoved: z.number().int(),
  /** What is still movable at the from-location after the move. */
  movableLeft: z.number().int(),
  /** The balances the two ledger rows belong to (explain). */
  fromBalanceId: z.number().int(), toBalanceId: z.number().int(),
})
export type MoveMade = z.infer<typeof MoveMade>
export type MoveAnswer = z.infer<typeof MoveAnswer>
export type MoveScanned = z.infer<typeof MoveScanned>

export const MOVE_API = {
  orders: '/api/moves/orders',
  lines: '/api/moves/lines',
  order: (no: string) => `/api/moves/orders/by-no/${encodeURIComponent(no)}`,
  warnings: '/api/moves/transfer-warnings',
} as const

const P = MOVE_PERMISSIONS
const KEYWORDS = ['YK', 'move', 'transfer', 'relocate']
const onMoves = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith('/in-house-work/move-manager')
const FIELDS = (f: string) => `moves:fields.${f}`
const theNo = (ctx: CommandContext): string => String(targetsOf(ctx)[0]?.moveNo ?? '')

const orderCommand = (id: string, permission: string, output: z.ZodType, extra: Partial<CommandDef<any>> = {}): CommandDef<any> => defineCommand<any>({
  id, title: `commands:${id}`, section: 'status', permission, input: MoveNoArgs, output, server: true, keywords: KEYWORDS, when: onMoves,
  enabled: (ctx) => (targetsOf(ctx).length > 1 ? 'common:validation.selectExactlyOne' : enabledByMachine(moveOrderMachine, id)(ctx)),
  fieldLabel: FIELDS,
  run: async (ctx, rt, args) => {
    let a = args
    if (!a) {
      const own = theNo(ctx) || await rt.prompt?.<string>('text', { title: 'moves:fields.moveNo' })
      if (!own) return undefined
      a = { moveNo: own }
    }
    return rt.callServer(id, a)
  },
  ...extra,
})

export const moveCommands: readonly CommandDef<any>[] = [
  defineCommand<CreateMoveArgs>({
    id: 'move.order.create', title: 'commands:move.order.create', section: 'document', permission: P.add, input: CreateMoveArgs, output: MoveMade,
    // Its lines are the one order's own content: one document made.
    bulk: false, server: true, keywords: KEYWORDS, when: (ctx) => onMoves(ctx) || ctx.route.startsWith(TRANSFER_WARNING_PATH), fieldLabel: FIELDS,
    shortcut: 'Alt+n', scope: 'grid', shortcutWhen: (ctx) => ctx.route.startsWith(MOVE_LIST_PATH),
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(`${MOVE_LIST_PATH}?form=new`); return undefined }
      const r = await rt.callServer<MoveMade>('move.order.create', args)
      rt.toast('success', 'moves:done.created', { moveNo: r.moveNo })
      return r
    },
  }),
  orderCommand('move.order.execute', P.complete, MoveAnswer, { confirm: 'moves:confirm.execute', shortcut: 'Alt+y', scope: 'grid' }),
  orderCommand('move.order.cancel', P.cancel, MoveAnswer, { confirm: 'moves:confirm.cancel' }),
  orderCommand('move.order.complete', P.complete, MoveAnswer),
  defineCommand<z.input<typeof OpenStationArgs>>({
    id: 'move.station.open', title: 'commands:move.station.open', section: 'scan', permission: P.add, input: OpenStationArgs, output: MoveMade,
    server: true, keywords: [...KEYWORDS, 'station', 'scan'], fieldLabel: FIELDS,
    shortcut: 'Alt+o', scope: 'grid', shortcutWhen: (ctx) => ctx.route.startsWith(MOVE_LIST_PATH),
    run: async (_ctx, rt, args) => {
      const r = await rt.callServer<MoveMade>('move.station.open', args ?? {})
      rt.navigate(moveDetailsPath(r.moveNo))
      return r
    },
  }),
  defineCommand({
    id: 'move.warning.fix', title: 'commands:move.warning.fix', section: 'document', permission: P.add, selection: 'one',
    keywords: [...KEYWORDS, 'warning', 'fix'], shortcut: 'Alt+f', scope: 'grid', when: (ctx) => ctx.route.startsWith(TRANSFER_WARNING_PATH),
    enabled: (ctx) => (ctx.selection.length === 1 && ctx.selection[0]?.locationCode ? true : 'common:validation.selectExactlyOne'),
    run: (ctx, rt) => {
      const w = ctx.selection[0] as Parameters<typeof warningFixPath>[0] | undefined
      if (w) rt.navigate(warningFixPath(w))
    },
  }),
  defineCommand<MoveScanArgs>({
    id: 'move.station.scan', title: 'commands:move.station.scan', section: 'scan', permission: P.add, input: MoveScanArgs, output: MoveScanned,
    server: true, keywords: [...KEYWORDS, 'scan'], when: onMoves, enabled: enabledByMachine(moveOrderMachine, 'move.station.scan'), fieldLabel: FIELDS,
    run: async (ctx, rt, args) => {
      if (args === undefined) { const no = theNo(ctx); rt.navigate(no ? moveDetailsPath(no) : MOVE_LIST_PATH); return undefined }
      return rt.callServer<MoveScanned>('move.station.scan', args)
    },
  }),
]
