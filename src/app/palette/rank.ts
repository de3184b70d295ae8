// Palette ranking with fuse.js, with the spec's menu-search weights (title 0.7, path 0.3, threshold
// 0.4, max pattern 32, min match 1) applied to every entry: navigation entries search their title
// breadcrumb and route path; other commands their title, and, in the 0.3 slot, their id and keywords.
//
// Speed (≤ 8 ms per keystroke for 10k entries): the index (entries + Fuse records) is built once per
// (registry, language, permissions). Fuse stays the scorer, but per keystroke it scores only the
// entries that can still reach the top `limit` — a best-first search over LOWER BOUNDS of Fuse's score:
//  • Fuse accepts a field match with e errors starting at offset x only when e/m + x/distance ≤
//    threshold (location 0), so e ≤ ⌊threshold·m⌋ and the match lies in the field's first
//    threshold·distance + m + e characters. The score it reports is that of a real match, so it is
//    ≥ min over x of D(x)/m + x/distance, D(x) = least edit distance from the pattern to a substring
//    starting at x (Fuse's bitap counts the same insert/delete/substitute errors); an exact
//    occurrence at x scores x/distance, an identical field 0 (ε in the product).
//  • Three bounds of growing cost, each only computed when an entry reaches the front of the queue:
//    level 0 (every entry) — which pattern characters can occur at all (64 character buckets),
//    how many of the pattern's bigrams can occur (256 bigram buckets; each error spoils at most two
//    of the m−1 bigrams, so errors ≥ ⌈(m−1−hits)/2⌉, the q-gram lemma) and indexOf; level 1 —
//    D ≥ m − LCS(pattern, prefix) (bit-parallel LCS, a few word operations per character);
//    level 2 — D(x) for every x (Myers' bit-parallel edit distance over the reversed prefix).
//    A record's bound is Fuse's own product Π score^(weight·norm) over the fields that may
//    still match, kept as a sum of logarithms. A field a level rules out is skipped by the levels
//    above it for that query. Error lower bounds are kept per field: while the operator types on,
//    the new query extends the old one and its errors can only grow, so level 0 reuses them.
//  • Level-2 entries are scored by Fuse in small batches (same records, weights and norms: Fuse's
//    scores); the search stops when the next bound exceeds the limit-th best real score.
// So the result is exactly Fuse's top `limit` (same order, ties by position) — asserted by the tests
// and by bench/palette-filter.ts against a plain Fuse over all entries.
import Fuse, { type FuseIndex, type IFuseOptions } from 'fuse.js'
import type { CommandDef, CommandSection } from '../../domain/commands'

export const FUSE_THRESHOLD = 0.4
export const MAX_PATTERN = 32
/** Fuse's default `distance` (location 0): how far from the start a match may begin before it scores out. */
export const FUSE_DISTANCE = 100

export interface PaletteEntry {
  id: string
  def: CommandDef<any>
  section: CommandSection
  /** Translated title of the command / screen. */
  title: string
  /** Navigation: translated parent titles then the title (the spec's breadcrumb); others: [title]. */
  titles: string[]
  /** Navigation: [route path]; others: [id, ...translated keywords]. */
  terms: string[]
  /** Route path of a navigation entry. */
  path?: string
  shortcut?: string
  /** The re-rank's view of its own title: its words (not its parents, path, id or keywords): see `rerank`. */
  words: string[]
  /** A screen's own route segment, in words (`wave-picking` → wave, picking); [] for commands. */
  route: string[]
  /** Its verb: a resource command's title without the entity ("Edit" of "Edit Shop"), else its first word. */
  verbs: string[]
  /** Its title lower-cased without separators ("log out" → "logout"). */
  joined: string
}

const I18N_KEY = /^[a-z][\w-]*:[\w.-]+$/

/** Builds the searchable entries. `t` translates i18n keys; literal keywords (codes, paths) stay as they are. */
export function buildEntries(defs: readonly CommandDef<any>[], t: (key: string) => string): PaletteEntry[] {
  return defs.map((def) => {
    const title = t(def.title)
    const kw = def.keywords ?? []
    const words = titleWords(title)
    const joined = words.join('')
    if (def.section === 'navigation' && def.id.startsWith('nav.')) {
      const path = kw.find((k) => k.startsWith('/') || /^https?:/.test(k))
      const parents = kw.filter((k) => k !== path).map((k) => (I18N_KEY.test(k) ? t(k) : k))
      // A screen is also named by its own route segment, in any language (`picking` → …/wave-picking).
      const route = titleWords(path?.split(/[?#]/)[0]?.split('/').filter(Boolean).pop() ?? '')
      return { id: def.id, def, section: def.section, title, titles: [...parents, title], terms: path ? [path] : [], path, shortcut: def.shortcut, words, verbs: words, joined, route }
    }
    // A resource command names its entity in its title ("Edit $t(res-org:shop.title)") and as its first keyword.
    const entity = kw[0] && I18N_KEY.test(kw[0]) ? t(kw[0]) : ''
    const at = entity && entity !== title ? title.toLowerCase().indexOf(entity.toLowerCase()) : -1
    const verbs = at >= 0 ? titleWords(title.slice(0, at) + ' ' + title.slice(at + entity.length)) : /\s/.test(title.trim()) ? words.slice(0, 1) : words
    return { id: def.id, def, section: def.section, title, titles: [title], terms: [def.id, ...kw.map((k) => (I18N_KEY.test(k) ? t(k) : k))], shortcut: def.shortcut, words, verbs, joined, route: [] }
  })
}

// ---------------------------------------------------------------------------------------------
// The re-rank (issue 18 §3). Fuse stays the scorer and its top results stay exactly Fuse's (the bound
// search below); the palette then orders them by what the operator most likely means:
//  0. a command of the current page (its `page`, or a `when` that ties it to this route) whose VERB the
//     query names, with its selection in place — on Shops with a row selected, `edit` → Edit Shop;
//  1. a screen whose own title the query names — a plain word, an abbreviation or a one-letter typo
//     beats a command that creates one (`locaton` → Locations, `inbnd` → Inbound orders, `sto` →
//     Stock list before Shop shipments, matched only through its parent "Stock-out"); then (1.5) a
//     screen whose own route segment it names, whatever the console's language (`picking` in the
//     Chinese console → 波次拣货 …/wave-picking, ToC拣货任务 …/pickingtasks);
//  2. any other entry whose own title the query names (`new location` → New Location);
//  3. the rest (matched through parents, paths, ids, keywords, or fuzzily).
// Within a tier Fuse's order stands (score, then position, then recent first).

const SEPARATORS = /[\s\-_/:：,，.。()（）>·|]+/
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/

/** Lower-cased words of a title (CJK runs stay whole words: a query names the run it occurs in). */
export function titleWords(title: string): string[] {
  return title.toLowerCase().split(SEPARATORS).filter(Boolean)
}

/** Rows of the typo distance's table (reused: the re-rank runs on every keystroke). */
const ROWS = [new Int32Array(MAX_PATTERN + 3), new Int32Array(MAX_PATTERN + 3), new Int32Array(MAX_PATTERN + 3)]

/** At most one typo between `a` and `b` (optimal string alignment: insert, delete, substitute, swap two neighbours)? */
function oneTypo(a: string, b: string): boolean {
  const m = a.length, n = b.length
  if (Math.abs(m - n) > 1 || n > MAX_PATTERN + 1) return false
  // One edit at the start (substitute, insert, delete, swap) leaves a[0]=b[0], a[1]=b[1], a[0]=b[1] or a[1]=b[0].
  if (a[0] !== b[0] && a[1] !== b[1] && a[0] !== b[1] && a[1] !== b[0]) return false
  let [prev2, prev, cur] = ROWS as [Int32Array, Int32Array, Int32Array]
  for (let j = 0; j <= n; j++) prev[j] = j
  for (let i = 1; i <= m; i++) {
    cur[0] = i
    let rowMin = i
    for (let j = 1; j <= n; j++) {
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1))
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) d = Math.min(d, prev2[j - 2]! + 1)
      cur[j] = d
      if (d < rowMin) rowMin = d
    }
    if (rowMin > 1) return false
    ;[prev2, prev, cur] = [prev, cur, prev2]
  }
  return prev[n]! <= 1
}

/** Is `token` the start of `word` as typed: a prefix, an abbreviation (inbnd → inbound), or a prefix with one typo (locaton → location)? */
function namesWord(token: string, word: string): boolean {
  if (word.startsWith(token)) return true
  if (CJK.test(token)) return word.includes(token)
  if (token.length >= 3 && token[0] === word[0]) {
    let i = 0
    for (let j = 0; j < word.length && i < token.length; j++) if (word[j] === token[i]) i++
    if (i === token.length) return true
  }
  if (token.length >= 4 && word.length >= token.length - 1) {
    for (let k = token.length - 1; k <= token.length + 1 && k <= word.length; k++) if (oneTypo(token, word.slice(0, k))) return true
  }
  return false
}

/** Does the query name these words (every token names one of them, or a one-word query starts the joined title)? */
function namesAll(tokens: readonly string[], words: readonly string[], joined: string): boolean {
  if (tokens.length === 1 && joined.startsWith(tokens[0]!)) return true
  return tokens.every((tk) => words.some((w) => namesWord(tk, w)))
}

export interface RerankOptions {
  /** Commands of the current page and selection (tier 0 when the query names their verb). */
  here?: (e: PaletteEntry) => boolean
}

/** Tier of an entry for a query (see above; lower first). */
export function rankTier(e: PaletteEntry, tokens: readonly string[], here?: (e: PaletteEntry) => boolean): number {
  if (!tokens.length) return 3
  const names = namesAll(tokens, e.words, e.joined)
  if (e.section === 'navigation') return names ? 1 : e.route.length && namesAll(tokens, e.route, e.route.join('')) ? 1.5 : 3
  if (here && here(e) && namesAll(tokens, e.verbs, e.verbs.join(''))) return 0
  return names ? 2 : 3
}

/**
 * Orders Fuse's results by tier (stable: Fuse's order within a tier). Only reorders: every result
 * keeps its entry and its Fuse score, none is added or dropped. Queries under 2 characters keep Fuse's order.
 */
export function rerank(results: readonly Ranked[], query: string, opts: RerankOptions = {}): Ranked[] {
  const q = query.trim().slice(0, MAX_PATTERN).toLowerCase()
  if (q.length < 2) return [...results]
  const tokens = titleWords(q)
  return results.map((r, i) => ({ r, i, tier: rankTier(r.entry, tokens, opts.here) }))
    .sort((a, b) => a.tier - b.tier || a.i - b.i)
    .map((x) => x.r)
}

/**
 * How many of Fuse's results the re-rank orders, in rows shown: 1 — exactly the rows Fuse would show,
 * reordered (a window of 2× cost ~40 % more per keystroke at p95 for the bound search's looser cut-off,
 * bench:palette; the catalog's screens a plain word names sit well inside Fuse's top 50).
 */
export const RERANK_WINDOW = 1

/**
 * What the palette lists for a query: Fuse's exact top `limit × RERANK_WINDOW` (the bound search),
 * re-ranked (`rerank`), the first `limit`.
 */
export function searchPalette(index: PaletteIndex, query: string, opts: { limit?: number; accept?: (e: PaletteEntry) => boolean; prefer?: readonly string[]; here?: (e: PaletteEntry) => boolean } = {}): Ranked[] {
  const limit = opts.limit ?? 50
  const window = index.search(query, { limit: limit * RERANK_WINDOW, accept: opts.accept, prefer: opts.prefer })
  return rerank(window, query, { here: opts.here }).slice(0, limit)
}

const FUSE_OPTIONS: IFuseOptions<PaletteEntry> = {
  keys: [{ name: 'titles', weight: 0.7 }, { name: 'terms', weight: 0.3 }],
  threshold: FUSE_THRESHOLD,
  location: 0,
  distance: FUSE_DISTANCE,
  minMatchCharLength: 1,
  includeScore: true,
  shouldSort: true,
}

export interface Ranked { entry: PaletteEntry; score: number }

/** Work done by the last search (bench and tests): fields bounded per level, records Fuse scored. */
export interface SearchStats { level0: number; level1: number; level2: number; scored: number }

type IndexRecord = FuseIndex<PaletteEntry>['records'][number]
type SubRecord = { v: string; n: number }

const KEY_WEIGHTS = (FUSE_OPTIONS.keys as { weight: number }[]).map((k) => k.weight)
const WEIGHT_SUM = KEY_WEIGHTS.reduce((a, b) => a + b, 0)

export class PaletteIndex {
  readonly entries: PaletteEntry[]
  private readonly fuse: Fuse<PaletteEntry>
  private readonly full: FuseIndex<PaletteEntry>
  private readonly records: IndexRecord[]
  // Every indexed field value, flattened: entry i owns fields first[i] .. first[i+1]-1.
  private readonly first: Int32Array
  /** Lower-cased (as Fuse compares) field text. */
  private readonly text: string[] = []
  /** UTF-16 code units of each field's text in one buffer (codes[off[f] .. off[f]+len[f])). */
  private readonly codes: Uint16Array
  private readonly off: Int32Array
  private readonly len: Int32Array
  /** Exponent of the field's factor in Fuse's score: key weight · field norm. */
  private readonly exp: Float64Array
  /** Which of 64 character buckets occur in the field. */
  private readonly lo: Int32Array
  private readonly hi: Int32Array
  /** Which of 256 bigram buckets occur in the field's first MAX_REACH characters (8 words per field). */
  private readonly bigrams: Int32Array
  /** Per query: character bucket of each pattern position, bigram bucket of each pattern bigram (lower-casing can lengthen a pattern). */
  private readonly patBuckets = new Int32Array(2 * MAX_PATTERN)
  private readonly patCodes = new Int32Array(2 * MAX_PATTERN)
  private readonly patBigrams = new Int32Array(2 * MAX_PATTERN)
  /** Per query: pattern positions of each code unit, forwards and reversed (reset after each search). */
  private readonly charMask = new Int32Array(65536)
  private readonly revMask = new Int32Array(65536)
  /**
   * Per field, carried from keystroke to keystroke while the query grows: `unmatched` is a lower
   * bound of the errors of any match of the query's first `upTo` characters (so of the query, and
   * of every query extending it); `hits` counts those characters' bigrams found in the field.
   */
  private readonly unmatched: Int8Array
  private readonly hits: Int8Array
  private readonly upTo: Uint8Array
  private lcsQuery = ''
  /** Per field: exact-occurrence score (ln) for the search `exactStamp` (levels 0 and 1 both ask). */
  private readonly exactLn: Float64Array
  private readonly exactStamp: Uint32Array
  /** Per field: the search (stamp) in which a level ruled it out. */
  private readonly dead: Uint32Array
  private stamp = 0
  private readonly queue: BoundQueue
  readonly stats: SearchStats = { level0: 0, level1: 0, level2: 0, scored: 0 }

  constructor(entries: PaletteEntry[]) {
    this.entries = entries
    this.full = Fuse.createIndex(FUSE_OPTIONS.keys!, entries)
    this.fuse = new Fuse(entries, FUSE_OPTIONS, this.full)
    this.records = []
    for (const rec of this.full.records) this.records[rec.i] = rec
    this.first = new Int32Array(entries.length + 1)
    const exps: number[] = []
    for (let i = 0; i < entries.length; i++) {
      this.first[i] = this.text.length
      const rec = this.records[i]
      if (!rec) continue
      KEY_WEIGHTS.forEach((w, k) => {
        const sub = (rec.$ as Record<number, SubRecord | SubRecord[] | undefined>)[k]
        for (const r of Array.isArray(sub) ? sub : sub ? [sub] : []) {
          this.text.push(r.v.toLowerCase())
          exps.push((w / WEIGHT_SUM) * r.n)
        }
      })
    }
    const fields = this.text.length
    this.first[entries.length] = fields
    this.exp = Float64Array.from(exps)
    this.off = new Int32Array(fields)
    this.len = new Int32Array(fields)
    this.lo = new Int32Array(fields)
    this.unmatched = new Int8Array(fields)
    this.hits = new Int8Array(fields)
    this.upTo = new Uint8Array(fields)
    this.exactLn = new Float64Array(fields)
    this.exactStamp = new Uint32Array(fields)
    this.hi = new Int32Array(fields)
    this.bigrams = new Int32Array(fields * 8)
    this.dead = new Uint32Array(fields)
    this.queue = new BoundQueue(entries.length)
    this.codes = new Uint16Array(this.text.reduce((n, v) => n + v.length, 0))
    let o = 0
    this.text.forEach((v, f) => {
      this.off[f] = o
      this.len[f] = v.length
      let lo = 0, hi = 0
      for (let j = 0; j < v.length; j++) {
        const c = v.charCodeAt(j)
        this.codes[o + j] = c
        const b = bucket(c)
        if (b < 32) lo |= 1 << b
        else hi |= 1 << (b - 32)
      }
      this.lo[f] = lo
      this.hi[f] = hi
      for (let j = 1, end = Math.min(v.length, MAX_REACH); j < end; j++) {
        const h = bigramBucket(v.charCodeAt(j - 1), v.charCodeAt(j))
        this.bigrams[f * 8 + (h >> 5)] |= 1 << (h & 31)
      }
      o += v.length
    })
  }

  /**
   * Ranked entries for a query, best first, at most `limit`. `accept` (e.g. "visible here") is
   * applied before scoring. Ties keep the order of `prefer` (recent commands first).
   */
  search(query: string, opts: { limit?: number; accept?: (e: PaletteEntry) => boolean; prefer?: readonly string[] } = {}): Ranked[] {
    const q = query.trim().slice(0, MAX_PATTERN)
    if (!q) return []
    const limit = opts.limit ?? 50
    const want = opts.prefer?.length ? limit + opts.prefer.length : limit
    const out = this.bestFirst(q, want, opts.accept).map((r) => ({ entry: this.entries[r.idx], score: r.score }))
    if (opts.prefer?.length) {
      const rank = new Map(opts.prefer.map((id, i) => [id, i]))
      out.sort((a, b) => a.score - b.score || (rank.get(a.entry.id) ?? 1e9) - (rank.get(b.entry.id) ?? 1e9))
    }
    return out.slice(0, limit)
  }

  /** Best-first search over Fuse (see the note at the top). */
  private bestFirst(q: string, want: number, accept?: (e: PaletteEntry) => boolean): { idx: number; score: number }[] {
    const p = q.toLowerCase()
    const m = p.length
    const maxErrors = Math.floor(FUSE_THRESHOLD * m + 1e-9)
    const required = m - maxErrors
    const reach = Math.floor(FUSE_THRESHOLD * FUSE_DISTANCE) + m + maxErrors + 1
    const maxExactAt = Math.floor(FUSE_THRESHOLD * FUSE_DISTANCE + 1e-9)
    const full = m >= 32 ? 0xffffffff : 2 ** m - 1
    const high = 1 << (m - 1)
    const { charMask, revMask, codes, off, len, text, exp, bigrams, patBuckets, patBigrams, patCodes } = this
    for (let i = 0; i < m; i++) {
      const c = p.charCodeAt(i)
      patCodes[i] = c
      charMask[c] |= 1 << i
      revMask[c] |= 1 << (m - 1 - i)
      patBuckets[i] = bucket(c)
      if (i > 0) patBigrams[i - 1] = bigramBucket(p.charCodeAt(i - 1), c)
    }
    const stamp = ++this.stamp
    // ln of e/m for each admissible error count: the level-0/1 passes do no transcendental math.
    const lnErrors = Array.from({ length: maxErrors + 1 }, (_, e) => lnScore(e / m))

    /** ln score of the first exact occurrence, if Fuse would accept it (so only offsets up to maxExactAt are looked at). */
    const { exactLn, exactStamp } = this
    const exactAt = (f: number): number => {
      if (exactStamp[f] === stamp) return exactLn[f]
      exactStamp[f] = stamp
      const start = off[f]
      const first = patCodes[0]
      next: for (let x = 0, last = Math.min(len[f] - m, maxExactAt); x <= last; x++) {
        if (codes[start + x] !== first) continue
        for (let i = 1; i < m; i++) if (codes[start + x + i] !== patCodes[i]) continue next
        return (exactLn[f] = LN_AT[x])
      }
      return (exactLn[f] = Infinity)
    }

    // Error lower bounds known from earlier keystrokes stay lower bounds while the query grows (a
    // match of the longer pattern contains a match of the shorter with no more errors), so a field
    // only has to account for the characters typed since: one more error for each the field lacks
    // (a match of the longer pattern contains one of the shorter plus an error for it), and the
    // q-gram lemma over the bigrams found — each error spoils at most two of the pattern's m−1
    // bigrams, so errors ≥ ⌈(m−1−hits)/2⌉.
    const { unmatched, hits, upTo, lo, hi } = this
    const inherited = this.lcsQuery !== '' && p.startsWith(this.lcsQuery)
    if (!inherited) { unmatched.fill(0); hits.fill(0); upTo.fill(0) }
    this.lcsQuery = p
    /** Brings the field's bounds up to this query; returns its lower bound of errors. */
    const advance = (f: number): number => {
      let e = unmatched[f], h = hits[f]
      for (let i = upTo[f]; i < m; i++) {
        const b = patBuckets[i]
        if (!(((b < 32 ? lo[f] >>> b : hi[f] >>> (b - 32))) & 1)) e++
        if (i > 0) {
          const g = patBigrams[i - 1]
          if (bigrams[f * 8 + (g >> 5)] & (1 << (g & 31))) h++
        }
      }
      upTo[f] = m
      hits[f] = h
      return (unmatched[f] = Math.max(e, (m - h) >> 1))
    }

    /** Level 0: ln bound from character and bigram presence, inherited bounds and exact occurrence; Infinity = cannot match. */
    const level0 = (f: number): number => {
      if (len[f] === m && text[f] === p) return LN_EXACT
      if (len[f] < required) return Infinity
      const missing = advance(f)
      if (missing > maxErrors) return Infinity
      // An exact occurrence needs the whole pattern as a subsequence.
      const exact = missing === 0 ? exactAt(f) : Infinity
      if (maxErrors === 0) return exact
      return Math.min(exact, lnErrors[Math.max(1, missing)])
    }

    /**
     * Level 1: errors ≥ m − LCS (Hyyrö's bit vector: the 1-bits left in V count the unmatched
     * positions). The LCS runs over the longest window any query can use, so the count it leaves
     * in `unmatched` stays a valid bound for every longer query.
     */
    const level1 = (f: number): number => {
      if (len[f] === m && text[f] === p) return LN_EXACT
      if (len[f] < required || advance(f) > maxErrors) return Infinity
      let V = full
      for (let j = off[f], end = j + Math.min(len[f], MAX_REACH); j < end; j++) {
        const U = V & charMask[codes[j]]
        V = ((V + U) | (V - U)) & full
      }
      const missing = popcount(V >>> 0)
      if (missing > unmatched[f]) unmatched[f] = missing
      const exact = missing === 0 ? exactAt(f) : Infinity
      const errors = Math.max(1, missing)
      return Math.min(exact, errors <= maxErrors ? lnErrors[errors] : Infinity)
    }

    /** Level 2: min over start x of D(x)/m + x/distance (Myers over the reversed prefix). */
    const level2 = (f: number): number => {
      if (len[f] === m && text[f] === p) return LN_EXACT
      if (len[f] < required) return Infinity
      let Pv = full, Mv = 0, score = m, best = Infinity
      const start = off[f]
      for (let j = Math.min(len[f], reach) - 1; j >= 0; j--) {
        const Eq = revMask[codes[start + j]]
        const Xv = Eq | Mv
        const Xh = ((((Eq & Pv) + Pv) & full) ^ Pv) | Eq
        let Ph = Mv | (~(Xh | Pv) & full)
        let Mh = Pv & Xh
        if (Ph & high) score++
        else if (Mh & high) score--
        Ph = (Ph << 1) & full
        Mh = (Mh << 1) & full
        Pv = Mh | (~(Xv | Ph) & full)
        Mv = Ph & Xv
        if (score <= maxErrors) {
          const sc = score / m + j / FUSE_DISTANCE
          if (sc < best) best = sc
        }
      }
      return best <= FUSE_THRESHOLD ? lnScore(best) : Infinity
    }

    const stats = this.stats
    stats.level0 = stats.level1 = stats.level2 = stats.scored = 0
    const { dead } = this
    /** ln of the record's bound: Σ weight·norm · ln(field bound) over the fields that may match. */
    const recordBound = (idx: number, level: number): number => {
      if (level === 0) stats.level0++
      else if (level === 1) stats.level1++
      else stats.level2++
      let sum = 0
      let possible = false
      for (let f = this.first[idx], end = this.first[idx + 1]; f < end; f++) {
        if (dead[f] === stamp) continue // ruled out by a lower level
        const lb = level === 0 ? level0(f) : level === 1 ? level1(f) : level2(f)
        if (lb === Infinity) { dead[f] = stamp; continue }
        possible = true
        sum += lb * exp[f]
      }
      // Shaved by a hair so float rounding never lifts a bound above Fuse's equal score.
      return possible ? sum - 1e-9 : Infinity
    }

    const queue = this.queue
    queue.size = 0
    try {
      // With no error allowed, level 0 is already Fuse's exact score: straight to scoring. Long
      // patterns tolerate so many errors that character presence alone rarely prunes; without
      // inherited LCS counts, one LCS pass over everything is cheaper than refining almost every
      // entry through the queue.
      const initial = maxErrors > 2 && !inherited ? 1 : 0
      const queued = maxErrors === 0 ? 2 : initial
      for (let idx = 0; idx < this.entries.length; idx++) {
        if (accept && !accept(this.entries[idx])) continue
        const b = recordBound(idx, initial)
        if (b !== Infinity) queue.push(idx, b, queued)
      }
      queue.heapify()

      const best: { idx: number; score: number }[] = []
      let cutoff = Infinity // ln of the want-th best real score so far
      let batch: number[] = []
      const flush = () => {
        if (!batch.length) return
        stats.scored += batch.length
        this.fuse.setCollection(this.entries, Fuse.parseIndex<PaletteEntry>({ keys: this.full.keys, records: batch.map((i) => this.records[i]) }))
        for (const r of this.fuse.search(q, { limit: want })) best.push({ idx: r.refIndex, score: r.score ?? 1 })
        best.sort((a, b) => (a.score === b.score ? a.idx - b.idx : a.score - b.score)) // Fuse's order
        if (best.length > want) best.length = want
        if (best.length >= want) cutoff = Math.log(best[want - 1].score)
        batch = []
      }
      const batchSize = Math.max(16, want >> 1)
      while (queue.size && queue.topBound() <= cutoff) {
        const { idx, level } = queue.pop()
        if (level < 2) {
          const b = recordBound(idx, level + 1)
          if (b !== Infinity && b <= cutoff) queue.insert(idx, b, level + 1)
          continue
        }
        batch.push(idx)
        if (batch.length >= batchSize) flush()
      }
      flush()
      return best
    } finally {
      for (let i = 0; i < m; i++) {
        const c = p.charCodeAt(i)
        charMask[c] = 0
        revMask[c] = 0
      }
    }
  }
}

/** Min-heap of entry indices by bound, each with its refinement level (typed arrays: thousands of pushes per keystroke). */
class BoundQueue {
  private readonly idx: Int32Array
  private readonly bound: Float64Array
  private readonly level: Uint8Array
  size = 0
  constructor(capacity: number) {
    this.idx = new Int32Array(capacity)
    this.bound = new Float64Array(capacity)
    this.level = new Uint8Array(capacity)
  }
  /** Appends without ordering; call heapify() once after the bulk load. */
  push(i: number, b: number, level: number) {
    const n = this.size++
    this.idx[n] = i; this.bound[n] = b; this.level[n] = level
  }
  heapify() { for (let k = (this.size >> 1) - 1; k >= 0; k--) this.down(k) }
  insert(i: number, b: number, level: number) {
    this.push(i, b, level)
    let k = this.size - 1
    while (k > 0) {
      const parent = (k - 1) >> 1
      if (!this.less(k, parent)) break
      this.swap(k, parent)
      k = parent
    }
  }
  topBound(): number { return this.bound[0] }
  pop(): { idx: number; level: number } {
    const out = { idx: this.idx[0], level: this.level[0] }
    this.size--
    if (this.size) {
      this.idx[0] = this.idx[this.size]; this.bound[0] = this.bound[this.size]; this.level[0] = this.level[this.size]
      this.down(0)
    }
    return out
  }
  // Ties by entry position, as Fuse orders equal scores.
  private less(a: number, b: number) { return this.bound[a] < this.bound[b] || (this.bound[a] === this.bound[b] && this.idx[a] < this.idx[b]) }
  private swap(a: number, b: number) {
    const i = this.idx[a]; this.idx[a] = this.idx[b]; this.idx[b] = i
    const d = this.bound[a]; this.bound[a] = this.bound[b]; this.bound[b] = d
    const l = this.level[a]; this.level[a] = this.level[b]; this.level[b] = l
  }
  private down(k: number) {
    for (;;) {
      const l = 2 * k + 1, r = l + 1
      let m = k
      if (l < this.size && this.less(l, m)) m = l
      if (r < this.size && this.less(r, m)) m = r
      if (m === k) return
      this.swap(k, m)
      k = m
    }
  }
}

/** ln of a field score as Fuse reports it (never below 0.001; an identical field counts as ε). */
function lnScore(score: number): number {
  return Math.log(Math.max(0.001, score))
}
const LN_EXACT = Math.log(Number.EPSILON)
/** The longest field prefix any query can match in: threshold·distance + 32 + ⌊threshold·32⌋ + 1. */
const MAX_REACH = Math.floor(FUSE_THRESHOLD * FUSE_DISTANCE) + MAX_PATTERN + Math.floor(FUSE_THRESHOLD * MAX_PATTERN) + 1
/** ln score of an exact occurrence at offset x (x / distance). */
const LN_AT = Array.from({ length: Math.floor(FUSE_THRESHOLD * FUSE_DISTANCE) + 1 }, (_, x) => lnScore(x / FUSE_DISTANCE))

/** One of 64 buckets per UTF-16 code unit (multiplicative hash: letters, digits and CJK spread out). */
function bucket(c: number): number {
  return Math.imul(c, 0x9e3779b1) >>> 26
}

/** One of 256 buckets per pair of UTF-16 code units. */
function bigramBucket(a: number, b: number): number {
  return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x3c6ef372, 0x85ebca6b)) >>> 24
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}
