// Every screen the admin can open, from the menu catalog through the same route building the
// browser uses (other systems' menus dropped, directories without screens dropped, the demo
// warehouse's filter applied: Dongguan DC, id 26, domestic). Details pages need a document number;
// the caller supplies it (`query`), the rest open bare.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MENU_CATALOG, buildMenuTree, buildRoutes, filterMenusByWarehouse, flattenRoutes, isExternal, LAYOUT, type RouteRecord } from '../../src/domain/menu/index'
import { ALL_RESOURCES } from '../../src/domain/resources/index'

export interface ScreenPath { path: string; component: string; title: string }

/** Full paths of every screen route (no directories, redirects, externals or the catch-all). */
export function adminScreens(warehouse = { warehouseId: 26, warehouseLocation: 1 }): ScreenPath[] {
  const tree = filterMenusByWarehouse(buildMenuTree(MENU_CATALOG), warehouse)
  return flattenRoutes(buildRoutes(tree, { roles: ['admin'] }))
    .filter((r) => r.path !== '*' && !r.redirect && r.component && r.component !== LAYOUT && !isExternal(r.path))
    .map((r) => ({ path: r.path, component: r.component!, title: r.meta.title }))
}

/** Component keys that render a real page: registerScreen calls of the page registry plus every resource's list screen. */
export function registeredComponents(): Set<string> {
  const src = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'app', 'pages', 'registry.ts'), 'utf8')
  const keys = new Set<string>([...src.matchAll(/registerScreen\(\s*['"`]([^'"`]+)['"`]/g)].map((m) => m[1]).filter((k) => !k.includes('<')))
  for (const r of ALL_RESOURCES) if (r.component) keys.add(r.component)
  return keys
}

/** Screens of the palette: visible menu destinations (no hidden details pages) that render a real page. */
export function paletteScreens(): (ScreenPath & { name: string; resource?: string })[] {
  const real = registeredComponents()
  const tree = filterMenusByWarehouse(buildMenuTree(MENU_CATALOG), { warehouseId: 26, warehouseLocation: 1 })
  const resourceOf = new Map(ALL_RESOURCES.filter((r) => r.component).map((r) => [r.component!, r.name]))
  const out: (ScreenPath & { name: string; resource?: string })[] = []
  const seen = new Set<string>()
  const walk = (nodes: readonly RouteRecord[]) => {
    for (const r of nodes) {
      if (r.hidden || r.meta.hidden) continue
      if (r.component && r.component !== LAYOUT && !r.redirect && r.path !== '*' && !isExternal(r.path) && real.has(r.component) && !seen.has(r.name)) {
        seen.add(r.name)
        out.push({ path: r.path, component: r.component, title: r.meta.title, name: r.name, resource: resourceOf.get(r.component) })
      }
      walk(r.children)
    }
  }
  walk(buildRoutes(tree, { roles: ['admin'] }))
  return out
}
