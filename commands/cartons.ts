// Cartons and the packing station (issue 21 "Boxes and packing", part I; ARCHITECTURE.md "Cartons are one
// model"). A packing task (ZX…) packs planned lines (SKU, batch, quantity) standing on a source location
// into boxes at the packing place: claim → scan a new box code (opens the box) → scan goods into it (+1, or
// a quantity) → close it with weight and dimensions → … → finish. Refusals (spec §5): a mixed box holds at
// most 5 SKUs; consistent product code when scanning; X- and B-prefixed codes not together when the
// warehouse setting forbids (inbound settings' forbidXbMix); scanned quantity not above quantity to scan.
// Machine: src/domain/states/packing-task.ts. Handlers: src/server/areas/cartons (one transaction each).
// The station's screen is a later session's; these commands carry the server side and the palette.
import { z } from 'zod'
import { defineCommand, type CommandDef } from '../src/domain/commands'
import { enabledByMachine } from '../src/domain/states/machine'
import { packingTaskMachine } from '../src/domain/states/packing-task'

/** Permission codes: the packing-box screen's buttons (src/domain/menu/catalog.ts, ids 25201–25203). */
export const CARTON_PERMISSIONS = {
  view: 'menu:packing-box',
  /** Work the station: claim, open a box, scan, close, finish. */
  pack: 'packing-box:pack',
  create: 'packing-box:create',
  stop: 'packing-box:stop',
} as const

/** Spec §5: "mixing tank/mixed box max 5 SKUs". */
export const MIXED_BOX_MAX_SKUS = 5
/** Most lines one packing task plans; most units one scan adds. */
export const MAX_PACKING_LINES = 500
export const MAX_SCAN_QTY = 100_000

const code = z.string().trim().min(1, 'errors:field.required').max(80).transform((s) => s.toUpperCase())
const docNo = z.string().trim().min(1, 'errors:field.required').max(40).transform((s) => s.toUpperCase())
/** A box code as scanned: capital letters, digits and '-' (the carton table's CHECK). */
const boxCode = z.string().trim().min(1, 'errors:field.required').max(40).transform((s) => s.toUpperCase())
  .refine((s) => /^[A-Z0-9-]+$/.test(s), 'cartons:errors.boxCodeFormat')
const qty = (max: number) => z.number({ error: 'errors:field.required' }).int('errors:field.invalidType').min(1, 'errors:field.tooSmall').max(max, 'errors:field.tooBig')
/** cm / kg: spec §5 "above 0 with up to 4 decimals". */
const measure = (max: number) => z.number({ error: 'errors:field.required' })
  .refine((v) => Number.isFinite(v) && v > 0, { message: 'cartons:errors.aboveZero', abort: true })
  .refine((v) => Math.abs(v * 1e4 - Math.round(v * 1e4)) < 1e-6, { message: 'errors:field.decimals4', abort: true })
  .refine((v) => v <= max, { message: 'errors:field.tooBig', params: { max } })

export const CreateTaskArgs = z.strictObject({
  /** The document the boxes belong to (ToB order, transfer …), or none. */
  docNo: z.string().trim().max(40).nullish().transform((v) => (v ? v.toUpperCase() : null)),
  /** Where the goods to pack stand. */
  sourceLocationCode: code,
  boxMark: z.string().trim().max(100).nullish().transform((v) => (v ? v : null)),
  lines: z.array(z.strictObject({ skuCode: code, batchNo: z.string().trim().max(60).nullish().transform((v) => v ?? ''), qty: qty(1_000_000) }))
    .min(1, 'cartons:errors.noLines').max(MAX_PACKING_LINES, 'errors:field.tooBig'),
})
export type CreateTaskArgs = z.input<typeof CreateTaskArgs>
export const TaskNoArgs = z.strictObject({ taskNo: docNo })
export type TaskNoArgs = z.input<typeof TaskNoArgs>
/** Scan a new box code: opens it on the task (one open box at a time). mixed false: one SKU only. */
export const OpenBoxArgs = z.strictObject({ taskNo: docNo, boxCode, mixed: z.boolean().default(true), packingBoxCode: code.nullish() })
export type OpenBoxArgs = z.input<typeof OpenBoxArgs>
/** Scan goods (SKU code, UPC or FNSKU) into the open box: +1, or a quantity. */
export const ScanArgs = z.strictObject({ taskNo: docNo, code, qty: qty(MAX_SCAN_QTY).default(1), batchNo: z.string().trim().max(60).nullish() })
export type ScanArgs = z.input<typeof ScanArgs>
/** Close the open box: gross weight (kg) and outer dimensions (cm). */
export const CloseBoxArgs = z.strictObject({ taskNo: docNo, weight: measure(1000), length: measure(1000), width: measure(1000), height: measure(1000) })
export type CloseBoxArgs = z.input<typeof CloseBoxArgs>

/** Answers. */
export const TaskCreated = z.object({ taskNo: z.string(), status: z.number().int(), lines: z.number().int(), qty: z.number().int() })
export const TaskState = z.object({ taskNo: z.string(), status: z.number().int() })
export const BoxOpened = z.object({ taskNo: z.string(), boxCode: z.string(), seq: z.number().int(), mixed: z.boolean() })
export const Scanned = z.object({
  taskNo: z.string(), boxCode: z.string(), skuCode: z.string(), batchNo: z.string(), qty: z.number().int(),
  /** Units of this SKU in the box now; distinct SKUs in the box. */
  inBox: z.number().int(), skusInBox: z.number().int(),
  /** Units of the task still to pack. */
  left: z.number().int(),
})
export type Scanned = z.infer<typeof Scanned>
export const BoxClosed = z.object({ taskNo: z.string(), boxCode: z.string(), status: z.number().int(), units: z.number().int(), volume: z.number(), left: z.number().int() })
export const TaskFinished = z.object({ taskNo: z.string(), status: z.number().int(), boxes: z.array(z.object({ boxCode: z.string(), seq: z.number().int(), boxTotal: z.number().int(), units: z.number().int() })) })

/** Endpoints (src/server/areas/cartons). */
export const CARTON_API = {
  tasks: '/api/cartons/tasks',
  task: (taskNo: string) => `/api/cartons/tasks/by-no/${encodeURIComponent(taskNo)}`,
  box: (boxCode: string) => `/api/cartons/boxes/by-code/${encodeURIComponent(boxCode)}`,
} as const

const P = CARTON_PERMISSIONS
const KEYWORDS = ['ZX', 'carton', 'box', 'pack', 'packing']
const server = <I>(id: string, permission: string, input: z.ZodType<I>, output: z.ZodType, section: 'document' | 'status' | 'scan' = 'document') => defineCommand<I>({
  id, title: `commands:${id}`, section, permission, input, output, server: true, keywords: KEYWORDS,
  fieldLabel: (f) => `cartons:fields.${f.split('.')[0]}`,
  // A task's steps follow its machine: disabled with the server's reason on the task in view.
  ...(id in packingTaskMachine.commands ? { enabled: enabledByMachine(packingTaskMachine, id) } : {}),
  // No station screen yet (a later session builds it): from the palette with arguments only.
  run: (_ctx, rt, args) => (args === undefined ? undefined : rt.callServer(id, args)),
})

export const cartonCommands: readonly CommandDef<any>[] = [
  server('cartons.task.create', P.create, CreateTaskArgs, TaskCreated),
  server('cartons.task.claim', P.pack, TaskNoArgs, TaskState, 'status'),
  server('cartons.box.open', P.pack, OpenBoxArgs, BoxOpened, 'scan'),
  server('cartons.box.scan', P.pack, ScanArgs, Scanned, 'scan'),
  server('cartons.box.close', P.pack, CloseBoxArgs, BoxClosed, 'scan'),
  server('cartons.task.finish', P.pack, TaskNoArgs, TaskFinished, 'status'),
  server('cartons.task.stop', P.stop, TaskNoArgs, TaskState, 'status'),
]
