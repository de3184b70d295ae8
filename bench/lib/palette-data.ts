// Generated palette entries and typing sequences, shared by the palette benchmark
// (bench/palette-filter.ts) and the ranking test that compares the index with a plain Fuse search
// (tests/domain/palette-rank.test.ts).
import type { CommandDef, CommandSection } from '../../src/domain/commands'

export const N = 10_000

/**
 * What operators type, one character at a time: screen names, a command id, CJK, mixed case,
 * accents, document numbers (the generated names include codes such as IB4071).
 */
export const TYPING = ['inbound order details', 'wave pick', 'sku', '出库单', 'rights-user', 'Stock Count', 'IB40', '收货 上架', 'Almacén']

export const DOMAIN = ['inbound', 'order', 'details', 'outbound', 'wave', 'picking', 'shelf', 'task', 'stock', 'count', 'review', 'packing',
  'shipment', 'container', 'location', 'transfer', 'return', 'sample', 'defective', 'report', 'rule', 'strategy', 'user', 'role',
  'menu', 'supplier', 'carrier', 'label', 'print', 'replenishment', 'sku', 'style', '入库', '出库单', '盘点', 'rights']
/** Warehouse words beyond DOMAIN, with CJK and Spanish ones. */
export const MORE = ['receiving', 'putaway', 'quality', 'inspection', 'allocation', 'audit', 'consumables', 'dashboard', 'warehouse', 'tenant',
  'dictionary', 'version', 'export', 'import', 'template', 'printer', 'platform', 'site', 'shop', 'brand', 'category', 'color', 'size',
  'material', 'forwarder', 'exchange', 'rate', 'approval', 'seal', 'port', 'bill', 'lading', 'face', 'sheet', 'sorting', 'wall', 'merge',
  'split', 'batch', 'lot', 'move', 'surplus', 'loss', 'timeout', 'performance', 'statistics', 'invoice', 'age', 'job', 'group', 'area',
  'storage', 'tray', 'crate', 'box', 'pallet', 'dock', 'route', 'zone', 'aisle', 'bin', 'slot', 'lane', 'fba', 'walmart', 'amazon',
  '库存', '拣货', '波次', '复核', '发货', '上架', '收货', '移库', '补货', '质检', 'almacén', 'pedido', 'envío', 'recepción', 'inventario']
const SECTIONS: CommandSection[] = ['document', 'status', 'admin', 'grid', 'shell']

/** mulberry32: deterministic and well spread (a bare LCG's low bits would skip whole words). */
export function prng(seedValue: number) {
  let a = seedValue >>> 0
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return (((t ^ (t >>> 14)) >>> 0) % n)
  }
}

/**
 * `count` command definitions (half navigation screens with breadcrumb + path, half commands with id
 * + keywords), titles and keywords drawn from `words`.
 */
export function generator(words: string[], seedValue: number, count = N) {
  const rnd = prng(seedValue)
  const word = () => words[rnd(words.length)]
  const defs: CommandDef[] = []
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) {
      const parts = [word(), `${word()}-${word()}`, `${word()}-${i}`]
      defs.push({ id: `nav.screen-${i}`, title: `${word()} ${word()} ${word()}`, section: 'navigation', permission: `menu:screen-${i}`,
        keywords: ['/' + parts.join('/'), `${word()} ${word()}`, word()] })
    } else {
      defs.push({ id: `${word()}.${word()}.${word()}-${i}`, title: `${word()} ${word()} ${word()}`, section: SECTIONS[i % SECTIONS.length],
        permission: `x:${i}`, keywords: [word(), `${word()}-${word()}`] })
    }
  }
  return defs
}

/** Generated names (shops, sites, suppliers) and document codes: the long tail of a real console. */
export function names(count: number): string[] {
  const syl = ['ka', 'lo', 'mi', 'zen', 'tor', 'va', 'rin', 'sol', 'mar', 'que', 'dun', 'pel', 'xi', 'an', 'bo', 'ter', 'gra', 'ul', 'fen', 'ho']
  const rnd = prng(7)
  const out: string[] = []
  for (let i = 0; i < count; i++) out.push(i % 3 === 0 ? `${['IB', 'OB', 'PK', 'TR', 'CK'][rnd(5)]}${1000 + rnd(9000)}` : syl[rnd(20)] + syl[rnd(20)] + syl[rnd(20)])
  return out
}

/** The realistic set: ~90 warehouse words (DOMAIN + MORE) plus 600 generated names and codes. */
export const realisticDefs = (count = N) => generator([...DOMAIN, ...MORE, ...names(600)], 42, count)
/** The worst case: every title drawn from the same 36 words. */
export const worstCaseDefs = (count = N) => generator(DOMAIN, 42, count)
