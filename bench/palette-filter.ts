// Palette ranking benchmark (brief h6): 10k synthetic entries, a query typed one character at a time,
// p50/p95/max per keystroke (wall and CPU time). Target: ≤ 8 ms per keystroke. Benchmarks report; they do not fail.
//
// Two data sets, both 10k entries (half navigation screens with breadcrumb + path, half commands
// with id + keywords):
//  • "realistic": ~90 warehouse words plus ~600 generated names and codes, as a console with many
//    screens, sites, shops and document types would have;
//  • "worst case": every title drawn from the same 36 words, so thousands of entries nearly match
//    every prefix — the fuzzy matcher cannot prune much and must look closely at most entries.
// It also checks the ranking equals a plain Fuse search over all entries (same ids, same scores,
// same order) — the speed-up must not change results — and that what the palette lists per keystroke
// (searchPalette: Fuse's top 50 re-ranked by what the query names, issue 18 §3) is exactly the re-rank
// of plain Fuse's top 50. The keystroke times are the palette's (bound search + re-rank).
// Run: npm run bench:palette
import { loadavg } from 'node:os'
import Fuse from 'fuse.js'
import { buildEntries, PaletteIndex, FUSE_THRESHOLD, FUSE_DISTANCE, RERANK_WINDOW, rerank, searchPalette, type PaletteEntry } from '../src/app/palette/rank'
import type { CommandDef } from '../src/domain/commands'
import { N, TYPING, realisticDefs, worstCaseDefs } from './lib/palette-data'

const TARGET_MS = 8
const ROUNDS = 8
const QUERIES = TYPING

function pct(sorted: number[], p: number) { return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] }
const f = (n: number) => n.toFixed(2)

function run(label: string, defs: CommandDef[]) {
  let t0 = performance.now()
  const entries = buildEntries(defs, (k) => k)
  const index = new PaletteIndex(entries)
  const buildMs = performance.now() - t0

  const plain = new Fuse<PaletteEntry>(entries, { keys: [{ name: 'titles', weight: 0.7 }, { name: 'terms', weight: 0.3 }], threshold: FUSE_THRESHOLD, location: 0, distance: FUSE_DISTANCE, minMatchCharLength: 1, includeScore: true })
  let mismatches = 0
  let rerankMismatches = 0
  const plainTimes: number[] = []
  for (const q of QUERIES) {
    for (let k = 1; k <= q.length; k++) {
      const typed = q.slice(0, k)
      const a = index.search(typed, { limit: 50 }).map((r) => `${r.entry.id}:${r.score}`)
      const s = performance.now()
      const b = plain.search(typed.trim(), { limit: 50 }).map((r) => `${r.item.id}:${r.score}`)
      if (q === QUERIES[0]) plainTimes.push(performance.now() - s)
      if (a.join() !== b.join()) { mismatches++; console.error(`  mismatch for '${typed}'`) }
      // The palette's rows: the re-rank of plain Fuse's window, nothing else.
      const window = plain.search(typed.trim(), { limit: 50 * RERANK_WINDOW }).map((r) => ({ entry: r.item, score: r.score ?? 1 }))
      const listed = searchPalette(index, typed, { limit: 50 }).map((r) => `${r.entry.id}:${r.score}`)
      if (listed.join() !== rerank(window, typed).slice(0, 50).map((r) => `${r.entry.id}:${r.score}`).join()) { rerankMismatches++; console.error(`  re-rank mismatch for '${typed}'`) }
    }
  }

  // Wall time is what the operator feels; CPU time (this process, µs resolution) is the same work
  // without the waits for a core, so it stays comparable when the shared machine is busy.
  const times: number[] = []
  const cpuTimes: number[] = []
  const perQuery: Record<string, number[]> = {}
  const worst = new Map<string, { ms: number; stats: string }>()
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUERIES) {
      for (let k = 1; k <= q.length; k++) {
        const c = process.cpuUsage()
        const s = performance.now()
        searchPalette(index, q.slice(0, k), { limit: 50, prefer: ['nav.screen-2', 'nav.screen-4'] })
        const ms = performance.now() - s
        const cpu = process.cpuUsage(c)
        if (round > 0) { // round 0 warms the JIT
          const cpuMs = (cpu.user + cpu.system) / 1000
          times.push(ms); cpuTimes.push(cpuMs); (perQuery[q] ??= []).push(cpuMs)
          const key = q.slice(0, k)
          const w = worst.get(key)
          if (!w || w.ms < cpuMs) worst.set(key, { ms: cpuMs, stats: JSON.stringify(index.stats) })
        }
      }
    }
  }
  times.sort((a, b) => a - b)
  cpuTimes.sort((a, b) => a - b)
  plainTimes.sort((a, b) => a - b)
  const p95 = pct(times, 0.95)
  const line = (ts: number[]) => `p50 ${f(pct(ts, 0.5))} ms, p95 ${f(pct(ts, 0.95))} ms, max ${f(ts[ts.length - 1])} ms`
  console.log(`\n${label}: ${N} entries, ${times.length} keystrokes over ${ROUNDS - 1} rounds`)
  console.log(`  index build (once per registry/language/permissions change): ${f(buildMs)} ms`)
  const verdict = (p: number) => `target ≤ ${TARGET_MS} ms (p95): ${p <= TARGET_MS ? 'met' : 'NOT met'}`
  console.log(`  per keystroke, wall: ${line(times)} — ${verdict(p95)}`)
  console.log(`  per keystroke, CPU:  ${line(cpuTimes)} — ${verdict(pct(cpuTimes, 0.95))} (= wall on a quiet machine)`)
  for (const [q, ts] of Object.entries(perQuery)) { ts.sort((a, b) => a - b); console.log(`    '${q}' (CPU): ${line(ts)}`) }
  const slowest = [...worst.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 3)
  console.log(`  slowest prefixes (worst CPU time; fields bounded per level, records Fuse scored): ${slowest.map(([k, v]) => `'${k}' ${f(v.ms)} ms ${v.stats}`).join('; ')}`)
  console.log(`  plain Fuse over all entries, '${QUERIES[0]}' typed: p50 ${f(pct(plainTimes, 0.5))} ms, max ${f(plainTimes[plainTimes.length - 1])} ms`)
  console.log(`  ranking identical to plain Fuse (top 50, every prefix): ${mismatches === 0 ? 'yes' : `NO (${mismatches} prefixes differ)`}`)
  console.log(`  palette rows = re-rank of plain Fuse's top ${50 * RERANK_WINDOW} (every prefix): ${rerankMismatches === 0 ? 'yes' : `NO (${rerankMismatches} prefixes differ)`}`)
}

const load = () => loadavg().map((x) => x.toFixed(1)).join(' ')
console.log(`palette ranking benchmark — node ${process.version}, load average ${load()}`)
console.log(`per keystroke: searchPalette — Fuse's exact top ${50 * RERANK_WINDOW} by the bound search, re-ranked, first 50`)
run('realistic', realisticDefs())
run('worst case (36-word vocabulary)', worstCaseDefs())
console.log(`\nload average at the end ${load()}`)
