// @vitest-environment happy-dom
// The browser CommandRuntime against the real API in-process (fetch bridged into fastify.inject over
// PGlite/PostgreSQL — no mocks): a fresh Idempotency-Key per invocation (the server replays only a
// repeated key), client-side zod refusal naming the field with nothing sent, the confirm flow,
// prompts, recent commands, effects.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest'
import type { TestApp } from '../helpers/app'
import { session } from '../../src/app/state/session'
import { ui } from '../../src/app/state/ui'
import { toasts } from '../../src/app/state/toast'
import { CommandRegistry } from '../../src/domain/commands'
import { ALL_COMMANDS } from '../../commands'
import { createRuntime } from '../../src/app/commands/runtime'
import { CommandInputError } from '../../src/app/commands/validation'
import { runCommand, setRuntime } from '../../src/app/commands/run'
import { setActiveRegistry } from '../../src/app/commands/registry'
import { answerConfirm, answerPrompt, interaction, requestPrompt } from '../../src/app/commands/interaction'
import { registerEffect, EffectUnavailableError } from '../../src/app/commands/effects'
import { RECENT_MAX, loadRecent } from '../../src/app/commands/recent'
import { startApi, signInAs, userIdOf, type Api, type Sent } from '../helpers/bridge'
import { waitFor } from '../helpers/dom'

let t: TestApp
let sent: Sent[]
let receiverId: number
const registry = new CommandRegistry(ALL_COMMANDS)
const commandCalls = () => sent.filter((s) => s.path.startsWith('/api/commands/'))

let api: Api
beforeAll(async () => {
  api = await startApi()
  ;({ t, sent } = api)
  receiverId = await userIdOf(t, 'receiver')
  await signInAs(t, 'admin', { tenantId: 1, warehouseId: 26, roles: ['admin'], permissions: [] })
  setActiveRegistry(registry)
})
afterAll(async () => { setRuntime(null); await api?.close() })
beforeEach(() => { sent.length = 0; toasts.list = []; interaction.confirm = null })

describe('runtime.callServer', () => {
  it('sends a fresh Idempotency-Key per invocation: two runs are two resets', async () => {
    const rt = createRuntime()
    const a = await rt.callServer<{ temporaryPassword: string }>('admin.user.resetPassword', { userId: receiverId })
    const b = await rt.callServer<{ temporaryPassword: string }>('admin.user.resetPassword', { userId: receiverId })
    const keys = commandCalls().map((s) => s.headers['idempotency-key'])
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[0]).not.toBe(keys[1])
    expect(commandCalls()[0].path).toBe('/api/commands/admin.user.resetPassword')
    expect(a.temporaryPassword).not.toBe(b.temporaryPassword)
  })

  it('the key is what makes a retry safe: the same key replays the first answer', async () => {
    const rt = createRuntime({ newKey: () => 'palette-test-fixed-key-0001' })
    const a = await rt.callServer<{ temporaryPassword: string }>('admin.user.resetPassword', { userId: receiverId })
    const b = await rt.callServer<{ temporaryPassword: string }>('admin.user.resetPassword', { userId: receiverId })
    expect(b.temporaryPassword).toBe(a.temporaryPassword)
  })

  it('refuses bad arguments in the browser with the same schema, naming the field, and sends nothing', async () => {
    const rt = createRuntime()
    const err = await rt.callServer('admin.user.resetPassword', { userId: 'abc' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(CommandInputError)
    const fe = (err as CommandInputError).errors
    expect(fe[0].field).toBe('userId')
    expect(fe[0].messageKey).toBe('errors:field.invalidType')
    expect(fe[0].message).toMatch(/userId|User/)
    const missing = await rt.callServer('admin.user.resetPassword', {}).catch((e: unknown) => e) as CommandInputError
    expect(missing.errors[0].messageKey).toBe('errors:field.required')
    expect(commandCalls()).toEqual([])
  })
})

describe('runCommand', () => {
  const forceOffline = registry.get('admin.user.forceOffline')!

  it('asks the confirmation first: cancel sends nothing, confirm runs once', async () => {
    const ctx = { permissions: new Set<string>(), roles: ['admin'], userId: session.userId, tenantId: 1, warehouseId: 26, language: 'en' as const, route: '/', selection: [{ id: receiverId }] }
    const cancelled = runCommand(forceOffline, { ctx })
    await waitFor(() => interaction.confirm, 'confirm question')
    expect(interaction.confirm!.messageKey).toBe('commands:confirm.admin.user.forceOffline')
    answerConfirm(false)
    expect(await cancelled).toEqual({ status: 'cancelled' })
    expect(commandCalls()).toEqual([])

    const confirmed = runCommand(forceOffline, { ctx })
    await waitFor(() => interaction.confirm, 'confirm question')
    answerConfirm(true)
    const outcome = await confirmed
    expect(outcome.status).toBe('ok')
    expect(commandCalls()).toHaveLength(1)
    expect(JSON.parse(commandCalls()[0].body)).toEqual({ userId: receiverId })
    expect(ui.recentCommands[0]).toBe('admin.user.forceOffline')
  })

  it('refuses a disabled command with its translated reason, and a bad argument with the field', async () => {
    const ctx = { permissions: new Set<string>(), roles: ['admin'], userId: session.userId, tenantId: 1, warehouseId: 26, language: 'en' as const, route: '/', selection: [] }
    expect(await runCommand(forceOffline, { ctx })).toEqual({ status: 'disabled', reason: 'common:validation.selectExactlyOne' })
    expect(toasts.list.at(-1)?.message).toBe('Select exactly one row')
    const bad = runCommand(forceOffline, { ctx: { ...ctx, selection: [{ id: 'not-a-number' }] } })
    await waitFor(() => interaction.confirm, 'confirm question')
    answerConfirm(true)
    expect((await bad).status).toBe('failed')
    expect(toasts.list.at(-1)?.kind).toBe('error')
    expect(toasts.list.at(-1)?.message).toMatch(/userId|User/)
    expect(commandCalls()).toEqual([])
  })

  it('a missing permission hides the command: nothing runs', async () => {
    const ctx = { permissions: new Set<string>(), roles: ['receiver'], userId: 2, tenantId: 1, warehouseId: 26, language: 'en' as const, route: '/', selection: [{ id: 1 }] }
    expect(await runCommand(forceOffline, { ctx })).toEqual({ status: 'hidden' })
    expect(interaction.confirm).toBeNull()
  })

  it('performs shell effects through the registered handler, and says so when none is registered', async () => {
    const sidebar = registry.get('shell.sidebar.toggle')!
    let toggled = 0
    const off = registerEffect('sidebar.toggle', () => { toggled++ })
    expect((await runCommand(sidebar)).status).toBe('ok')
    expect(toggled).toBe(1)
    off()
    const outcome = await runCommand(sidebar)
    expect(outcome.status).toBe('failed')
    expect((outcome as { error: unknown }).error).toBeInstanceOf(EffectUnavailableError)
    expect(toasts.list.at(-1)?.message).toBe('“Toggle sidebar” is not available on this page')
  })
})

describe('prompts and recent commands', () => {
  it('warehouse prompt offers the user pairs and resolves the chosen pair; cancel resolves undefined', async () => {
    session.warehouseList = [
      { warehouseId: 26, tenantId: 1, warehouseName: 'Dongguan DC', tenantName: 'Stride Footwear' },
      { warehouseId: 168, tenantId: 1, warehouseName: 'Los Angeles', tenantName: 'Stride Footwear' },
    ]
    const p = requestPrompt<{ warehouseId: number; tenantId: number }>('warehouse')
    expect(ui.paletteOpen).toBe(true)
    expect(interaction.prompt!.options.map((o) => [o.label, o.current])).toEqual([['Dongguan DC-Stride Footwear', true], ['Los Angeles-Stride Footwear', false]])
    answerPrompt(interaction.prompt!.options[1].value)
    expect(await p).toEqual({ warehouseId: 168, tenantId: 1 })
    const q = requestPrompt('language')
    expect(interaction.prompt!.options.map((o) => o.value)).toEqual(['zh', 'en', 'es-MX'])
    answerPrompt(undefined)
    expect(await q).toBeUndefined()
    ui.paletteOpen = false
  })

  it('keeps at most 10 recent commands, newest first, per user in localStorage', async () => {
    const home = registry.get('shell.home')!
    const rt = { ...createRuntime(), navigate: () => {} }
    const ids = registry.all().filter((d) => !d.confirm && !d.server && d.id !== 'shell.palette.open').map((d) => d.id).slice(0, 12)
    // Each of these runs against a runtime that does nothing, so only the bookkeeping is observed.
    for (const id of ids) await runCommand(registry.get(id)!, { runtime: { ...rt, open: () => {}, effect: async () => {}, prompt: async () => undefined } })
    await runCommand(home, { runtime: rt })
    expect(ui.recentCommands).toHaveLength(RECENT_MAX)
    expect(ui.recentCommands[0]).toBe('shell.home')
    expect(JSON.parse(localStorage.getItem('wms.palette.recent.admin')!)).toEqual(ui.recentCommands)
    ui.recentCommands = []
    loadRecent()
    expect(ui.recentCommands[0]).toBe('shell.home')
  })
})
