// Container loading (issue 21 "Shipments and containers", part K2; spec §4 loading statuses "waiting load
// container, loaded container, closed", §5 "no mixed containers for AGL transport", "Scanned shipment ID
// must match", "Batch shipping needs all selected documents loaded in the container", §8 "container not
// unique", "AGL mixing not allowed"). A loading document (ZG…) is opened for one shipping container (its
// number unique among the documents not yet shipped); at the container-loading station the operator scans
// the container number, then each box code (or a shipment number FY…: all its boxes) into it. A box is in
// at most one container (a unique index: two stations scanning the same box at once → one wins, the other
// is told which container holds it). Finish loading (waiting → loaded), close with the seal number
// (loaded → closed), ship: every box goes out through the ledger under the ZG number (shipCartons).
// Machine src/domain/states/container-loading.ts; handlers src/server/areas/container-loading.
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef } from '../src/domain/commands'
import { enabledByMachine, targetsOf } from '../src/domain/states/machine'
import { containerLoadingMachine } from '../src/domain/states/container-loading'
import { CONTAINER_NO_RE, CONTAINER_SIZE_CODES, MAX_CONTAINER_NUMBERS } from '../src/domain/container-loading'

export const CONTAINER_LIST_PATH = '/container-load/list'
export const CONTAINER_STATION_PATH = '/container-load/container-loading'
export const LOADING_DETAIL_PATH = '/container-load/loading-detail'
export const ALLOT_CONTAINER_PATH = '/stock-out/ToB/ship-management/allot-container'
export const loadingDetailPath = (no: string) => `${LOADING_DETAIL_PATH}?no=${encodeURIComponent(no)}`
export const stationPath = (containerNo: string) => `${CONTAINER_STATION_PATH}?container=${encodeURIComponent(containerNo)}`

/** Permission codes: the container-load screens' buttons (src/domain/menu/catalog.ts; ours 8110–8113). */
export const CONTAINER_PERMISSIONS = {
  view: 'menu:container-load-list',
  station: 'menu:container-loading',
  /** Open a loading document. */
  add: 'container-load-list:add',
  /** Scan boxes in, finish loading. */
  load: 'container-loading:load',
  /** Take a box back out of a container still loading. */
  unload: 'container-loading:unload',
  /** Close (seal) a loaded container. */
  close: 'container-load-list:close',
  /** Ship a closed container: its boxes leave through the ledger. */
  ship: 'container-load-list:ship',
  /** Set the expected container number of ToB orders. */
  allot: 'allot-container:allot',
  allotView: 'menu:allot-container',
} as const

const docNo = z.string().trim().min(1, 'errors:field.required').max(40).transform((s) => s.toUpperCase())
/** A container number as typed (upper-cased): capital letters, digits and '-', 4 to 40. */
export const containerNo = z.string().trim().min(1, 'errors:field.required').max(40, 'errors:field.tooLong').transform((s) => s.toUpperCase())
  .refine((s) => CONTAINER_NO_RE.test(s), 'containers:errors.containerNoFormat')
/** A box code or a shipment number as scanned. */
const scanCode = z.string().trim().min(1, 'errors:field.required').max(40, 'errors:field.tooLong').transform((s) => s.toUpperCase())
const optText = (max: number) => z.string().trim().max(max, 'errors:field.tooLong').nullish().transform((v) => (v ? v : null))
const capacity = (max: number) => z.number({ error: 'errors:field.invalidType' }).positive('errors:field.tooSmall').max(max, 'errors:field.tooBig').nullish()

export const CreateLoadingArgs = z.strictObject({
  containerNo,
  containerSize: z.enum(CONTAINER_SIZE_CODES as [string, ...string[]], { error: 'containers:errors.containerSize' }),
  /** Capacity (m³) and max payload (kg); default: the size's (src/domain/container-loading.ts). */
  capacityVolume: capacity(200),
  maxWeight: capacity(60_000),
  /** AGL transport: only boxes of AGL shipments (and no others). */
  agl: z.boolean().default(false),
  /** The transport it leaves on (transport screen): an AGL transport makes the container AGL. */
  transportCode: z.string().trim().max(32, 'errors:field.tooLong').nullish().transform((v) => (v ? v.toUpperCase() : null)),
  remark: optText(200),
})
export type CreateLoadingArgs = z.input<typeof CreateLoadingArgs>
export const LoadingNoArgs = z.strictObject({ loadingNo: docNo })
export type LoadingNoArgs = z.input<typeof LoadingNoArgs>
/** A station scan: a box code, or a shipment number (FY…) loading all its boxes. */
export const LoadScanArgs = z.strictObject({ loadingNo: docNo, code: scanCode })
export type LoadScanArgs = z.input<typeof LoadScanArgs>
export const UnloadArgs = z.strictObject({ loadingNo: docNo, boxCode: scanCode })
export type UnloadArgs = z.input<typeof UnloadArgs>
export const CloseLoadingArgs = z.strictObject({ loadingNo: docNo, sealNo: z.string().trim().min(1, 'errors:field.required').max(40, 'errors:field.tooLong').transform((s) => s.toUpperCase()) })
export type CloseLoadingArgs = z.input<typeof CloseLoadingArgs>
/** Allot container: the expected container number of ToB orders (spec §9: at most 50 a run). */
export const AllotContainerArgs = z.strictObject({
  orderNos: z.array(docNo).min(1, 'common:validation.selectAtLeastOne').max(MAX_CONTAINER_NUMBERS, 'containers:errors.tooMany'),
  containerNo: containerNo.nullable(),
})
export type AllotContainerArgs = z.input<typeof AllotContainerArgs>

/** The live count against the container's capacity. */
export const LoadTotals = z.object({
  boxes: z.number().int(), volume: z.number(), weight: z.number(),
  capacityVolume: z.number(), maxWeight: z.number(),
})
export type LoadTotals = z.infer<typeof LoadTotals>
export const LoadingCreated = z.object({ loadingNo: z.string(), containerNo: z.string(), status: z.number().int() })
export const LoadingState = z.object({ loadingNo: z.string(), containerNo: z.string(), status: z.number().int(), totals: LoadTotals })
export const LoadScanned = z.object({
  loadingNo: z.string(), containerNo: z.string(),
  /** Box codes loaded by this scan; box codes of the scan that were in this container already. */
  loaded: z.array(z.string()), already: z.array(z.string()),
  /** What was scanned: a box or a shipment. */
  kind: z.enum(['box', 'shipment']),
  totals: LoadTotals,
})
export type LoadScanned = z.infer<typeof LoadScanned>
export const LoadingShipped = z.object({ loadingNo: z.string(), containerNo: z.string(), status: z.number().int(), boxes: z.number().int(), units: z.number().int() })
export const ContainerAllotted = z.object({ orders: z.number().int(), containerNo: z.string().nullable() })

/** Endpoints (src/server/areas/container-loading). */
export const CONTAINER_API = {
  loadings: '/api/container-loading/loadings',
  loading: (no: string) => `/api/container-loading/loadings/by-no/${encodeURIComponent(no)}`,
  /** The open (not shipped) loading document of a container number — the station's first scan. */
  byContainer: (containerNo: string) => `/api/container-loading/by-container/${encodeURIComponent(containerNo)}`,
  allotOrders: '/api/container-loading/allot-orders',
} as const

const P = CONTAINER_PERMISSIONS
const KEYWORDS = ['ZG', 'container', 'loading', 'load', 'seal']
const FIELDS = (f: string) => `containers:fields.${f.split('.')[0]}`
const onContainers = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith('/container-load')
const theNo = (ctx: CommandContext): string => String(targetsOf(ctx)[0]?.loadingNo ?? '')

const docCommand = (id: string, permission: string, output: z.ZodType, extra: Partial<CommandDef<any>> = {}): CommandDef<any> => defineCommand<any>({
  id, title: `commands:${id}`, section: 'status', permission, input: LoadingNoArgs, output, server: true, keywords: KEYWORDS, when: onContainers,
  enabled: (ctx) => (targetsOf(ctx).length > 1 ? 'common:validation.selectExactlyOne' : enabledByMachine(containerLoadingMachine, id)(ctx)),
  fieldLabel: FIELDS,
  run: async (ctx, rt, args) => {
    let a = args
    if (!a) {
      const own = theNo(ctx) || await rt.prompt?.<string>('text', { title: 'containers:fields.loadingNo' })
      if (!own) return undefined
      a = { loadingNo: own }
    }
    return rt.callServer(id, a)
  },
  ...extra,
})

export const containerLoadingCommands: readonly CommandDef<any>[] = [
  defineCommand<CreateLoadingArgs>({
    id: 'containers.loading.create', title: 'commands:containers.loading.create', section: 'document', permission: P.add, input: CreateLoadingArgs, output: LoadingCreated,
    // Alt+N on the list page is the page's own key (ContainerLoadListPage): the grid scope's Alt letters are all taken.
    server: true, keywords: KEYWORDS, when: onContainers, fieldLabel: FIELDS,
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(`${CONTAINER_LIST_PATH}?form=new`); return undefined }
      const r = await rt.callServer<z.infer<typeof LoadingCreated>>('containers.loading.create', args)
      rt.toast('success', 'containers:done.created', { loadingNo: r.loadingNo, containerNo: r.containerNo })
      return r
    },
  }),
  defineCommand<LoadScanArgs>({
    id: 'containers.loading.scan', title: 'commands:containers.loading.scan', section: 'scan', permission: P.load, input: LoadScanArgs, output: LoadScanned,
    server: true, keywords: [...KEYWORDS, 'scan', 'box'], when: onContainers, enabled: enabledByMachine(containerLoadingMachine, 'containers.loading.scan'), fieldLabel: FIELDS,
    run: async (ctx, rt, args) => {
      if (args === undefined) { rt.navigate(CONTAINER_STATION_PATH); return undefined }
      return rt.callServer<LoadScanned>('containers.loading.scan', args)
    },
  }),
  defineCommand<UnloadArgs>({
    id: 'containers.loading.unload', title: 'commands:containers.loading.unload', section: 'scan', permission: P.unload, input: UnloadArgs, output: LoadingState,
    server: true, keywords: [...KEYWORDS, 'unload', 'remove'], when: onContainers, enabled: enabledByMachine(containerLoadingMachine, 'containers.loading.unload'), fieldLabel: FIELDS,
    run: async (_ctx, rt, args) => (args === undefined ? undefined : rt.callServer('containers.loading.unload', args)),
  }),
  docCommand('containers.loading.finish', P.load, LoadingState, { confirm: 'containers:confirm.finish' }),
  defineCommand<CloseLoadingArgs>({
    id: 'containers.loading.close', title: 'commands:containers.loading.close', section: 'status', permission: P.close, input: CloseLoadingArgs, output: LoadingState,
    server: true, keywords: [...KEYWORDS, 'close'], when: onContainers, fieldLabel: FIELDS,
    enabled: (ctx) => (targetsOf(ctx).length > 1 ? 'common:validation.selectExactlyOne' : enabledByMachine(containerLoadingMachine, 'containers.loading.close')(ctx)),
    run: async (ctx, rt, args) => {
      let a = args
      if (!a) {
        const own = theNo(ctx)
        if (!own) return undefined
        const sealNo = await rt.prompt?.<string>('text', { title: 'containers:fields.sealNo' })
        if (!sealNo) return undefined
        a = { loadingNo: own, sealNo }
      }
      return rt.callServer('containers.loading.close', a)
    },
  }),
  docCommand('containers.loading.ship', P.ship, LoadingShipped, { confirm: 'containers:confirm.ship' }),
  defineCommand<AllotContainerArgs>({
    id: 'containers.allot', title: 'commands:containers.allot', section: 'document', permission: P.allot, input: AllotContainerArgs, output: ContainerAllotted,
    server: true, keywords: [...KEYWORDS, 'allot', 'expected'], fieldLabel: FIELDS,
    when: (ctx) => ctx.route === '' || ctx.route.startsWith(ALLOT_CONTAINER_PATH),
    bulk: { noun: 'containers:bulk.orders' },
    run: async (ctx, rt, args) => {
      let a = args
      if (!a) {
        const orderNos = ctx.selection.map((r) => String(r.orderNo ?? '')).filter(Boolean)
        if (!orderNos.length) return undefined
        const c = await rt.prompt?.<string>('text', { title: 'containers:fields.containerNo' })
        if (c === undefined || c === null) return undefined
        a = { orderNos, containerNo: c ? c : null }
      }
      return rt.callServer('containers.allot', a)
    },
  }),
]
