// A palette that cannot do harm (issue 18 §3): every command that creates or changes more than one
// document in one run declares the confirmation that names how many — "acts on many" is derived from
// the declaration (selection 'many', a list of document ids in its input schema, or the bulk flag),
// so a new bulk command without one fails here — and no command that changes data has a shortcut that
// fires everywhere: its keys use a modifier, belong to a focus scope, and a bulk command's keys fire
// on its own page only (never on the dashboard, a station or another list).
import { describe, it, expect } from 'vitest'
import { z } from 'zod'
import { ALL_COMMANDS } from '../../commands/index'
import { shortcutLive, type CommandContext, type CommandDef } from '../../src/domain/commands'
import { actsOnMany, bulkTargetCount, idListKeys, isMutating } from '../../src/domain/bulk'
import { hasCommandModifier } from '../../src/app/keys/shortcuts'
import { PICKING_PATH, WAVE_DETAILS_PATH, WAVE_PATH } from '../../commands/outbound-picking'
import { OUTBOUND_ORDER_PATH } from '../../commands/outbound-orders'
import { SORTING_PATH } from '../../commands/outbound-sorting'
import { FACE_SHEET_PATH } from '../../commands/outbound-face-sheets'
import { LANGS, loadLocales } from '../helpers/locales'

const locales = loadLocales()
const BULK_QUESTION = 'palette:bulk.question'

/** The language's i18next plural forms (Intl.PluralRules: en one/other, es-MX one/many/other, zh other). */
const pluralForms = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories

/**
 * The contract: what is wrong with each command that acts on many documents — no bulk declaration,
 * a count line that is not an i18next plural naming {{count}} in every language, or a question
 * missing in one of them.
 */
function bulkDefects(defs: readonly CommandDef<any>[]): string[] {
  const out: string[] = []
  for (const c of defs.filter(actsOnMany)) {
    if (!c.bulk) { out.push(`${c.id}: acts on many documents without a bulk confirmation`); continue }
    for (const l of LANGS) {
      for (const form of pluralForms(l)) {
        const text = locales[l]![`${c.bulk.noun}_${form}`]
        if (!text?.includes('{{count}}')) out.push(`${c.id}: ${l} ${c.bulk.noun}_${form} does not name {{count}}`)
      }
      const question = c.confirm ?? BULK_QUESTION
      if (!locales[l]![question] && !locales[l]![`${question}_other`]) out.push(`${c.id}: ${l} lacks its question ${question}`)
    }
  }
  return out
}

/** Commands that change data whose shortcut could fire anywhere: global scope, or no modifier (a stray key). */
function strayKeys(defs: readonly CommandDef<any>[]): string[] {
  return defs.filter((c) => c.shortcut && isMutating(c) && ((c.scope ?? 'global') === 'global' || !hasCommandModifier(c.shortcut)))
    .map((c) => `${c.id} ${c.shortcut} (${c.scope ?? 'global'})`)
}

const ctxAt = (route: string): CommandContext => ({
  permissions: new Set(), roles: ['admin'], userId: 1, tenantId: 1, warehouseId: 26, language: 'en', route, selection: [],
})
const ids = z.array(z.number().int().positive()).min(1).max(200)
const def = (id: string, extra: Partial<CommandDef<any>>): CommandDef<any> => ({ id, title: `commands:${id}`, section: 'document', permission: 'self:x', server: true, ...extra })

describe('acting on many documents is derived from the declaration', () => {
  it('a list of document ids or codes in the input, a selection of many, or the flag — not one record\'s own lists', () => {
    expect(actsOnMany(def('a.ids', { input: z.strictObject({ ids }) }))).toBe(true)
    // Behind refinements, transforms and optional wrappers, under any key name.
    expect(actsOnMany(def('a.orders', { input: z.strictObject({ orderIds: ids.optional(), note: z.string() }).refine(() => true) }))).toBe(true)
    expect(actsOnMany(def('a.codes', { input: z.strictObject({ taskNos: z.array(z.string().trim().transform((s) => s.toUpperCase())).max(50) }) }))).toBe(true)
    expect(actsOnMany(def('a.selection', { server: false, selection: 'many' }))).toBe(true)
    expect(actsOnMany(def('a.flag', { bulk: { noun: 'palette:bulk.count.row' } }))).toBe(true)
    // One document: at most one id, a selection of one, lines of objects, or declared so.
    expect(actsOnMany(def('b.one', { input: z.strictObject({ ids: z.array(z.number()).min(1).max(1) }) }))).toBe(false)
    expect(actsOnMany(def('b.selected', { selection: 'one', input: z.strictObject({ warehouseIds: ids }) }))).toBe(false)
    expect(actsOnMany(def('b.lines', { input: z.strictObject({ lines: z.array(z.strictObject({ sku: z.string(), qty: z.number() })) }) }))).toBe(false)
    expect(actsOnMany(def('b.record', { bulk: false, input: z.strictObject({ roleIds: ids }) }))).toBe(false)
    expect(idListKeys(z.strictObject({ ids, pickingTaskIds: ids, reason: z.string() }).extend({ x: z.number() }))).toEqual(['ids', 'pickingTaskIds'])
  })

  it('counts a run from its arguments (distinct ids), else its targets, else the selection or the open document', () => {
    const c = def('a.count', { input: z.strictObject({ ids }), bulk: { noun: 'palette:bulk.count.row', targets: () => 7 } })
    expect(bulkTargetCount(c, ctxAt('/x'), { ids: [3, 4, 4, 5] })).toBe(3)
    expect(bulkTargetCount(c, ctxAt('/x'))).toBe(7)
    const plain = def('a.plain', { input: z.strictObject({ ids }), bulk: { noun: 'palette:bulk.count.row' } })
    expect(bulkTargetCount(plain, { ...ctxAt('/x'), selection: [{ id: 1 }, { id: 2 }] })).toBe(2)
    expect(bulkTargetCount(plain, { ...ctxAt('/x'), document: { id: 9 }, documentId: 9 })).toBe(1)
  })
})

describe('bulk commands contract', () => {
  it('a new command acting on many documents without a confirmation fails the contract', () => {
    const bad = def('x.bulkWithoutQuestion', { input: z.strictObject({ ids }) })
    const badNoun = def('x.badNoun', { selection: 'many', bulk: { noun: 'palette:confirm.title' } })
    expect(bulkDefects([bad, badNoun])).toEqual([
      'x.bulkWithoutQuestion: acts on many documents without a bulk confirmation',
      ...LANGS.flatMap((l) => pluralForms(l).map((f) => `x.badNoun: ${l} palette:confirm.title_${f} does not name {{count}}`)),
    ])
  })

  it('every command of the catalog that acts on more than one document declares its confirmation, naming the count in zh, en and es-MX', () => {
    expect(bulkDefects(ALL_COMMANDS)).toEqual([])
    // The derivation really sees the bulk commands the issue names (and its flag the one without ids).
    const many = new Set(ALL_COMMANDS.filter(actsOnMany).map((c) => c.id))
    for (const id of [
      'outbound.wave.generate', 'outbound.wave.create', 'outbound.wave.cancel', 'outbound.pickTask.assign',
      'outbound.order.validate', 'outbound.order.void', 'outbound.order.status', 'outbound.order.merge',
      'outbound.faceSheet.buy', 'outbound.faceSheet.cancel', 'outbound.faceSheet.print', 'outbound.faceSheet.printOn',
      'outbound.sortTask.merge', 'outbound.sortTask.cancel', 'inbound.order.submit', 'inbound.order.status', 'inbound.shelving.assign',
      'resource.location.status', 'resource.waveRule.delete', 'resource.location.disable', 'resource.upcRequest.approve',
    ]) expect(many.has(id), id).toBe(true)
    for (const id of ['outbound.sortTask.rest', 'resource.location.add', 'resource.location.edit', 'admin.role.grant', 'admin.tenant.pairs', 'inbound.release.add']) {
      expect(many.has(id), id).toBe(false)
    }
  })

  it('generate waves by rule asks the server how many orders and waves (its dry run), and names both', () => {
    const gen = ALL_COMMANDS.find((c) => c.id === 'outbound.wave.generate')!
    expect(gen.bulk && gen.bulk.preview).toBeTypeOf('function')
    expect(gen.confirm).toBe('outbound:wave.confirm.generate')
    for (const l of LANGS) expect(locales[l]![`${gen.bulk && gen.bulk.noun}_other`], l).toMatch(/\{\{count\}\}.*\{\{waves\}\}/)
  })
})

describe('shortcuts of commands that change data', () => {
  it('none fires everywhere: no global scope, always a modifier', () => {
    expect(strayKeys([def('x.stray', { shortcut: 'Alt+g', scope: 'global' }), def('x.single', { shortcut: 'v', scope: 'grid' })])).toEqual(['x.stray Alt+g (global)', 'x.single v (grid)'])
    expect(strayKeys(ALL_COMMANDS)).toEqual([])
  })

  it('a bulk command\'s keys fire on its own page only — never on the dashboard, a station or another list', () => {
    const keyed = ALL_COMMANDS.filter((c) => c.shortcut && actsOnMany(c))
    expect(keyed.map((c) => c.id)).toContain('outbound.wave.generate')
    const elsewhere = ['/', '/dashboard', '/basic-data-new/shop']
    for (const c of keyed) for (const route of elsewhere) expect(shortcutLive(c, ctxAt(route)), `${c.id} on ${route}`).toBe(false)
    const gen = ALL_COMMANDS.find((c) => c.id === 'outbound.wave.generate')!
    const live = [WAVE_PATH, WAVE_DETAILS_PATH, PICKING_PATH, OUTBOUND_ORDER_PATH, SORTING_PATH, FACE_SHEET_PATH, '/dashboard'].filter((r) => shortcutLive(gen, ctxAt(r)))
    expect(live).toEqual([WAVE_PATH])
    // The palette and the toolbar still offer it everywhere it is visible: only its keys are confined.
    expect(gen.when).toBeUndefined()
  })
})
