// Stock commands (stock-manage-list): explain the selected balance (its ledger rows) and the admin's
// invariant check. Stock itself is changed only by documents through the ledger service.
import { z } from 'zod'
import { defineCommand, type CommandDef } from '../src/domain/commands'

export const STOCK_LIST_PATH = '/stock-manage/stock-manage-list'

/** The answer of stock.invariants.check: balances and ledger rows read, and the first 200 disagreements. */
export const InvariantResult = z.strictObject({
  balances: z.number().int(), ledgerRows: z.number().int(),
  violations: z.array(z.strictObject({
    balanceId: z.number().int(), kind: z.enum(['onHandVsLedger', 'lockedVsLedger', 'lockedVsReservations', 'lastRowVsBalance']),
    expected: z.number(), actual: z.number(),
  })).max(200),
})
export type InvariantResult = z.infer<typeof InvariantResult>

const selectedBalance = (sel: readonly Record<string, unknown>[]) => {
  const id = Number(sel.length === 1 ? sel[0]?.id : NaN)
  return Number.isInteger(id) && id > 0 ? id : undefined
}

export const stockCommands: readonly CommandDef<any>[] = [
  defineCommand({
    id: 'stock.balance.explain', title: 'commands:stock.balance.explain', section: 'document', permission: 'stock-manage-list:explain',
    keywords: ['ledger', 'history', 'explain'], selection: 'one', shortcut: 'Alt+e', scope: 'grid',
    when: (ctx) => ctx.route.startsWith(STOCK_LIST_PATH),
    enabled: (ctx) => (selectedBalance(ctx.selection) ? true : 'common:validation.selectExactlyOne'),
    run: (ctx, rt) => { rt.navigate(`${STOCK_LIST_PATH}?explain=${selectedBalance(ctx.selection)}`) },
  }),
  defineCommand({
    id: 'stock.invariants.check', title: 'commands:stock.invariants.check', section: 'admin', permission: 'stock-manage-list:check',
    keywords: ['invariant', 'ledger', 'audit'], server: true, input: z.strictObject({}), output: InvariantResult,
    run: async (_ctx, rt) => {
      const r = await rt.callServer<InvariantResult>('stock.invariants.check', {})
      if (r.violations.length === 0) rt.toast('success', 'stock:invariants.ok', { balances: r.balances, ledgerRows: r.ledgerRows })
      else rt.toast('error', 'stock:invariants.bad', { count: r.violations.length, first: r.violations[0]!.balanceId })
      return r
    },
  }),
]
