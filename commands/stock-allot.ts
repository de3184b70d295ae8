// Stock allot (issue 20, stock-manage → stock-allot; README "Stock allot"): a SKU's allocable stock in the
// warehouse allotted among shops (sales channels). One document (TP…) per run sets the quotas of the
// shops it names; the spec's rule "allocated not above allocable and not below locked" is checked then:
// each shop's quota ≥ what its open orders hold reserved of the SKU here (locked), the quotas of all the
// SKU's shops together ≤ its normal stock on hand in allocatable areas (allocable). No stock moves.
import { z } from 'zod'
import { defineCommand, type CommandDef } from '../src/domain/commands'

export const STOCK_ALLOT_PATH = '/stock-manage/stock-allot'
export const STOCK_ALLOT_PERMISSIONS = { view: 'menu:stock-allot', add: 'stock-allot:add' } as const
export const STOCK_ALLOT_API = { quotas: '/api/stock-allot/quotas' } as const
/** The stock allot screen filtered to one document's quotas (the palette's jump to a TP number). */
export const stockAllotDocPath = (allotNo: string) => `${STOCK_ALLOT_PATH}?no=${allotNo}`
export const MAX_ALLOT_SHOPS = 100

const code = z.string().trim().min(1, 'errors:field.required').max(80).transform((s) => s.toUpperCase())
export const AllotArgs = z.strictObject({
  /** SKU code, UPC or FNSKU. */
  code,
  lines: z.array(z.strictObject({ shopCode: code, qty: z.number().int('errors:field.invalidValue').min(0, 'errors:field.tooSmall').max(10_000_000, 'errors:field.tooBig') }))
    .min(1, 'stockAllot:errors.noLines').max(MAX_ALLOT_SHOPS, 'stockAllot:errors.tooManyLines'),
  remark: z.string().trim().max(200).nullish().transform((v) => (v ? v : null)),
})
export type AllotArgs = z.input<typeof AllotArgs>
export const Allotted = z.object({ allotNo: z.string(), skuCode: z.string(), allocable: z.number().int(), allotted: z.number().int(), lines: z.number().int() })
export type Allotted = z.infer<typeof Allotted>

export const stockAllotCommands: readonly CommandDef<any>[] = [
  defineCommand<AllotArgs>({
    id: 'stock.allot.create', title: 'commands:stock.allot.create', section: 'document', permission: STOCK_ALLOT_PERMISSIONS.add, input: AllotArgs, output: Allotted,
    bulk: false, server: true, keywords: ['TP', 'allot', 'quota', 'shop', 'channel'], fieldLabel: (f) => `stockAllot:fields.${f}`,
    when: (ctx) => ctx.route === '' || ctx.route.startsWith(STOCK_ALLOT_PATH),
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(`${STOCK_ALLOT_PATH}?form=new`); return undefined }
      const r = await rt.callServer<Allotted>('stock.allot.create', args)
      rt.toast('success', 'stockAllot:done.created', { allotNo: r.allotNo, skuCode: r.skuCode })
      return r
    },
  }),
]
