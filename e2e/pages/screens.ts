// Every screen the admin can open, from the menu catalog through the same route building the
// browser uses (other systems' menus dropped, directories without screens dropped, the demo
// warehouse's filter applied: Dongguan DC, id 26, domestic). Details pages need a document number;
// the caller supplies it (`query`), the rest open bare.
import { MENU_CATALOG, buildMenuTree, buildRoutes, filterMenusByWarehouse, flattenRoutes, isExternal, LAYOUT } from '../../src/domain/menu/index'

export interface ScreenPath { path: string; component: string; title: string }

/** Full paths of every screen route (no directories, redirects, externals or the catch-all). */
export function adminScreens(warehouse = { warehouseId: 26, warehouseLocation: 1 }): ScreenPath[] {
  const tree = filterMenusByWarehouse(buildMenuTree(MENU_CATALOG), warehouse)
  return flattenRoutes(buildRoutes(tree, { roles: ['admin'] }))
    .filter((r) => r.path !== '*' && !r.redirect && r.component && r.component !== LAYOUT && !isExternal(r.path))
    .map((r) => ({ path: r.path, component: r.component!, title: r.meta.title }))
}
