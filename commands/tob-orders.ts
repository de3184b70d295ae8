// ToB orders on the outbound order (issue 21, part J): the commands a ToB order adds to the retail
// order's (commands/outbound-orders.ts — create, feed and import take the ToB fields there):
//   outbound.tob.update        edit the ToB fields of a ToB order before any wave (draft, in force, validated);
//   outbound.tob.assignPicking batch assign picking — ToB orders in force (spec section 4: "needs effective
//                              status and same expected container number"), fully allocated, no wave — make one
//                              wave with its picking tasks (whole: one task an order, bulk: one for the wave);
//   outbound.tob.splitMethod   choose the split method in draft or in force — never once the warehouse
//                              refreshed ("brushed") the order: "a warehouse-brushed order cannot choose a
//                              split method again".
// Handlers: src/server/areas/tob/index.ts (one transaction each).
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef, type EnabledResult } from '../src/domain/commands'
import { PickMode } from '../src/domain/dictionaries'
import { TOB_HEADER_SHAPE, TOB_SPLIT_METHODS } from '../src/domain/tob'
import { screenFieldLabels } from '../src/domain/validation'
import { OUTBOUND_ORDER_PATH, OutboundIdsArgs, selectedOutboundIds } from './outbound-orders'

export const TOB_ORDER_PATH = '/stock-out/ToB/sales-outbound/all-added-outbound'

/** Permission codes: the ToB order screen's buttons (7260 edit, 7261 split-method: src/domain/menu/catalog.ts) and the ToB picking task screen's assign. */
export const TOB_PERMISSIONS = {
  view: 'menu:all-added-outbound',
  edit: 'all-added-outbound:edit',
  splitMethod: 'all-added-outbound:split-method',
  assignPicking: 'tob-picking-task:assign',
} as const

/** Most orders one batch assign picking takes (a wave's size). */
export const MAX_TOB_ASSIGN = 200

export const TobUpdateArgs = z.strictObject({ id: z.number().int().positive(), ...TOB_HEADER_SHAPE })
export type TobUpdateArgs = z.input<typeof TobUpdateArgs>
export const TobUpdated = z.object({ id: z.number().int(), orderNo: z.string() })

export const TobAssignArgs = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(MAX_TOB_ASSIGN),
  pickMode: z.number().int().refine((v) => v === PickMode.PickingBySeed || v === PickMode.OrdinaryPicking, 'errors:field.invalidValue').default(PickMode.OrdinaryPicking),
  taskMode: z.enum(['whole', 'bulk']).default('whole'),
})
export type TobAssignArgs = z.input<typeof TobAssignArgs>
export const TobAssigned = z.object({
  waveNo: z.string(), orders: z.number().int(), qty: z.number().int(), tasks: z.array(z.string()), expectedContainerNo: z.string().nullable(),
})
export type TobAssigned = z.infer<typeof TobAssigned>

export const TobSplitMethodArgs = OutboundIdsArgs.extend({ splitMethod: z.enum(TOB_SPLIT_METHODS) })
export type TobSplitMethodArgs = z.infer<typeof TobSplitMethodArgs>
export const TobSplitMethodResult = z.object({ changed: z.array(z.object({ id: z.number().int(), orderNo: z.string() })) })
export type TobSplitMethodResult = z.infer<typeof TobSplitMethodResult>

const KEYWORDS = ['ToB', 'B2B', 'outbound', 'container']
const onOrders = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(TOB_ORDER_PATH) || ctx.route.startsWith(OUTBOUND_ORDER_PATH)
const needsSelection = (ctx: CommandContext): EnabledResult => (selectedOutboundIds(ctx).length ? true : 'common:validation.selectAtLeastOne')
const bulk = { noun: 'palette:bulk.count.outboundOrder', targets: (ctx: CommandContext) => selectedOutboundIds(ctx).length, askFrom: 2 }

export const tobOrderCommands: readonly CommandDef<any>[] = [
  defineCommand<TobUpdateArgs>({
    id: 'outbound.tob.update', title: 'commands:outbound.tob.update', section: 'document', permission: TOB_PERMISSIONS.edit,
    input: TobUpdateArgs, output: TobUpdated, server: true, keywords: KEYWORDS, when: onOrders, enabled: needsSelection,
    fieldLabel: screenFieldLabels(TobUpdateArgs, 'tob:fields'),
    run: async (_ctx, rt, args) => {
      if (args === undefined) return undefined
      const r = await rt.callServer<z.infer<typeof TobUpdated>>('outbound.tob.update', args)
      rt.toast('success', 'tob:done.updated', { orderNo: r.orderNo })
      return r
    },
  }),
  defineCommand<TobAssignArgs>({
    id: 'outbound.tob.assignPicking', title: 'commands:outbound.tob.assignPicking', section: 'document', permission: TOB_PERMISSIONS.assignPicking,
    input: TobAssignArgs, output: TobAssigned, server: true, keywords: [...KEYWORDS, 'picking', 'wave'], when: onOrders, enabled: needsSelection,
    confirm: 'tob:confirm.assignPicking', bulk,
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<TobAssigned>('outbound.tob.assignPicking', args ?? { ids: selectedOutboundIds(ctx) })
      rt.toast('success', 'tob:done.assigned', { waveNo: r.waveNo, count: r.orders })
      return r
    },
  }),
  defineCommand<TobSplitMethodArgs>({
    id: 'outbound.tob.splitMethod', title: 'commands:outbound.tob.splitMethod', section: 'document', permission: TOB_PERMISSIONS.splitMethod,
    input: TobSplitMethodArgs, output: TobSplitMethodResult, server: true, keywords: [...KEYWORDS, 'split'], when: onOrders, enabled: needsSelection,
    bulk, fieldLabel: screenFieldLabels(TobSplitMethodArgs, 'tob:fields'),
    run: async (ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const splitMethod = await rt.prompt?.<string>('text', { title: 'tob:prompt.splitMethod' })
        if (splitMethod === undefined) return undefined
        a = { ids: selectedOutboundIds(ctx), splitMethod: splitMethod as TobSplitMethodArgs['splitMethod'] }
      }
      const r = await rt.callServer<TobSplitMethodResult>('outbound.tob.splitMethod', a)
      rt.toast('success', 'tob:done.splitMethod', { count: r.changed.length })
      return r
    },
  }),
]
