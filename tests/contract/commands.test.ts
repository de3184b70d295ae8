// The command catalog's contract (ARCHITECTURE.md "Declarations"): unique ids, every title/confirm
// key in zh/en/es-MX, no shortcut clash within one focus scope, every `server: true` command has
// exactly one server handler and every handler a server command, every permission code exists in
// the menu catalog (or is `self:`), and the navigation commands of the full menu catalog are titled.
import { describe, it, expect } from 'vitest'
import { ALL_COMMANDS, commandRegistry, navigationCommands, type NavMenuNode, type ShellPanel } from '../../commands/index'
import { CommandRegistry, SELF_PERMISSION_PREFIX, shortcutClashes, type CommandDef } from '../../src/domain/commands'
import { MENU_CATALOG, PERMISSION_CATALOG } from '../../src/domain/menu/catalog'
import { buildMenuTree } from '../../src/domain/menu/tree'
import { HandlerRegistry, handlerMismatches, handlerRegistry } from '../../src/server/commands/index'
// The composition root's list of areas: importing it registers every area's handlers (as the server does).
import '../../src/server/areas/index'
import type { PanelId } from '../../src/app/state/ui'
import { LANGS, loadLocales } from '../helpers/locales'

// Compile-time: the panels commands may open are exactly the shell's PanelId (tsc fails otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const panelsAgree: Same<ShellPanel, PanelId> = true

const locales = loadLocales()

/** A key is there as itself or, for a count message, as its plural forms (its `_other` form: every language has one). */
function missingKeys(keys: readonly string[]): string[] {
  return LANGS.flatMap((l) => keys.filter((k) => !locales[l][k] && !locales[l][`${k}_other`]).map((k) => `${l} ${k}`))
}

/** The full menu catalog as the tree the server sends an admin (buttons are fetched per menu). */
const fullMenuTree = (): NavMenuNode[] => buildMenuTree(MENU_CATALOG.filter((m) => m.type !== 'B'))

describe('command catalog contract', () => {
  it('ids are unique (the registry throws on a duplicate)', () => {
    expect(new Set(ALL_COMMANDS.map((c) => c.id)).size).toBe(ALL_COMMANDS.length)
    expect(() => new CommandRegistry([...ALL_COMMANDS, ALL_COMMANDS[0]])).toThrow(/duplicate command id/)
  })

  it('ids are dotted and titles live in the commands namespace under the id', () => {
    for (const c of ALL_COMMANDS) {
      expect(c.id, c.id).toMatch(/^[a-z][a-zA-Z]*(\.[a-z][a-zA-Z]*)+$/)
      // Generated resource commands carry generated titles (src/server/resources/titles.ts).
      expect(c.title, c.id).toBe(c.id.startsWith('resource.') ? `resources:command.${c.id.slice('resource.'.length)}` : `commands:${c.id}`)
    }
  })

  it('every title and confirm key exists in zh, en and es-MX', () => {
    const keys = ALL_COMMANDS.flatMap((c) => [c.title, ...(c.confirm ? [c.confirm] : [])])
    expect(missingKeys(keys)).toEqual([])
  })

  it('no two commands fight over a shortcut in one focus scope (global overlaps every scope)', () => {
    expect(shortcutClashes(ALL_COMMANDS)).toEqual([])
    expect(shortcutClashes([...ALL_COMMANDS, ...navigationCommands(fullMenuTree())])).toEqual([])
  })

  it('every server command has exactly one handler and every handler a server command', () => {
    expect(handlerMismatches(commandRegistry, handlerRegistry)).toEqual([])
    expect(ALL_COMMANDS.filter((c) => c.server).map((c) => c.id).sort()).toEqual(handlerRegistry.ids().sort())
    // Server commands carry an input schema: the server parses args with the same one.
    for (const c of ALL_COMMANDS.filter((x) => x.server)) expect(c.input, c.id).toBeDefined()
  })

  it('the handler check really reports both directions and duplicate handlers throw', () => {
    const reg = new HandlerRegistry()
    reg.define('admin.user.forceOffline', async () => null)
    reg.define('shell.logout', async () => null)
    reg.define('no.such.command', async () => null)
    expect(() => reg.define('admin.user.forceOffline', async () => null)).toThrow(/duplicate command handler/)
    // Every server command but the one defined above is reported missing (the list grows with the catalog).
    const missing = ALL_COMMANDS.filter((c) => c.server && c.id !== 'admin.user.forceOffline').map((c) => `server command without handler: ${c.id}`)
    expect(missing).toContain('server command without handler: admin.user.resetPassword')
    expect(handlerMismatches(commandRegistry, reg).sort()).toEqual([
      'handler for a browser-only command: shell.logout',
      'handler without command: no.such.command',
      ...missing,
    ].sort())
  })

  it('every permission code exists in the menu catalog or starts with self:', () => {
    expect(PERMISSION_CATALOG.size).toBeGreaterThan(0)
    const unknown = ALL_COMMANDS.map((c) => c.permission).filter((p) => !p.startsWith(SELF_PERMISSION_PREFIX) && !PERMISSION_CATALOG.has(p))
    expect(unknown).toEqual([])
  })

  it('navigation commands of the full menu catalog are titled in every language and hold catalog codes', () => {
    const nav: CommandDef[] = navigationCommands(fullMenuTree())
    expect(nav.length).toBeGreaterThan(50)
    expect(() => new CommandRegistry([...ALL_COMMANDS, ...nav])).not.toThrow()
    expect(missingKeys(nav.map((c) => c.title))).toEqual([])
    expect(nav.filter((c) => !PERMISSION_CATALOG.has(c.permission)).map((c) => c.id)).toEqual([])
    // Route building drops other systems' menus (spec section 2), so the palette never offers them.
    expect(nav.map((c) => c.id)).not.toContain('nav.oms-orders')
    expect(nav.map((c) => c.id)).toContain('nav.inbound-order')
  })

  it('the shell panels named by commands exist', () => {
    expect(panelsAgree).toBe(true)
  })
})
