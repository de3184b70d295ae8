// The browser's command registry: the static catalog plus one navigation command per screen of the
// user's menu tree. Rebuilt only when the menu tree changes (KeyboardRoot memoizes on its identity),
// never per render or keystroke. Non-React code (buttons, the runtime) reads the active one.
import { createContext, useContext } from 'react'
import { CommandRegistry, type CommandDef } from '../../domain/commands'
import { ALL_COMMANDS, navigationCommands, type NavMenuNode } from '../../../commands'

export function buildRegistry(menus: readonly NavMenuNode[], roles?: readonly string[], base: readonly CommandDef<any>[] = ALL_COMMANDS): CommandRegistry {
  const registry = new CommandRegistry(base)
  for (const def of navigationCommands(menus, { roles })) {
    // A menu code colliding with a catalog id is a data error: report it, keep the console usable.
    try { registry.register(def) } catch (e) { console.error(e) }
  }
  return registry
}

let active = new CommandRegistry(ALL_COMMANDS)

export function getActiveRegistry(): CommandRegistry { return active }
export function setActiveRegistry(r: CommandRegistry): void { active = r }

export const RegistryContext = createContext<CommandRegistry | null>(null)

export function useCommandRegistry(): CommandRegistry {
  return useContext(RegistryContext) ?? active
}

const pathsCache = new WeakMap<CommandRegistry, Set<string>>()

/** Route paths of the navigation commands (their keywords[0] is the full path); cached per registry. */
export function navigationPaths(r: CommandRegistry): Set<string> {
  let out = pathsCache.get(r)
  if (!out) {
    out = new Set<string>()
    for (const d of r.all()) if (d.section === 'navigation' && d.id.startsWith('nav.') && d.keywords?.[0]) out.add(d.keywords[0])
    pathsCache.set(r, out)
  }
  return out
}
