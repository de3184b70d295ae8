// Claiming a picking task from other outbound picking (issue 20 part G): the picking task claim is offered on
// the picking task list and station and on the other-pick screen (Enter on a row claims and opens the task
// there, src/app/pages/other-inout/OtherPickPage.tsx → useOpenTask), nowhere else; its enablement is the
// picking task machine's claim rule (unclaimed, or one's own working task; not a task allotted to someone
// else, not one another picker works, not a completed one); it claims, then opens the task at the station.
import { describe, it, expect } from 'vitest'
import { commandEnabled, commandVisible, type CommandContext, type CommandRuntime } from '../../src/domain/commands'
import { commandRegistry } from '../../commands/index'
import { OTHER_PICK_PATH } from '../../commands/other-inout'
import { OTHER_PICK_ROUTE, PICKING_PATH, pickingStationPath } from '../../commands/outbound-picking'
import { TaskClaimStatus } from '../../src/domain/dictionaries'

const claim = commandRegistry.get('outbound.pickTask.claim')!
const ctx = (over: Partial<CommandContext> = {}): CommandContext => ({
  permissions: new Set(['pickingtasks:claim', 'menu:other-pick']), roles: [], userId: 7, tenantId: 1, warehouseId: 26, language: 'en',
  route: OTHER_PICK_PATH, selection: [], ...over,
})
const task = (over: Record<string, unknown> = {}) => ({ id: 11, taskNo: 'JH2611270001', status: TaskClaimStatus.Unclaimed, claimedBy: null, assigneeId: null, waveNo: 'BC2611270001', ...over })
const refusalOf = (r: unknown) => JSON.stringify(r)

describe('outbound.pickTask.claim on the other-pick screen', () => {
  it('is offered on other-pick, the picking task list and the palette, not on other screens, and needs the claim permission', () => {
    expect(OTHER_PICK_PATH).toBe(OTHER_PICK_ROUTE)
    expect(OTHER_PICK_PATH).toBe('/stock-out/other-pick')
    expect(commandVisible(claim, ctx())).toBe(true)
    expect(commandVisible(claim, ctx({ route: `${OTHER_PICK_PATH}?size=50` }))).toBe(true)
    expect(commandVisible(claim, ctx({ route: PICKING_PATH }))).toBe(true)
    expect(commandVisible(claim, ctx({ route: '' }))).toBe(true)
    expect(commandVisible(claim, ctx({ route: '/stock-out/other-outbound' }))).toBe(false)
    expect(commandVisible(claim, ctx({ route: '/stock-out/other-ship' }))).toBe(false)
    expect(commandVisible(claim, ctx({ permissions: new Set(['menu:other-pick']) }))).toBe(false)
  })

  it('keeps the picking machine claim rules for the selected task row', () => {
    expect(commandEnabled(claim, ctx({ selection: [task()] }))).toBe(true)
    // One's own working task reopens.
    expect(commandEnabled(claim, ctx({ selection: [task({ status: TaskClaimStatus.Working, claimedBy: 7 })] }))).toBe(true)
    expect(commandEnabled(claim, ctx({ selection: [task({ assigneeId: 7 })] }))).toBe(true)
    expect(refusalOf(commandEnabled(claim, ctx({ selection: [task({ status: TaskClaimStatus.Working, claimedBy: 8 })] })))).toContain('outbound:pick.errors.claimedByOther')
    expect(refusalOf(commandEnabled(claim, ctx({ selection: [task({ assigneeId: 8 })] })))).toContain('outbound:pick.errors.assignedToOther')
    expect(commandEnabled(claim, ctx({ selection: [task({ status: TaskClaimStatus.Completed })] }))).not.toBe(true)
    expect(commandEnabled(claim, ctx())).toBe('common:validation.selectAtLeastOne')
  })

  it('claims the task, then opens it at the picking station', async () => {
    const calls: { fn: string; args: unknown[] }[] = []
    const rt = {
      navigate: (...a: unknown[]) => { calls.push({ fn: 'navigate', args: a }) },
      callServer: async (...a: unknown[]) => { calls.push({ fn: 'callServer', args: a }); return { taskNo: 'JH2611270001' } as never },
      open: () => undefined, toast: () => undefined, prompt: async () => undefined as never, effect: () => undefined,
    } as unknown as CommandRuntime
    await claim.run!(ctx({ selection: [task()] }), rt, undefined)
    expect(calls).toEqual([
      { fn: 'callServer', args: ['outbound.pickTask.claim', { taskNo: 'JH2611270001' }] },
      { fn: 'navigate', args: [pickingStationPath('JH2611270001')] },
    ])
  })
})
