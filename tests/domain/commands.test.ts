// The command model and the catalog's browser behaviour: registry refusals, visibility vs
// enablement, shortcut normalisation and clashes, navigation commands built from a menu tree, and
// what the shell/admin commands ask of the runtime.
import { describe, it, expect } from 'vitest'
import {
  CommandRegistry, commandEnabled, commandVisible, defineCommand, holds, normalizeShortcut, shortcutClashes,
  type CommandContext, type CommandRuntime, type ShellEffect,
} from '../../src/domain/commands'
import { ALL_COMMANDS, commandRegistry, navigationCommands, joinPath, type NavMenuNode } from '../../commands/index'

const ctx = (over: Partial<CommandContext> = {}): CommandContext => ({
  permissions: new Set<string>(), roles: [], userId: 1, tenantId: 1, warehouseId: 26, language: 'en', route: '/', selection: [], ...over,
})

/** A runtime that records every call. */
function recorder(promptAnswer?: unknown) {
  const calls: { fn: string; args: unknown[] }[] = []
  const rt: CommandRuntime = {
    navigate: (...a) => { calls.push({ fn: 'navigate', args: a }) },
    callServer: async (...a) => { calls.push({ fn: 'callServer', args: a }); return { username: 'receiver', revokedSessions: 2, temporaryPassword: 'Tmp#1234abcd' } as never },
    open: (...a) => { calls.push({ fn: 'open', args: a }) },
    toast: (...a) => { calls.push({ fn: 'toast', args: a }) },
    prompt: async (...a) => { calls.push({ fn: 'prompt', args: a }); return promptAnswer as never },
    effect: (name: ShellEffect, props?: Record<string, unknown>) => { calls.push({ fn: 'effect', args: props ? [name, props] : [name] }) },
  }
  return { rt, calls }
}
const cmd = (id: string) => {
  const c = commandRegistry.get(id)
  if (!c) throw new Error(`no command ${id}`)
  return c
}

describe('CommandRegistry', () => {
  it('refuses a duplicate id', () => {
    const a = defineCommand({ id: 'x.y', title: 'commands:x', section: 'shell', permission: 'self:x' })
    expect(() => new CommandRegistry([a, { ...a }])).toThrow(/duplicate command id: x\.y/)
  })
  it('the static catalog registers every command once', () => {
    expect(commandRegistry.size).toBe(ALL_COMMANDS.length)
    expect(commandRegistry.get('shell.palette.open')?.shortcut).toBe('$mod+k')
  })
})

describe('visibility and enablement', () => {
  const forceOffline = cmd('admin.user.forceOffline')
  it('hides a command whose permission is missing; admin and exact/_new codes hold it', () => {
    expect(commandVisible(forceOffline, ctx())).toBe(false)
    expect(commandVisible(forceOffline, ctx({ permissions: new Set(['rights-user:force-offline']) }))).toBe(true)
    expect(commandVisible(forceOffline, ctx({ permissions: new Set(['rights-user:force-offline_new']) }))).toBe(true)
    expect(commandVisible(forceOffline, ctx({ roles: ['admin'] }))).toBe(true)
    expect(holds('self:shell', ctx())).toBe(true)
  })
  it('a visible selection command is disabled with a reason until exactly one row is selected', () => {
    const c = ctx({ roles: ['admin'] })
    expect(commandEnabled(forceOffline, c)).toBe('common:validation.selectExactlyOne')
    expect(commandEnabled(forceOffline, { ...c, selection: [{ id: 3 }, { id: 4 }] })).toBe('common:validation.selectExactlyOne')
    expect(commandEnabled(forceOffline, { ...c, selection: [{ id: 3 }] })).toBe(true)
  })
  it('error log shows only when errors exist; favourite add/remove follow the page state', () => {
    expect(commandVisible(cmd('shell.errorLog'), ctx())).toBe(false)
    expect(commandVisible(cmd('shell.errorLog'), ctx({ errorCount: 2 }))).toBe(true)
    expect(commandVisible(cmd('shell.favourite.add'), ctx())).toBe(false)
    expect(commandVisible(cmd('shell.favourite.add'), ctx({ favourite: false }))).toBe(true)
    expect(commandVisible(cmd('shell.favourite.remove'), ctx({ favourite: false }))).toBe(false)
    expect(commandVisible(cmd('shell.favourite.remove'), ctx({ favourite: true }))).toBe(true)
  })
  it('grid commands are offered only while a grid is on the focus stack', () => {
    expect(commandVisible(cmd('grid.export'), ctx({ scopes: ['global'] }))).toBe(false)
    expect(commandVisible(cmd('grid.export'), ctx({ scopes: ['global', 'grid', 'palette'] }))).toBe(true)
  })
})

describe('shortcuts', () => {
  it('normalises modifier order, case and Control/Meta', () => {
    expect(normalizeShortcut('Shift+$mod+K')).toBe('$mod+shift+k')
    expect(normalizeShortcut('Control+k')).toBe('$mod+k')
    expect(normalizeShortcut('g  h')).toBe('g h')
    expect(normalizeShortcut('Shift+?')).toBe('shift+?')
  })
  it('finds clashes in one scope, with global, and sequence prefixes; not across two inner scopes', () => {
    const d = (id: string, shortcut: string, scope?: CommandDef['scope']) => defineCommand({ id, title: 't', section: 'shell', permission: 'self:x', shortcut, scope })
    type CommandDef = Parameters<typeof defineCommand>[0]
    expect(shortcutClashes([d('a', '$mod+k'), d('b', 'Control+K', 'grid')]).map((c) => c.shortcut)).toEqual(['$mod+k'])
    expect(shortcutClashes([d('a', 'g'), d('b', 'g h')])).toHaveLength(1)
    expect(shortcutClashes([d('a', 'Enter', 'grid'), d('b', 'Enter', 'form')])).toEqual([])
    expect(shortcutClashes([d('a', 'g h'), d('b', 'g i')])).toEqual([])
  })
})

describe('navigationCommands', () => {
  let nextId = 1
  const node = (code: string, path: string, component: string | null, o: Partial<NavMenuNode> = {}): NavMenuNode =>
    ({ id: nextId++, parentId: null, code, name: code, path, component, hidden: false, ...o, meta: { title: `menu:title.${code}`, hidden: o.hidden, ...o.meta } })
  const tree: NavMenuNode[] = [
    node('dashboard', '/', 'dashboard'),
    node('rights', '/rights', 'Layout', { children: [
      node('rights-user', 'user', 'rights/user'),
      node('rights-user-detail', 'user/detail', 'rights/user-detail', { hidden: true }),
      node('rights-menu', '//menu/', 'rights/menu'),
      node('rights-role', 'role', 'rights/role', { meta: { title: 'menu:title.rights-role', roles: ['supervisor'] } }),
    ] }),
    node('oms', '/oms', 'Layout', { name: 'OMS Order Center', children: [node('oms-orders', 'orders', 'oms/orders')] }),
    node('empty-dir', '/empty', 'Layout'),
  ]
  it('one command per visible screen, full path, permission menu:<code>, keywords path + parent titles', () => {
    const nav = navigationCommands(tree)
    expect(nav.map((c) => c.id)).toEqual(['nav.dashboard', 'nav.rights-user', 'nav.rights-menu', 'nav.rights-role'])
    const user = nav[1]
    expect(user).toMatchObject({ title: 'menu:title.rights-user', permission: 'menu:rights-user', section: 'navigation', keywords: ['/rights/user', 'menu:title.rights'] })
    const { rt, calls } = recorder()
    user.run!(ctx(), rt)
    nav[2].run!(ctx(), rt)
    nav[0].run!(ctx(), rt)
    expect(calls).toEqual([{ fn: 'navigate', args: ['/rights/user'] }, { fn: 'navigate', args: ['/rights/menu'] }, { fn: 'navigate', args: ['/'] }])
  })
  it('route meta roles filter when the roles are given (admin sees all)', () => {
    expect(navigationCommands(tree, { roles: ['receiver'] }).map((c) => c.id)).not.toContain('nav.rights-role')
    expect(navigationCommands(tree, { roles: ['supervisor'] }).map((c) => c.id)).toContain('nav.rights-role')
    expect(navigationCommands(tree, { roles: ['admin'] }).map((c) => c.id)).toContain('nav.rights-role')
  })
  it('a code seen twice yields one command (the registry would refuse the second)', () => {
    expect(() => new CommandRegistry(navigationCommands([...tree, ...tree]))).not.toThrow()
  })
  it('joinPath collapses slashes and keeps external addresses', () => {
    expect(joinPath('/stock-in', '/inbound-order/')).toBe('/stock-in/inbound-order')
    expect(joinPath('', '/')).toBe('/')
    expect(joinPath('/x', 'https://example.com/a')).toBe('https://example.com/a')
  })
})

describe('what commands ask of the runtime', () => {
  it('palette and go-to-document open the palette in their mode', () => {
    const { rt, calls } = recorder()
    cmd('shell.palette.open').run!(ctx(), rt)
    cmd('shell.goToDocument').run!(ctx(), rt)
    expect(calls).toEqual([{ fn: 'effect', args: ['palette.open', { mode: 'commands' }] }, { fn: 'effect', args: ['palette.open', { mode: 'documents' }] }])
  })
  it('switch warehouse asks for a pair then switches; cancelling does nothing', async () => {
    const picked = recorder({ warehouseId: 168, tenantId: 1, warehouseName: 'Los Angeles' })
    await cmd('shell.warehouse.switch').run!(ctx(), picked.rt)
    expect(picked.calls.at(-1)).toEqual({ fn: 'effect', args: ['warehouse.switch', { warehouseId: 168, tenantId: 1 }] })
    const cancelled = recorder(undefined)
    await cmd('shell.warehouse.switch').run!(ctx(), cancelled.rt)
    expect(cancelled.calls.map((c) => c.fn)).toEqual(['prompt'])
  })
  it('switch language offers the three languages and applies the choice', async () => {
    const { rt, calls } = recorder('es-MX')
    await cmd('shell.language.switch').run!(ctx(), rt)
    expect(calls[0]).toEqual({ fn: 'prompt', args: ['language', { options: ['zh', 'en', 'es-MX'] }] })
    expect(calls[1]).toEqual({ fn: 'effect', args: ['language.set', { language: 'es-MX' }] })
  })
  it('logout and clear cache ask for confirmation and name their effect', () => {
    expect(cmd('shell.logout').confirm).toBe('commands:confirm.shell.logout')
    expect(cmd('shell.cache.clear').confirm).toBe('commands:confirm.shell.cache.clear')
    const { rt, calls } = recorder()
    cmd('shell.logout').run!(ctx(), rt)
    expect(calls).toEqual([{ fn: 'effect', args: ['session.logout'] }])
  })
  it('force offline sends the selected row as userId and toasts the result', async () => {
    const { rt, calls } = recorder()
    await cmd('admin.user.forceOffline').run!(ctx({ selection: [{ id: 7, username: 'receiver' }] }), rt)
    expect(calls[0]).toEqual({ fn: 'callServer', args: ['admin.user.forceOffline', { userId: 7 }] })
    expect(calls[1]).toEqual({ fn: 'toast', args: ['success', 'commands:result.admin.user.forceOffline', { username: 'receiver', count: 2 }] })
  })
  it('the admin input schema names userId when it is wrong', () => {
    const input = cmd('admin.user.resetPassword').input!
    expect(input.safeParse({ userId: 3 }).success).toBe(true)
    const bad = input.safeParse({ userId: 'x' })
    expect(bad.success).toBe(false)
    expect(bad.error!.issues[0].path).toEqual(['userId'])
    expect(input.safeParse({ userId: 3, extra: 1 }).success).toBe(false)
  })
})
