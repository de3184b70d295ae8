// Palette ranking (src/app/palette/rank.ts, model.ts): the spec's menu-search weights (title 0.7,
// path 0.3, threshold 0.4, max pattern 32), exact equality with a plain Fuse search, recent first,
// menu mode, the row cap; shortcut labels derived from the one shortcut string. The re-rank of Fuse's
// results (issue 18 §3) over the real catalog, menus and locale files: screens before create commands
// for a plain word or a one-letter typo, the page's and selection's commands first for their verbs. The fast path
// (bounds, pruning, bounds carried between keystrokes) is compared with a plain Fuse search over
// the benchmark's generated 10 000 entries while typing.
import { describe, it, expect } from 'vitest'
import Fuse from 'fuse.js'
import i18next from 'i18next'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CommandRegistry, commandEnabled, commandVisible, type CommandContext, type CommandDef } from '../../src/domain/commands'
import { buildEntries, PaletteIndex, FUSE_THRESHOLD, FUSE_DISTANCE, MAX_PATTERN, RERANK_WINDOW, rankTier, rerank, searchPalette, type PaletteEntry } from '../../src/app/palette/rank'
import { listPalette, paletteIndexFor, entryLabel, MAX_ROWS } from '../../src/app/palette/model'
import { ALL_COMMANDS, navigationCommands } from '../../commands/index'
import { MENU_CATALOG } from '../../src/domain/menu/catalog'
import { buildMenuTree } from '../../src/domain/menu/tree'
import { normalizeShortcut, shortcutKeys, shortcutLabel, hasCommandModifier } from '../../src/app/keys/shortcuts'
import { TYPING, realisticDefs, worstCaseDefs } from '../../bench/lib/palette-data'

const nav = (code: string, title: string, path: string, parents: string[] = []): CommandDef => ({
  id: `nav.${code}`, title, section: 'navigation', permission: `menu:${code}`, keywords: [path, ...parents],
})
const cmd = (id: string, title: string, extra: Partial<CommandDef> = {}): CommandDef => ({ id, title, section: 'shell', permission: 'self:x', ...extra })
const ident = (k: string) => k
/** The reference: one plain Fuse search over every entry, with the spec's header-search options. */
const plainFuse = (entries: PaletteEntry[]) => new Fuse<PaletteEntry>(entries, { keys: [{ name: 'titles', weight: 0.7 }, { name: 'terms', weight: 0.3 }], threshold: FUSE_THRESHOLD, location: 0, distance: FUSE_DISTANCE, minMatchCharLength: 1, includeScore: true })

describe('palette ranking', () => {
  it('weighs the title (0.7) above the path (0.3): the same words in a title beat them in a path', () => {
    const index = new PaletteIndex(buildEntries([
      nav('a', 'Carrier settings', '/inbound/receiving'),
      nav('b', 'Inbound receiving', '/system/carrier'),
    ], ident))
    const r = index.search('inbound receiving')
    expect(r.map((x) => x.entry.id)).toEqual(['nav.b', 'nav.a'])
    expect(r[0].score).toBeLessThan(r[1].score)
  })

  it('applies threshold 0.4: one typo still matches, unrelated text does not', () => {
    const index = new PaletteIndex(buildEntries([nav('wave', 'Wave picking', '/retail-outbound/wave-picking'), cmd('shell.logout', 'Log out')], ident))
    expect(index.search('wave pikcing').map((x) => x.entry.id)).toContain('nav.wave')
    expect(index.search('zzqqxx')).toEqual([])
  })

  it('searches the breadcrumb: a parent title finds the screen, labelled "Parent > Title"', () => {
    const entries = buildEntries([nav('inbound-order', 'menu:inbound', '/stock-in-new/inbound-order', ['menu:stockIn'])], (k) => ({ 'menu:inbound': 'Inbound orders', 'menu:stockIn': 'Stock in' }[k] ?? k))
    const index = new PaletteIndex(entries)
    expect(index.search('stock in').map((x) => x.entry.id)).toEqual(['nav.inbound-order'])
    expect(entryLabel(entries[0])).toBe('Stock in > Inbound orders')
    expect(entries[0].path).toBe('/stock-in-new/inbound-order')
  })

  it('finds commands by id and by keyword too', () => {
    const index = new PaletteIndex(buildEntries([cmd('admin.user.forceOffline', 'Force user offline', { keywords: ['kick'] }), cmd('shell.home', 'Go to home')], ident))
    expect(index.search('admin.user')[0].entry.id).toBe('admin.user.forceOffline')
    expect(index.search('kick')[0].entry.id).toBe('admin.user.forceOffline')
  })

  it('returns exactly what a plain Fuse search over every entry returns (ids, scores, order)', () => {
    const words = ['inbound', 'order', 'wave', 'picking', 'stock', 'count', 'review', 'shipment', 'label', 'sku', 'transfer', 'return', '出库单', 'almacén']
    let seed = 1
    const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n }
    const w = () => words[rnd(words.length)]
    const defs: CommandDef[] = []
    for (let i = 0; i < 1500; i++) {
      defs.push(i % 2 ? cmd(`${w()}.${w()}.${i}`, `${w()} ${w()} ${w()}`, { keywords: [w(), `${w()}-${w()}`] }) : nav(`s${i}`, `${w()} ${w()}`, `/${w()}/${w()}-${i}`, [`${w()} ${w()}`]))
    }
    const entries = buildEntries(defs, ident)
    const index = new PaletteIndex(entries)
    const plain = plainFuse(entries)
    // In this order on purpose: typed extensions reuse earlier LCS counts, backspace and a changed
    // character must not.
    for (const q of ['i', 'in', 'inb', 'inbound ord', 'inbound order wave', 'inbound or', 'inbound orx', 'inbound orxe', 'wvae', 'sku-', '出库', 'almacen', 'transfer return label stock']) {
      for (const limit of [5, 50]) {
        const mine = index.search(q, { limit }).map((r) => [r.entry.id, r.score])
        const theirs = plain.search(q, { limit }).map((r) => [r.item.id, r.score])
        expect(mine, `${q} / ${limit}`).toEqual(theirs)
      }
    }
    // And the work stays bounded: a selective query does not send every entry through Fuse.
    index.search('inbound order wave')
    expect(index.stats.scored).toBeLessThan(entries.length / 4)
  })

  it('uses at most 32 characters of the query (spec: max pattern 32)', () => {
    const index = new PaletteIndex(buildEntries([cmd('a.b', 'abcdefghijklmnopqrstuvwxyz0123456789')], ident))
    const long = 'abcdefghijklmnopqrstuvwxyz0123456789-and-more-text'
    expect(index.search(long)).toEqual(index.search(long.slice(0, MAX_PATTERN)))
    expect(index.search(long)).toHaveLength(1)
  })
})

describe('palette ranking over 10 000 entries while typing', () => {
  /** Every prefix of each sequence, in typing order: each keystroke extends the last query. */
  const typed = (...sequences: string[]) => sequences.flatMap((q) => Array.from(q, (_, k) => q.slice(0, k + 1)))
  // Prefix typing (the benchmark's sequences: screen names, a command id, CJK, mixed case, accents,
  // document numbers), then what breaks the chain of extensions: backspace, a changed character,
  // a typo, a paste that adds several characters at once, an unrelated query, more than 32 characters.
  const edits = ['inbound ord', 'inbound or', 'inbound ox', 'inbound oxe', 'wave pikc', 'rig', 'rights-us', 'rights-user list',
    '出库单 盘点', 'STOCK COUNT', 'almacen', 'IB 3072', '  sku  ', 'inbound order details wave picking stock count']
  const sets = [
    ['realistic', realisticDefs, [...typed(...TYPING, 'IB3072', 'Ob90'), ...edits]],
    // Thousands of near matches: fewer queries, each the expensive kind.
    ['worst case', worstCaseDefs, [...typed('inbound order', 'Almacén', 'IB40', '出库单'), ...edits.slice(0, 6)]],
  ] as const

  for (const [name, defs, queries] of sets) {
    it(`returns what a plain Fuse search returns for every query (${name} set; ids, scores, order; menu mode too)`, () => {
      const entries = buildEntries(defs(), ident)
      const index = new PaletteIndex(entries)
      const navigation = (e: PaletteEntry) => e.section === 'navigation'
      const plain = plainFuse(entries)
      const plainNav = plainFuse(entries.filter(navigation))
      let pruned = 0
      queries.forEach((q, i) => {
        // Every third keystroke lists screens only (the menu mode): the other entries skip that
        // keystroke and must catch up on the characters they missed at the next one.
        const menu = i % 3 === 2
        const limit = i % 2 ? 50 : 8
        const mine = index.search(q, { limit, accept: menu ? navigation : undefined }).map((r) => [r.entry.id, r.score])
        const theirs = (menu ? plainNav : plain).search(q.trim().slice(0, MAX_PATTERN), { limit }).map((r) => [r.item.id, r.score])
        expect(mine, `'${q}' (${menu ? 'menu' : 'all'}, top ${limit})`).toEqual(theirs)
        if (index.stats.level2 < entries.length / 2) pruned++
      })
      // The fast path is taken: most keystrokes look closely at fewer than half the entries.
      expect(pruned).toBeGreaterThan(queries.length / 2)
    }, 300_000)
  }
})

describe('palette listing', () => {
  const defs = [
    nav('home', 'Dashboard', '/'),
    nav('users', 'Users', '/rights/user'),
    cmd('shell.settings', 'Layout settings'),
    cmd('shell.logout', 'Log out'),
    cmd('shell.locked', 'Locked thing', { enabled: () => 'palette:errors.failed' }),
  ]
  const index = new PaletteIndex(buildEntries(defs, ident))
  const all = { visible: () => true, enabled: (e: PaletteEntry) => (e.def.enabled ? e.def.enabled({} as never) : true) }

  it('lists recent commands first (newest first) with an empty query, then sections', () => {
    const l = listPalette(index, '', { ...all, recent: ['shell.logout', 'nav.users'], mode: 'commands' })
    expect(l.groups[0].id).toBe('recent')
    expect(l.groups[0].rows.map((r) => r.entry.id)).toEqual(['shell.logout', 'nav.users'])
    expect(l.groups.slice(1).map((g) => g.id)).toEqual(['navigation', 'shell'])
    expect(l.groups.flatMap((g) => g.rows).filter((r) => r.entry.id === 'shell.logout')).toHaveLength(1)
  })

  it('breaks score ties in favour of recent commands when a query is typed', () => {
    const twins = new PaletteIndex(buildEntries([cmd('a.one', 'Print label'), cmd('a.two', 'Print label')], ident))
    expect(listPalette(twins, 'print', { ...all, recent: [], mode: 'commands' }).groups[0].rows.map((r) => r.entry.id)).toEqual(['a.one', 'a.two'])
    expect(listPalette(twins, 'print', { ...all, recent: ['a.two'], mode: 'commands' }).groups[0].rows.map((r) => r.entry.id)).toEqual(['a.two', 'a.one'])
  })

  it('keeps disabled commands with their reason, hides invisible ones, and the menu mode lists screens only', () => {
    const l = listPalette(index, '', { ...all, visible: (e) => e.id !== 'shell.logout', recent: [], mode: 'commands' })
    const rows = l.groups.flatMap((g) => g.rows)
    expect(rows.find((r) => r.entry.id === 'shell.locked')?.enabled).toBe('palette:errors.failed')
    expect(rows.some((r) => r.entry.id === 'shell.logout')).toBe(false)
    const menu = listPalette(index, '', { ...all, recent: ['shell.logout'], mode: 'menu' })
    expect(menu.groups.flatMap((g) => g.rows).every((r) => r.entry.section === 'navigation')).toBe(true)
  })

  it('caps the rendered rows and reports how many more there are', () => {
    const many = new PaletteIndex(buildEntries(Array.from({ length: 120 }, (_, i) => cmd(`x.c${i}`, `Command ${i}`)), ident))
    const l = listPalette(many, '', { ...all, recent: [], mode: 'commands' })
    expect(l.shown).toBe(MAX_ROWS)
    expect(l.total).toBe(120)
    expect(listPalette(many, 'command', { ...all, recent: [], mode: 'commands' }).shown).toBe(MAX_ROWS)
  })

  it('builds the index once per registry, language and permission set', () => {
    const registry = new CommandRegistry([cmd('shell.a', 'A'), { id: 'admin.b', title: 'B', section: 'admin', permission: 'rights-user:force-offline' }])
    const perms = new Set<string>()
    const roles: string[] = []
    const a = paletteIndexFor(registry, { permissions: perms, roles }, 'en', ident)
    expect(paletteIndexFor(registry, { permissions: perms, roles }, 'en', ident)).toBe(a)
    expect(a.entries.map((e) => e.id)).toEqual(['shell.a']) // no permission: not even indexed
    const granted = paletteIndexFor(registry, { permissions: new Set(['rights-user:force-offline']), roles }, 'en', ident)
    expect(granted).not.toBe(a)
    expect(granted.entries.map((e) => e.id)).toEqual(['shell.a', 'admin.b'])
    expect(paletteIndexFor(registry, { permissions: perms, roles }, 'zh', ident)).not.toBe(granted)
  })
})

describe('shortcut labels', () => {
  it('derive from the one shortcut string per platform', () => {
    expect(shortcutLabel('$mod+k', false)).toBe('Ctrl+K')
    expect(shortcutLabel('$mod+k', true)).toBe('⌘K')
    expect(shortcutLabel('$mod+shift+w', false)).toBe('Ctrl+Shift+W')
    expect(shortcutLabel('g h', false)).toBe('G H')
    expect(shortcutKeys('Shift+?', true)).toEqual([['⇧', '?']])
    expect(shortcutLabel('Enter', false)).toBe('↵')
  })
  it('normalize modifiers so tinykeys can match them, and tell typing keys from commands', () => {
    expect(normalizeShortcut('$mod+shift+k')).toBe('$mod+Shift+k')
    expect(normalizeShortcut('ctrl+alt+Delete')).toBe('Control+Alt+Delete')
    expect(hasCommandModifier('Shift+?')).toBe(false)
    expect(hasCommandModifier('g h')).toBe(false)
    expect(hasCommandModifier('$mod+k')).toBe(true)
  })
})

describe('ranking what people mean (issue 18 §3): the real catalog and menus, translated', () => {
  // The admin's palette: every command of the catalog and a navigation entry per screen of the full
  // menu catalog, titled by the real locale files (i18next with the console's options).
  const ROOT = join(__dirname, '..', '..', 'locales')
  const resources: Record<string, Record<string, Record<string, string>>> = {}
  for (const l of ['zh', 'en', 'es-MX']) {
    resources[l] = {}
    for (const f of readdirSync(join(ROOT, l)).filter((x) => x.endsWith('.json'))) resources[l][f.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(ROOT, l, f), 'utf8'))
  }
  const i18n = i18next.createInstance()
  void i18n.init({ resources, lng: 'en', fallbackLng: 'en', defaultNS: 'common', nsSeparator: ':', keySeparator: '.', interpolation: { escapeValue: false }, returnNull: false, initAsync: false })
  const defs = [...ALL_COMMANDS, ...navigationCommands(buildMenuTree(MENU_CATALOG.filter((m) => m.type !== 'B')))]
  const indexes = new Map<string, PaletteIndex>()
  const indexIn = (lng: string) => indexes.get(lng) ?? indexes.set(lng, new PaletteIndex(buildEntries(defs, (k) => i18n.t(k, { lng })))).get(lng)!
  const SHOPS = '/basic-data-new/shop'
  const ctxAt = (route: string, selection: Record<string, unknown>[] = []): CommandContext => ({
    permissions: new Set(), roles: ['admin'], userId: 1, tenantId: 1, warehouseId: 26, language: 'en', route, selection,
  })
  /** The rows the palette shows for a query, top to bottom (groups in order, rows in order). */
  const rows = (query: string, ctx = ctxAt('/dashboard'), lng = 'en') => listPalette(indexIn(lng), query, {
    visible: (e) => commandVisible(e.def, ctx), enabled: (e) => commandEnabled(e.def, ctx), recent: [], mode: 'commands', ctx,
  }).groups.flatMap((g) => g.rows.map((r) => r.entry.id))
  const before = (list: string[], a: string, b: string) => {
    expect(list, `${a} listed`).toContain(a)
    expect(list.indexOf(a), `${a} before ${b} in ${list.slice(0, 12).join(', ')}`).toBeLessThan(list.includes(b) ? list.indexOf(b) : Infinity)
  }

  it('the menu is what it seems: the screens and commands these cases name exist, titled as expected', () => {
    const title = (id: string) => indexIn('en').entries.find((e) => e.id === id)?.title
    expect([title('nav.location'), title('resource.location.add'), title('nav.inbound-order'), title('inbound.order.create')]).toEqual(['Locations', 'New Location', 'Inbound orders', 'New inbound order'])
    expect([title('nav.stock-manage-list'), title('nav.shop-shipment'), title('resource.shop.edit'), title('admin.role.edit')]).toEqual(['Stock list', 'Shop shipments', 'Edit Shop', 'Edit role'])
  })

  it('a plain word or a one-letter typo names the screen before the command that creates one', () => {
    // `locaton` (one letter missing): Fuse alone puts New Location and Import Location first.
    expect(indexIn('en').search('locaton', { limit: 3 }).map((r) => r.entry.id)[0]).toBe('resource.location.add')
    const loc = rows('locaton')
    expect(loc[0]).toBe('nav.location')
    before(loc, 'nav.location', 'resource.location.add')
    // `inbnd` (an abbreviation): the Inbound orders screen, then New inbound order.
    const inb = rows('inbnd')
    expect(inb[0]).toBe('nav.inbound-order')
    before(inb, 'nav.inbound-order', 'inbound.order.create')
    // A typed verb still names the command: `new location` → New Location.
    expect(rows('new location')[0]).toBe('resource.location.add')
    // The picker's complaint: `picking` + Enter ran "Generate waves by rule" (a keyword hit); screens come first.
    const picking = rows('picking')
    expect(picking[0]).toMatch(/^nav\./)
    before(picking, 'nav.pickingtasks', 'outbound.wave.generate')
    before(picking, 'nav.wave-picking', 'outbound.wave.generate')
  })

  it('`sto` lists Stock list before Shop shipments (matched only through its parent "Stock-out")', () => {
    const ids = indexIn('en').search('sto', { limit: 100 }).map((r) => r.entry.id)
    expect(ids.indexOf('nav.shop-shipment')).toBeLessThan(ids.indexOf('nav.stock-manage-list')) // Fuse alone
    const sto = rows('sto')
    expect(sto[0]).toBe('nav.stock-manage-list')
    before(sto, 'nav.stock-manage-list', 'nav.shop-shipment')
  })

  it('on Shops with a row selected, `edit` lists Edit Shop first (the page\'s resource and its selection), `new` New Shop', () => {
    const selected = ctxAt(SHOPS, [{ id: 1, code: 'S1' }])
    const edit = rows('edit', selected)
    expect(edit[0]).toBe('resource.shop.edit')
    before(edit, 'resource.shop.edit', 'admin.role.edit')
    before(edit, 'resource.shop.edit', 'admin.user.edit')
    expect(rows('new', selected)[0]).toBe('resource.shop.add')
    // Elsewhere (or with no row to edit) the page's command has no claim to the top.
    expect(rows('edit', ctxAt(SHOPS))[0]).not.toBe('resource.shop.edit')
    expect(rows('edit', ctxAt('/dashboard'))).not.toContain('resource.shop.edit')
    // The noun is not its verb: `shop` on Shops is the Shops screen.
    expect(rows('shop', selected)[0]).toBe('nav.shop')
  })

  it('zh: 库位 names the 库位 screen before 新建库位; 编辑 on 店铺 with a row selected lists 编辑店铺 first; `picking` typed in the Chinese console lists the screens first', () => {
    const picking = rows('picking', ctxAt('/dashboard'), 'zh')
    expect(picking[0]).toMatch(/^nav\./)
    before(picking, 'nav.pickingtasks', 'outbound.wave.generate')
    const loc = rows('库位', ctxAt('/dashboard'), 'zh')
    expect(loc[0]).toBe('nav.location')
    before(loc, 'nav.location', 'resource.location.add')
    expect(rows('编辑', ctxAt(SHOPS, [{ id: 1 }]), 'zh')[0]).toBe('resource.shop.edit')
  })

  it('the re-rank only reorders Fuse\'s results: same entries, same scores; short queries keep Fuse\'s order', () => {
    const index = indexIn('en')
    for (const q of ['locaton', 'sto', 'edit', 'picking', 'inbound order', 'e']) {
      const fuse = index.search(q, { limit: 100 })
      const mine = rerank(fuse, q, { here: () => true })
      expect(mine.map((r) => `${r.entry.id}:${r.score}`).sort(), q).toEqual(fuse.map((r) => `${r.entry.id}:${r.score}`).sort())
    }
    const e = index.search('e', { limit: 50 })
    expect(rerank(e, 'e')).toEqual(e)
    // The palette lists the re-rank of Fuse's window, cut to the rows shown.
    expect(searchPalette(index, 'sto', { limit: 10 })).toEqual(rerank(index.search('sto', { limit: 10 * RERANK_WINDOW }), 'sto').slice(0, 10))
  })

  it('tiers: a page command for its verb, then screens the query names, then other commands it names, then the rest', () => {
    const entries = buildEntries([
      nav('loc', 'Locations', '/w/location', ['Warehouse']),
      cmd('res.add', 'New Location', { keywords: ['Location'] }),
      cmd('res.edit', 'Edit Location', { keywords: ['Location'] }),
      nav('other', 'Task allocation', '/w/tasks'),
      nav('zh', '拣货任务', '/out/pickingtasks'),
    ], ident)
    const by = Object.fromEntries(entries.map((e) => [e.id, e]))
    const tier = (id: string, q: string, here?: (e: PaletteEntry) => boolean) => rankTier(by[id]!, q.split(' '), here)
    expect([tier('nav.loc', 'location'), tier('res.add', 'location'), tier('nav.other', 'location')]).toEqual([1, 2, 3])
    expect(tier('nav.loc', 'locaton')).toBe(1) // one letter missing
    expect(tier('nav.loc', 'ocation')).toBe(1) // one letter missing at the start
    expect(tier('nav.loc', 'lcoation')).toBe(1) // two letters swapped
    expect(tier('nav.loc', 'lctn')).toBe(1) // an abbreviation
    expect(tier('nav.loc', 'xyzq')).toBe(3)
    // A screen's own route segment names it too, after its title, whatever the console's language.
    expect([tier('nav.zh', 'picking'), tier('nav.zh', '拣货'), tier('nav.other', 'picking')]).toEqual([1.5, 1, 3])
    // On the page, `edit` names the verb of Edit Location (tier 0); `location` is its entity, not its verb.
    const here = (e: PaletteEntry) => e.id === 'res.edit'
    expect([tier('res.edit', 'edit', here), tier('res.edit', 'location', here), tier('res.edit', 'edit')]).toEqual([0, 2, 2])
  })
})
