// Menu catalog sync (issue 18): on every start, after the migrations, the menu table is brought in line
// with the catalog (src/domain/menu/catalog.ts) — as migrations bring the schema — so a catalog change
// (a screen's component, path, title key, order, parent, buttons, embedded-frame address …) reaches a
// database seeded by an earlier release. By stable id, in ONE transaction, under the migrations'
// advisory lock on PostgreSQL. Idempotent: a second run reads two tables and writes nothing.
//
// What it does, per catalog row, with `base` = the catalog's values as the last sync wrote them
// (table menu_catalog_sync), `row` = the stored row, `want` = the catalog's values now:
//  - no row, no base: a new catalog row → inserted, and granted to the built-in roles whose catalog
//    grants include it (src/domain/menu/roles.ts; admin: everything) — what a new database would hold;
//    custom roles are not granted new rows (an administrator decides).
//  - no row, but a base: an administrator deleted it in the menu editor → left deleted.
//  - a row: each field becomes `want` where the catalog changed it since `base` (every field when there
//    is no base: a database from before the sync, whose rows are the catalog's of its time), and keeps
//    the stored value otherwise — so an administrator's edit of a field the catalog did not change
//    survives restarts.
// Role grants (role_menu) of rows that still exist are never touched; users' favourites (user_setting
// favoriteRoutes, by path) follow a screen whose full path changed.
// Rows the catalog dropped (a base, no longer in the catalog): deleted with their grants when nothing
// else hangs below them; a row that still has children (an administrator's, say) is hidden instead and
// deleted by a later sync once it has none. Rows without a base that the catalog does not know (an
// administrator's, ids from 10 000 000 up or chosen by hand) are never touched.
import { sql } from 'drizzle-orm'
import type { AppTx, Database } from './client'
import { menu, menuCatalogSync, role, roleMenu, userSetting } from './schema/index'
import { MENU_CATALOG } from '../../domain/menu/catalog'
import { joinPath } from '../../domain/menu/routes'
import { ROLE_LIST, roleGrantIds } from '../../domain/menu/roles'
import type { MenuEntry } from '../../domain/menu/types'

/** The migrations' advisory lock (migrate.ts): two servers starting on one PostgreSQL sync one after the other. */
export const MIGRATION_LOCK = 7305117
/** tableKey of the users' favourite routes (spec section 3). */
const FAVOURITES_KEY = 'favoriteRoutes'

type MenuInsert = typeof menu.$inferInsert
/** The synced fields of a menu row (everything but the id). */
export type MenuValues = Required<Omit<MenuInsert, 'id'>>
const FIELDS = ['parentId', 'type', 'code', 'name', 'title', 'path', 'component', 'redirect', 'icon', 'sort', 'hidden', 'authority', 'system', 'iframeUrl', 'meta'] as const satisfies readonly (keyof MenuValues)[]

/** A catalog entry as the menu row it is stored as. */
export function catalogMenuValues(m: MenuEntry): MenuValues {
  return {
    parentId: m.parentId, type: m.type, code: m.code, name: m.name, title: m.title, path: m.path, component: m.component,
    redirect: m.redirect, icon: m.icon, sort: m.sort, hidden: m.hidden, authority: m.authority, system: m.system,
    iframeUrl: m.iframeUrl, meta: { ...m.meta } as Record<string, unknown>,
  }
}

/** Stable JSON (sorted keys): jsonb hands keys back in its own order. */
function canon(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canon((v as Record<string, unknown>)[k])}`).join(',')}}`
  return JSON.stringify(v ?? null)
}
const same = (a: unknown, b: unknown) => canon(a) === canon(b)

export interface MenuSyncResult {
  inserted: number[]
  updated: number[]
  deleted: number[]
  hidden: number[]
  /** Grants given to built-in roles for inserted rows. */
  granted: number
  /** Favourites whose path followed a moved screen. */
  favourites: number
}

export async function syncMenuCatalog(database: Database, catalog: readonly MenuEntry[] = MENU_CATALOG): Promise<MenuSyncResult> {
  return database.tx(async (tx) => {
    if (database.kind === 'postgres') await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`)
    return syncInTx(tx, catalog)
  })
}

async function syncInTx(tx: AppTx, catalog: readonly MenuEntry[]): Promise<MenuSyncResult> {
  const out: MenuSyncResult = { inserted: [], updated: [], deleted: [], hidden: [], granted: 0, favourites: 0 }
  const stored = new Map((await tx.select().from(menu)).map((r) => [r.id, r]))
  const bases = new Map((await tx.select({ id: menuCatalogSync.id, synced: menuCatalogSync.synced }).from(menuCatalogSync)).map((r) => [r.id, r.synced as Partial<MenuValues>]))
  const before = fullPaths(stored)

  const records: { id: number; synced: MenuValues }[] = []
  const inserts: (MenuValues & { id: number })[] = []
  // Parents come before their children in the catalog, so `exists` knows whether a parent will be there.
  const exists = new Set(stored.keys())
  for (const entry of catalog) {
    const want = catalogMenuValues(entry)
    const base = bases.get(entry.id)
    const row = stored.get(entry.id)
    const unchanged = !!base && same(base, want)
    if (!unchanged) records.push({ id: entry.id, synced: want })
    if (!row) {
      // Deleted by an administrator (a base, no row), or below a deleted parent: stays away.
      if (base || (want.parentId !== null && !exists.has(want.parentId))) continue
      inserts.push({ id: entry.id, ...want })
      exists.add(entry.id)
      continue
    }
    if (unchanged) continue // the catalog did not change this row: the stored one (edits included) stands
    const next: Partial<MenuValues> = {}
    for (const f of FIELDS) {
      const value = !base || !same(base[f], want[f]) ? want[f] : row[f]
      if (!same(value, row[f])) (next as Record<string, unknown>)[f] = value
    }
    // A parent the catalog names but the table lacks (deleted by an administrator): keep the row where it is.
    if (next.parentId !== undefined && next.parentId !== null && !exists.has(next.parentId)) delete next.parentId
    if (Object.keys(next).length) {
      await tx.update(menu).set(next).where(sql`${menu.id} = ${entry.id}`)
      stored.set(entry.id, { ...row, ...next } as typeof row)
      out.updated.push(entry.id)
    }
  }
  for (let i = 0; i < inserts.length; i += 200) await tx.insert(menu).values(inserts.slice(i, i + 200))
  for (const r of inserts) stored.set(r.id, r as never)
  out.inserted = inserts.map((r) => r.id)

  // Rows the catalog dropped, deepest first: deleted when no other row hangs below them, else hidden.
  const inCatalog = new Set(catalog.map((m) => m.id))
  const dropped = [...bases.keys()].filter((id) => !inCatalog.has(id))
  const depth = (id: number) => { let d = 0; for (let p = stored.get(id)?.parentId; p != null && d < 100; p = stored.get(p)?.parentId) d++; return d }
  for (const id of dropped.sort((a, b) => depth(b) - depth(a))) {
    const row = stored.get(id)
    if (!row) { await tx.delete(menuCatalogSync).where(sql`${menuCatalogSync.id} = ${id}`); continue }
    const hasChildren = [...stored.values()].some((r) => r.parentId === id)
    if (hasChildren) {
      if (!row.hidden || (row.meta as Record<string, unknown>)?.hidden !== true) {
        await tx.update(menu).set({ hidden: true, meta: { ...(row.meta as Record<string, unknown>), hidden: true } }).where(sql`${menu.id} = ${id}`)
        out.hidden.push(id)
      }
      continue
    }
    await tx.delete(menu).where(sql`${menu.id} = ${id}`) // its grants go with it (ON DELETE CASCADE)
    await tx.delete(menuCatalogSync).where(sql`${menuCatalogSync.id} = ${id}`)
    stored.delete(id)
    out.deleted.push(id)
  }

  for (let i = 0; i < records.length; i += 200) {
    await tx.insert(menuCatalogSync).values(records.slice(i, i + 200))
      .onConflictDoUpdate({ target: menuCatalogSync.id, set: { synced: sql`excluded.synced`, syncedAt: sql`now()` } })
  }
  if (inserts.length) out.granted = await grantNewRows(tx, catalog, new Set(out.inserted))
  out.favourites = await followMovedFavourites(tx, before, fullPaths(stored), stored)
  return out
}

/** Grants new rows (and the ancestors that connect them) to the built-in roles whose catalog grants include them. */
async function grantNewRows(tx: AppTx, catalog: readonly MenuEntry[], inserted: ReadonlySet<number>): Promise<number> {
  const roles = await tx.select({ id: role.id, code: role.code }).from(role)
  const builtIn = new Set(ROLE_LIST.map((r) => r.code))
  const byId = new Map(catalog.map((m) => [m.id, m]))
  const values: { roleId: number; menuId: number }[] = []
  for (const r of roles) {
    if (!builtIn.has(r.code)) continue
    const ids = roleGrantIds(r.code, catalog)
    const want = new Set<number>()
    for (const id of inserted) {
      if (!ids.has(id)) continue
      for (let p: number | null | undefined = id; p != null && ids.has(p); p = byId.get(p)?.parentId) want.add(p)
    }
    for (const menuId of want) values.push({ roleId: r.id, menuId })
  }
  for (let i = 0; i < values.length; i += 500) await tx.insert(roleMenu).values(values.slice(i, i + 500)).onConflictDoNothing()
  return values.length
}

type StoredRow = { id: number; parentId: number | null; path: string; code: string; title: string; type: string }

/** Full route path of every screen row (parent paths joined), as the route builder computes them. */
function fullPaths(rows: ReadonlyMap<number, StoredRow>): Map<number, string> {
  const memo = new Map<number, string>()
  const full = (id: number, guard = 0): string => {
    const hit = memo.get(id)
    if (hit !== undefined) return hit
    const r = rows.get(id)
    if (!r) return ''
    const p = r.parentId != null && guard < 100 ? full(r.parentId, guard + 1) : ''
    const v = joinPath(p, r.path)
    memo.set(id, v)
    return v
  }
  const out = new Map<number, string>()
  for (const r of rows.values()) if (r.type === 'M') out.set(r.id, full(r.id))
  return out
}

interface Favourite { fullPath?: string; name?: string; path?: string; meta?: { title?: string } & Record<string, unknown> }

/**
 * Favourites are kept by path (spec: favoriteRoutes as a JSON string per user): a screen the catalog
 * moved keeps its place in every user's favourites, under its new path, name and title.
 */
async function followMovedFavourites(tx: AppTx, before: Map<number, string>, after: Map<number, string>, rows: ReadonlyMap<number, StoredRow>): Promise<number> {
  const moved = new Map<string, StoredRow & { to: string }>()
  for (const [id, from] of before) {
    const to = after.get(id)
    const r = rows.get(id)
    if (to && r && to !== from) moved.set(from, { ...r, to })
  }
  if (!moved.size) return 0
  const settings = await tx.select({ userId: userSetting.userId, config: userSetting.config }).from(userSetting).where(sql`${userSetting.tableKey} = ${FAVOURITES_KEY}`)
  let changed = 0
  for (const s of settings) {
    let list: unknown
    try { list = JSON.parse(s.config) } catch { continue } // a bad stored value is the reader's problem, not the start's
    if (!Array.isArray(list)) continue
    let touched = false
    const next = (list as Favourite[]).map((f) => {
      const m = f && typeof f.path === 'string' ? moved.get(f.path) : undefined
      if (!m) return f
      touched = true
      changed++
      const query = typeof f.fullPath === 'string' && f.fullPath.startsWith(`${f.path}?`) ? f.fullPath.slice(f.path!.length) : ''
      return { ...f, path: m.to, fullPath: `${m.to}${query}`, name: m.code, meta: { ...f.meta, title: m.title } }
    })
    if (touched) {
      await tx.update(userSetting).set({ config: JSON.stringify(next), updatedAt: sql`now()` })
        .where(sql`${userSetting.userId} = ${s.userId} AND ${userSetting.tableKey} = ${FAVOURITES_KEY}`)
    }
  }
  return changed
}
