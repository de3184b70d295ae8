// Inserts the menu catalog, the demo roles and their role_menu grants (demo data contract) into a new
// database. Idempotent (ON CONFLICT DO NOTHING). Catalog changes of later releases reach existing
// databases through the menu sync that runs after the migrations on every start (menu-sync.ts).
import { inArray } from 'drizzle-orm'
import type { AppTx } from './client'
import { menu, role, roleMenu } from './schema/index'
import { MENU_CATALOG } from '../../domain/menu/catalog'
import { ROLE_LIST, roleGrantIds } from '../../domain/menu/roles'
import { catalogMenuValues } from './menu-sync'

export { ROLE_LIST }

export async function seedMenusAndRoles(tx: AppTx): Promise<void> {
  const rows = MENU_CATALOG.map((m) => ({ id: m.id, ...catalogMenuValues(m) }))
  // Parents come first in the catalog, so the parent_id foreign key holds row by row.
  for (let i = 0; i < rows.length; i += 200) {
    await tx.insert(menu).values(rows.slice(i, i + 200)).onConflictDoNothing()
  }

  await tx.insert(role).values(ROLE_LIST.map((r) => ({ code: r.code, name: r.code, dataScope: r.dataScope }))).onConflictDoNothing()
  const roles = await tx.select({ id: role.id, code: role.code }).from(role).where(inArray(role.code, ROLE_LIST.map((r) => r.code)))
  for (const r of roles) {
    const grants = [...roleGrantIds(r.code)].map((menuId) => ({ roleId: r.id, menuId }))
    for (let i = 0; i < grants.length; i += 500) {
      await tx.insert(roleMenu).values(grants.slice(i, i + 500)).onConflictDoNothing()
    }
  }
}
