// Menu endpoints (spec section 7 "Session and shell"): the user's menu tree, the buttons granted under
// one menu, one menu node. Rows come from the `menu` table (administrators may change them), filtered
// by the caller's role grants and, for the tree, by the current warehouse (spec section 2).
import { z } from 'zod'
import { and, eq, inArray } from 'drizzle-orm'
import type { Area } from '../../http/area'
import type { AppDb } from '../../db/client'
import { menu, role, roleMenu, warehouse } from '../../db/schema/index'
import { defineRoute, registerRoutes } from '../../http/route'
import { notFound } from '../../http/errors'
import type { AuthContext } from '../../http/context'
import { ADMIN_ROLE } from '../../../domain/permissions'
import { buildMenuTree, menuNode, type MenuRow } from '../../../domain/menu/tree'
import { filterMenusByWarehouse } from '../../../domain/menu/routes'
import type { MenuNode } from '../../../domain/menu/types'

const isAdmin = (auth: AuthContext) => auth.roles.includes(ADMIN_ROLE)

/** Menu ids granted to the caller's (active) roles; undefined = everything (admin). */
async function grantedMenuIds(db: AppDb, auth: AuthContext): Promise<Set<number> | undefined> {
  if (isAdmin(auth)) return undefined
  if (auth.roles.length === 0) return new Set()
  const rows = await db.selectDistinct({ id: roleMenu.menuId }).from(roleMenu)
    .innerJoin(role, eq(role.id, roleMenu.roleId))
    .where(and(inArray(role.code, auth.roles), eq(role.status, 1)))
  return new Set(rows.map((r) => r.id))
}

const granted = (ids: Set<number> | undefined, id: number) => !ids || ids.has(id)

async function allRows(db: AppDb): Promise<MenuRow[]> {
  return await db.select({
    id: menu.id, parentId: menu.parentId, type: menu.type, code: menu.code, name: menu.name, title: menu.title,
    path: menu.path, component: menu.component, redirect: menu.redirect, icon: menu.icon, sort: menu.sort,
    hidden: menu.hidden, iframeUrl: menu.iframeUrl, meta: menu.meta,
  }).from(menu)
}

const MenuIdParams = z.object({ menuId: z.coerce.number().int().positive() })
const IdParams = z.object({ id: z.coerce.number().int().positive() })

export const menusArea: Area = (app, { db }) => {
  const treeCache = new Map<string, MenuNode[]>()
  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/wms-plus-base/common/pms/user/menus',
      summary: 'Menu tree of the current user (menus and redirects, no buttons), filtered by role grants and warehouse',
      tags: ['session'],
      envelope: 'main',
      auth: 'scoped',
      handler: async ({ auth }) => {
        const wh = await db.select({ location: warehouse.warehouseLocation }).from(warehouse).where(eq(warehouse.id, auth.warehouseId))
        const location = wh[0]?.location ?? 1
        // The tree depends only on the grants (versioned: any role/grant/menu change bumps it), the roles
        // and the warehouse; every sign-in and warehouse switch asks for it, so it is cached on that key.
        const key = `${auth.grantsVersion}|${[...auth.roles].sort().join(',')}|${auth.warehouseId}|${location}`
        const hit = treeCache.get(key)
        if (hit) return { menus: hit }
        const [ids, rows] = await Promise.all([grantedMenuIds(db, auth), allRows(db)])
        const tree = buildMenuTree(rows.filter((r) => r.type !== 'B' && granted(ids, r.id)))
        const menus = filterMenusByWarehouse(tree, { warehouseId: auth.warehouseId, warehouseLocation: location })
        if (treeCache.size >= 200) treeCache.clear()
        treeCache.set(key, menus)
        return { menus }
      },
    }),

    defineRoute({
      method: 'GET',
      url: '/wms-plus-base/common/pms/user/menu/res/:menuId',
      summary: 'Button permission codes granted under one menu, plus skipAuth (true only for admin)',
      tags: ['session'],
      envelope: 'main',
      auth: 'scoped',
      params: MenuIdParams,
      handler: async ({ auth, params }) => {
        const ids = await grantedMenuIds(db, auth)
        const [owner] = await db.select({ id: menu.id }).from(menu).where(eq(menu.id, params.menuId))
        if (!owner || !granted(ids, owner.id)) throw notFound('menu:errors.notFound', { id: params.menuId })
        const buttons = await db.select({ id: menu.id, authority: menu.authority, code: menu.code, sort: menu.sort })
          .from(menu).where(and(eq(menu.parentId, params.menuId), eq(menu.type, 'B')))
        const res = buttons
          .filter((b) => granted(ids, b.id))
          .sort((a, b) => a.sort - b.sort || a.id - b.id)
          .map((b) => ({ code: b.authority ?? b.code }))
        return { res, skipAuth: isAdmin(auth) }
      },
    }),

    defineRoute({
      method: 'GET',
      url: '/pms-console/menu/:id',
      summary: 'One menu node with its subtree (buttons included); 404 when unknown or not granted',
      tags: ['session'],
      envelope: 'main',
      auth: 'scoped',
      params: IdParams,
      handler: async ({ auth, params }) => {
        const [ids, rows] = await Promise.all([grantedMenuIds(db, auth), allRows(db)])
        const row = rows.find((r) => r.id === params.id)
        // Not granted reads the same as unknown: the menu's existence is not disclosed.
        if (!row || !granted(ids, row.id)) throw notFound('menu:errors.notFound', { id: params.id })
        const visible = rows.filter((r) => granted(ids, r.id))
        const level = depth(rows, row)
        const node: MenuNode = { ...menuNode(row, level), children: relevel(buildMenuTree(visible, row.id), level + 1) }
        return node
      },
    }),
  ])
}

function depth(rows: readonly MenuRow[], row: MenuRow): number {
  const byId = new Map(rows.map((r) => [r.id, r]))
  let level = 1
  for (let p = row.parentId; p !== null && byId.has(p); p = byId.get(p)!.parentId) level++
  return level
}

/** buildMenuTree numbers levels from 1 at its root; shift them to the node's real depth. */
function relevel(nodes: MenuNode[], level: number): MenuNode[] {
  return nodes.map((n) => ({ ...n, level, children: relevel(n.children ?? [], level + 1) }))
}
