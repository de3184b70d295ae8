// ToB shipments (issue 21 "Shipments and containers", part K1): packing a picked ToB order into boxes
// (a ZX task made from the order — its reservation follows the goods into the box), generating shipments
// (FY…) from the orders' closed boxes split by limits (boxes, gross weight, volume), the shipment's fields
// (spec §3: container number, port, shipping method, forwarder, bill of lading, seal number, departure and
// arrival, approval, tracking number), approval (sets the orders' shipment_approved flag: their shipping
// method can no longer change), shipping box by box through the ledger (shipCartons), departure (InTransit)
// and termination. Machine src/domain/states/shipment.ts; handlers src/server/areas/shipments.
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef } from '../src/domain/commands'
import { enabledByMachine, targetsOf } from '../src/domain/states/machine'
import { shipmentMachine } from '../src/domain/states/shipment'

export const TOB_SHIPPING_PATH = '/stock-out/ToB/shipping'
export const TOB_SHIPPING_DETAILS_PATH = '/stock-out/ToB/shipping/details'
export const SHIPMENT_LIST_PATH = '/stock-out/ToB/ship-management/shipment-details'
export const SHIPMENT_OUTBOUND_PATH = '/stock-out/ToB/ship-management/shipment-details/outbound-details'
/** One shipment: its orders and boxes (shipment-details/outbound-details). */
export const shipmentDocPath = (no: string) => `${SHIPMENT_OUTBOUND_PATH}?no=${encodeURIComponent(no)}`
/** One shipment at the shipping desk (tob-shipping-details). */
export const shippingDocPath = (no: string) => `${TOB_SHIPPING_DETAILS_PATH}?no=${encodeURIComponent(no)}`

/** Permission codes: the screens' buttons (src/domain/menu/catalog.ts; K1's ids 7270–7273). */
export const SHIPMENT_PERMISSIONS = {
  view: 'menu:shipment-details',
  shippingView: 'menu:tob-shipping',
  /** Make the packing task of a picked ToB order (tob-picking-task, 7270). */
  pack: 'tob-picking-task:pack',
  generate: 'shipment-details:generate',
  edit: 'shipment-details:edit',
  export: 'shipment-details:export',
  terminate: 'shipment-details:terminate',
  approve: 'shipment-approve:approve',
  unapprove: 'shipment-approve:reject',
  ship: 'tob-shipping:ship',
  depart: 'tob-shipping:depart',
} as const

/** Spec §9: "max 30 selected outbound orders or items for merge and batch shipping". */
export const MAX_BATCH_SHIP = 30
/** Spec §5: "max 50 … shipment IDs" — the most shipments one approve/terminate names. */
export const MAX_SHIPMENT_IDS = 50
/** Most orders one generation takes (the bench generates for 500). */
export const MAX_GENERATE_ORDERS = 500

/**
 * Shipment limits per business type when the generation names none (ours — a 40' high-cube container for
 * sea and railway, an air pallet position, an express pickup): each shipment holds at most this many boxes,
 * kg gross and litres of volume. The command's arguments override each figure.
 */
export const DEFAULT_SHIPMENT_LIMITS: Record<string, { maxBoxes: number; maxWeight: number; maxVolume: number }> = {
  sea: { maxBoxes: 1000, maxWeight: 26_000, maxVolume: 67_000 },
  railway: { maxBoxes: 1000, maxWeight: 26_000, maxVolume: 67_000 },
  air: { maxBoxes: 200, maxWeight: 5_000, maxVolume: 30_000 },
  express: { maxBoxes: 50, maxWeight: 1_000, maxVolume: 5_000 },
}
/** Business types whose shipments go in a container: shipped only once every box is loaded (K2's loading). */
export const CONTAINER_TYPES: readonly string[] = ['sea', 'railway']

const no = z.string().trim().min(1, 'errors:field.required').max(40).transform((s) => s.toUpperCase())
const text = (max: number) => z.string().trim().max(max, 'errors:field.tooLong').nullish().transform((v) => (v ? v : null))
const limit = (max: number) => z.number({ error: 'errors:field.invalidType' })
  .refine((v) => Number.isFinite(v) && v > 0, { message: 'errors:field.tooSmall', abort: true })
  .refine((v) => v <= max, { message: 'errors:field.tooBig' }).optional()
const when = z.string().trim().nullish().transform((v) => (v ? v : null))
  .refine((v) => v === null || !Number.isNaN(Date.parse(v)), 'errors:field.invalidValue')

/** A packing task from a picked ToB order — named, or every ToB order of a picking task. */
export const PackFromOrderArgs = z.strictObject({ orderNo: no.optional(), pickingTaskNo: no.optional() })
  .refine((a) => !!a.orderNo !== !!a.pickingTaskNo, { message: 'shipments:errors.orderOrTask', path: ['orderNo'] })
export type PackFromOrderArgs = z.input<typeof PackFromOrderArgs>
export const PackFromOrderResult = z.object({ tasks: z.array(z.object({ taskNo: z.string(), orderNo: z.string(), lines: z.number().int(), qty: z.number().int() })) })
export type PackFromOrderResult = z.infer<typeof PackFromOrderResult>

export const GenerateArgs = z.strictObject({
  orderNos: z.array(no).min(1, 'common:validation.selectAtLeastOne').max(MAX_GENERATE_ORDERS, 'errors:field.tooBig'),
  /** Per shipment; absent → DEFAULT_SHIPMENT_LIMITS of the orders' business type. */
  maxBoxes: z.number({ error: 'errors:field.invalidType' }).int('errors:field.invalidType').min(1, 'errors:field.tooSmall').max(100_000, 'errors:field.tooBig').optional(),
  maxWeight: limit(1_000_000),
  maxVolume: limit(10_000_000),
})
export type GenerateArgs = z.input<typeof GenerateArgs>
export const GenerateResult = z.object({
  shipments: z.array(z.object({ shipmentNo: z.string(), boxes: z.number().int(), weight: z.number(), volume: z.number(), orders: z.array(z.string()) })),
  boxes: z.number().int(),
})
export type GenerateResult = z.infer<typeof GenerateResult>

export const EditShipmentArgs = z.strictObject({
  shipmentNo: no,
  containerNo: z.string().trim().max(40).nullish().transform((v) => (v ? v.toUpperCase() : null))
    .refine((v) => v === null || /^[A-Z0-9-]+$/.test(v), 'shipments:errors.containerFormat').optional(),
  port: text(60).optional(),
  shippingMethod: text(60).optional(),
  forwarder: text(100).optional(),
  billOfLading: text(60).optional(),
  sealNo: text(60).optional(),
  trackingNo: text(60).optional(),
  departureAt: when.optional(),
  arrivalAt: when.optional(),
})
export type EditShipmentArgs = z.input<typeof EditShipmentArgs>
export const ShipmentNosArgs = z.strictObject({ shipmentNos: z.array(no).min(1, 'common:validation.selectAtLeastOne').max(MAX_SHIPMENT_IDS, 'errors:field.tooBig') })
export type ShipmentNosArgs = z.input<typeof ShipmentNosArgs>
export const ShipArgs = z.strictObject({
  shipmentNos: z.array(no).min(1, 'common:validation.selectAtLeastOne').max(MAX_BATCH_SHIP, 'shipments:errors.tooManyToShip'),
  /** Ship only these boxes of the (one) shipment: the rest wait, the shipment is PartiallyShipped 3. */
  boxCodes: z.array(no).max(10_000).optional(),
})
export type ShipArgs = z.input<typeof ShipArgs>
export const ShipmentStates = z.object({ shipments: z.array(z.object({ shipmentNo: z.string(), status: z.number().int(), approval: z.number().int() })) })
export const ShipResult = z.object({
  shipments: z.array(z.object({ shipmentNo: z.string(), status: z.number().int(), boxes: z.number().int(), units: z.number().int() })),
  orders: z.array(z.object({ orderNo: z.string(), status: z.number().int(), shippedQty: z.number().int() })),
})
export type ShipResult = z.infer<typeof ShipResult>

export const SHIPMENT_API = {
  list: '/api/shipments',
  export: '/api/shipments/export',
  shipment: (shipmentNo: string) => `/api/shipments/by-no/${encodeURIComponent(shipmentNo)}`,
} as const

const P = SHIPMENT_PERMISSIONS
const KEYWORDS = ['FY', 'shipment', 'ship', 'ToB', 'container']
const onShipments = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith('/stock-out/ToB/ship-management') || ctx.route.startsWith(TOB_SHIPPING_PATH)
const FIELDS = (f: string) => `shipments:fields.${f.split('.')[0]}`
const nosOf = (ctx: CommandContext): string[] => targetsOf(ctx).map((r) => String(r.shipmentNo ?? '')).filter(Boolean)
const BULK = { noun: 'shipments:bulk.shipments' }

/** A status command over the selected shipments (else the open one, else typed numbers). */
const statusCommand = (id: string, permission: string, output: z.ZodType, extra: Partial<CommandDef<any>> = {}): CommandDef<any> => defineCommand<any>({
  id, title: `commands:${id}`, section: 'status', permission, input: ShipmentNosArgs, output, server: true, keywords: KEYWORDS, when: onShipments,
  enabled: enabledByMachine(shipmentMachine, id), fieldLabel: FIELDS, bulk: BULK,
  run: async (ctx, rt, args) => {
    let a = args
    if (!a) {
      const nos = nosOf(ctx)
      if (!nos.length) {
        const typed = await rt.prompt?.<string>('text', { title: 'shipments:fields.shipmentNo' })
        if (!typed) return undefined
        nos.push(typed)
      }
      a = { shipmentNos: nos }
    }
    return rt.callServer(id, a)
  },
  ...extra,
})

export const shipmentCommands: readonly CommandDef<any>[] = [
  defineCommand<PackFromOrderArgs>({
    id: 'shipments.packTask.create', title: 'commands:shipments.packTask.create', section: 'document', permission: P.pack, input: PackFromOrderArgs,
    output: PackFromOrderResult, server: true, keywords: [...KEYWORDS, 'ZX', 'pack', 'carton'], fieldLabel: FIELDS, bulk: false,
    run: async (ctx, rt, args) => {
      let a = args
      if (!a) {
        const row = targetsOf(ctx)[0]
        const own = row?.orderNo ? String(row.orderNo) : await rt.prompt?.<string>('text', { title: 'shipments:fields.orderNo' })
        if (!own) return undefined
        a = { orderNo: own }
      }
      const r = await rt.callServer<PackFromOrderResult>('shipments.packTask.create', a)
      rt.toast('success', 'shipments:done.packTasks', { tasks: r.tasks.map((x) => x.taskNo).join(', ') })
      return r
    },
  }),
  defineCommand<GenerateArgs>({
    id: 'shipments.generate', title: 'commands:shipments.generate', section: 'document', permission: P.generate, input: GenerateArgs, output: GenerateResult,
    server: true, keywords: [...KEYWORDS, 'generate', 'split'], fieldLabel: FIELDS, bulk: { noun: 'shipments:bulk.orders' },
    run: async (ctx, rt, args) => {
      let a = args
      if (!a) {
        const nos = targetsOf(ctx).map((r) => String(r.orderNo ?? '')).filter(Boolean)
        if (!nos.length) {
          const typed = await rt.prompt?.<string>('text', { title: 'shipments:fields.orderNos' })
          if (!typed) return undefined
          nos.push(...typed.split(/[\s,;]+/).filter(Boolean))
        }
        a = { orderNos: nos }
      }
      const r = await rt.callServer<GenerateResult>('shipments.generate', a)
      rt.toast('success', 'shipments:done.generated', { shipments: r.shipments.length, boxes: r.boxes })
      return r
    },
  }),
  defineCommand<EditShipmentArgs>({
    id: 'shipments.edit', title: 'commands:shipments.edit', section: 'document', permission: P.edit, input: EditShipmentArgs, output: ShipmentStates,
    server: true, keywords: KEYWORDS, when: onShipments, fieldLabel: FIELDS,
    enabled: (ctx) => (targetsOf(ctx).length > 1 ? 'common:validation.selectExactlyOne' : enabledByMachine(shipmentMachine, 'shipments.edit')(ctx)),
    shortcut: 'Alt+Shift+e', scope: 'grid', shortcutWhen: (ctx) => ctx.route.startsWith(SHIPMENT_LIST_PATH),
    run: async (ctx, rt, args) => {
      if (args === undefined) {
        const n = nosOf(ctx)[0]
        rt.navigate(n ? `${shipmentDocPath(n)}&form=edit` : SHIPMENT_LIST_PATH)
        return undefined
      }
      return rt.callServer('shipments.edit', args)
    },
  }),
  statusCommand('shipments.approve', P.approve, ShipmentStates, { shortcut: 'Alt+Shift+a', scope: 'grid', shortcutWhen: (ctx) => ctx.route.startsWith(SHIPMENT_LIST_PATH) }),
  statusCommand('shipments.unapprove', P.unapprove, ShipmentStates, { confirm: 'shipments:confirm.unapprove' }),
  statusCommand('shipments.ship', P.ship, ShipResult, {
    input: ShipArgs, confirm: 'shipments:confirm.ship', shortcut: 'Alt+Shift+s', scope: 'grid',
    shortcutWhen: (ctx) => ctx.route.startsWith(TOB_SHIPPING_PATH),
  }),
  statusCommand('shipments.depart', P.depart, ShipmentStates, { shortcut: 'Alt+Shift+d', scope: 'grid', shortcutWhen: (ctx) => ctx.route.startsWith(TOB_SHIPPING_PATH) }),
  statusCommand('shipments.terminate', P.terminate, ShipmentStates, { confirm: 'shipments:confirm.terminate' }),
]
