// Navigation commands: one per screen of the user's built routes (src/domain/menu/routes.ts: full
// paths, other systems' menus and role-restricted routes removed), so every menu entry is reachable
// from the palette. Rebuilt only when the menu tree changes — never per keystroke.
import { defineCommand, type CommandDef } from '../src/domain/commands'
import { buildRoutes, joinPath } from '../src/domain/menu/routes'
import { LAYOUT, type MenuNode, type RouteRecord } from '../src/domain/menu/types'

/** The menu tree of GET /wms-plus-base/common/pms/user/menus (spec section 3 "Menu node"). */
export type NavMenuNode = MenuNode
export { joinPath }

export const NAV_PREFIX = 'nav.'

export interface NavigationOptions {
  /** The user's roles for the route meta-roles filter. Omitted: the tree is taken as already filtered. */
  roles?: readonly string[]
}

const isScreen = (r: RouteRecord) => !!r.component && r.component !== LAYOUT && !r.redirect && !r.hidden && !r.meta.hidden && r.path !== '*'

/**
 * One `nav.<code>` command per visible screen: title = the menu title key, keywords = [full path,
 * ...parent title keys] (keywords[0] is always the path), permission `menu:<code>`, run navigates.
 */
export function navigationCommands(menuTree: readonly NavMenuNode[], opts: NavigationOptions = {}): CommandDef[] {
  // Without roles the server's grant filtering stands alone; 'admin' makes the builder skip its role filter.
  const routes = buildRoutes(menuTree, { roles: opts.roles ?? ['admin'] })
  const out: CommandDef[] = []
  const seen = new Set<string>()
  const walk = (nodes: readonly RouteRecord[], parentTitles: string[]) => {
    for (const r of nodes) {
      if (r.hidden || r.meta.hidden) continue // hidden pages (details, add) need a document: not destinations
      if (isScreen(r) && !seen.has(r.name)) {
        seen.add(r.name)
        const path = r.path
        out.push(defineCommand({
          id: `${NAV_PREFIX}${r.name}`,
          title: r.meta.title,
          section: 'navigation',
          keywords: [path, ...parentTitles],
          permission: `menu:${r.name}`,
          run: (_ctx, rt) => rt.navigate(path),
        }))
      }
      walk(r.children, r.meta.title ? [...parentTitles, r.meta.title] : parentTitles)
    }
  }
  walk(routes, [])
  return out
}
