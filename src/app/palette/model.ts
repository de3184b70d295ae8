// What the palette lists, independent of React: the ranked index per (registry, language,
// permissions) and the grouping of rows (recent first with an empty query, ranked otherwise: Fuse's
// results re-ranked by what the query names and by the current page and selection, rank.ts).
import { holds, type CommandContext, type CommandDef, type CommandRegistry, type CommandSection, type EnabledResult } from '../../domain/commands'
import { buildEntries, PaletteIndex, searchPalette, type PaletteEntry } from './rank'

/** Rendered rows are capped: the list stays cheap to render and to move through. */
export const MAX_ROWS = 50

export const SECTION_ORDER: readonly CommandSection[] = ['navigation', 'document', 'status', 'grid', 'admin', 'scan', 'shell', 'help']

interface Cached { language: string; permissions: ReadonlySet<string>; roles: readonly string[]; index: PaletteIndex }
const cache = new WeakMap<CommandRegistry, Cached>()

/**
 * The palette's index, rebuilt only when the registry (menus), the language or the permissions
 * change — never per keystroke. Holds every command whose permission the user has; `when` and
 * `enabled` are checked against the live context when listing.
 */
export function paletteIndexFor(registry: CommandRegistry, ctx: Pick<CommandContext, 'permissions' | 'roles'>, language: string, t: (key: string) => string): PaletteIndex {
  const c = cache.get(registry)
  if (c && c.language === language && c.permissions === ctx.permissions && c.roles === ctx.roles) return c.index
  const index = new PaletteIndex(buildEntries(registry.all().filter((d) => holds(d.permission, ctx)), t))
  cache.set(registry, { language, permissions: ctx.permissions, roles: ctx.roles, index })
  return index
}

export interface PaletteRow { entry: PaletteEntry; enabled: EnabledResult }
export interface PaletteGroup { id: string; /** i18n key of the heading */ heading: string; rows: PaletteRow[] }
export interface PaletteListing { groups: PaletteGroup[]; shown: number; total: number }

export interface ListOptions {
  visible: (e: PaletteEntry) => boolean
  enabled: (e: PaletteEntry) => EnabledResult
  /** Ids of recently run commands, newest first. */
  recent: readonly string[]
  /** 'menu': screens only. */
  mode: 'commands' | 'menu'
  limit?: number
  /** The live context: its page's and selection's commands rank first for their verbs (rank.ts `rerank`). */
  ctx?: CommandContext
}

/** A route no screen has: a `when` that hides a command there ties it to the pages that show it. */
const NOWHERE = '/\u0000'

/**
 * Is this command one of the current page's (its resource's screen, or a `when` tied to this route)
 * with its selection in place (one row for 'one', some for 'many')? Navigation entries are not.
 */
export function belongsHere(def: CommandDef<any>, ctx: CommandContext): boolean {
  if (def.section === 'navigation') return false
  if (def.selection === 'one' && ctx.selection.length !== 1) return false
  if (def.selection === 'many' && ctx.selection.length < 1) return false
  const route = ctx.route.split(/[?#]/)[0]
  if (def.page !== undefined) return def.page === route
  if (!def.when || !route) return false
  return def.when(ctx) && !def.when({ ...ctx, route: NOWHERE })
}

export function listPalette(index: PaletteIndex, query: string, opts: ListOptions): PaletteListing {
  const limit = opts.limit ?? MAX_ROWS
  const accept = opts.mode === 'menu' ? (e: PaletteEntry) => e.section === 'navigation' && opts.visible(e) : opts.visible
  const row = (entry: PaletteEntry): PaletteRow => ({ entry, enabled: opts.enabled(entry) })

  if (!query.trim()) {
    const byId = new Map(index.entries.map((e) => [e.id, e]))
    const recent = opts.recent.map((id) => byId.get(id)).filter((e): e is PaletteEntry => !!e && accept(e))
    const recentIds = new Set(recent.map((e) => e.id))
    const groups: PaletteGroup[] = []
    let shown = 0
    if (recent.length) {
      const rows = recent.slice(0, limit).map(row)
      groups.push({ id: 'recent', heading: 'palette:recent', rows })
      shown += rows.length
    }
    let total = recent.length
    const bySection = new Map<CommandSection, PaletteEntry[]>()
    for (const e of index.entries) {
      if (recentIds.has(e.id) || !accept(e)) continue
      total++
      const list = bySection.get(e.section) ?? []
      list.push(e)
      bySection.set(e.section, list)
    }
    for (const section of SECTION_ORDER) {
      const list = bySection.get(section)
      if (!list || shown >= limit) continue
      const rows = list.slice(0, limit - shown).map(row)
      groups.push({ id: section, heading: `palette:sections.${section}`, rows })
      shown += rows.length
    }
    return { groups, shown, total }
  }

  const ctx = opts.ctx
  const memo = new Map<string, boolean>()
  const here = ctx ? (e: PaletteEntry) => memo.get(e.id) ?? (memo.set(e.id, belongsHere(e.def, ctx)), memo.get(e.id)!) : undefined
  const ranked = searchPalette(index, query, { limit, accept, prefer: opts.recent, here })
  // Groups appear in the order of their best match; rows keep their rank inside a group.
  const groups: PaletteGroup[] = []
  const bySection = new Map<string, PaletteGroup>()
  for (const r of ranked) {
    let g = bySection.get(r.entry.section)
    if (!g) {
      g = { id: r.entry.section, heading: `palette:sections.${r.entry.section}`, rows: [] }
      bySection.set(r.entry.section, g)
      groups.push(g)
    }
    g.rows.push(row(r.entry))
  }
  return { groups, shown: ranked.length, total: ranked.length }
}

/** Label of an entry: navigation entries show the title breadcrumb joined with ' > ' (spec, header search). */
export function entryLabel(e: PaletteEntry): string {
  return e.titles.join(' > ')
}
