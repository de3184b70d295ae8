// The drizzle trap behind "wave BC… with 13 tasks says Tasks 2" (issue 18): in a select over one table,
// drizzle writes a column placed directly in a field's `sql` template without its table ("id"), and in
// a correlated subquery PostgreSQL binds that bare name to the subquery's own table first — the count
// of picking tasks WHERE t.wave_id = "id" compared a task with itself. The outer column must stay
// qualified: `${outer(w.id)}` (src/server/http/list.ts) or `${w}.id`. This test reads every module of
// src/server and refuses a select field (an `sql` template ending in .as(…) / .mapWith(…)) that holds
// a SELECT and interpolates a column of a drizzle table bare.
import { describe, it, expect } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { wave } from '../../src/server/db/schema/index'
import { outer } from '../../src/server/http/list'

const ROOT = join(__dirname, '..', '..')

interface Template { literal: string; exprs: { text: string; at: number }[]; field: boolean }

/** Every sql`…` template of a source text (nested ones too): its literal text, its top-level interpolations, and whether it is a select field. */
export function sqlTemplates(src: string): Template[] {
  const out: Template[] = []
  const re = /\bsql(?:\s*<[^`;]*?>)?\s*`/g
  for (let m = re.exec(src); m; m = re.exec(src)) {
    const t = readTemplate(src, m.index + m[0].length)
    if (t) out.push({ literal: t.literal, exprs: t.exprs, field: /^\s*\.(?:as|mapWith)\(/.test(src.slice(t.end)) })
  }
  return out
}
function readTemplate(src: string, i: number): { literal: string; exprs: { text: string; at: number }[]; end: number } | null {
  let literal = ''
  const exprs: { text: string; at: number }[] = []
  while (i < src.length) {
    const c = src[i]
    if (c === '\\') { literal += src.slice(i, i + 2); i += 2; continue }
    if (c === '`') return { literal, exprs, end: i + 1 }
    if (c === '$' && src[i + 1] === '{') {
      const end = skipExpr(src, i + 2)
      exprs.push({ text: src.slice(i + 2, end).trim(), at: i + 2 })
      literal += ' ${} '
      i = end + 1
      continue
    }
    literal += c
    i++
  }
  return null
}
/** Index of the `}` that closes an interpolation starting at i (strings, templates and braces inside skipped). */
function skipExpr(src: string, i: number): number {
  let depth = 0
  while (i < src.length) {
    const c = src[i]
    if (c === '{') depth++
    else if (c === '}') { if (depth === 0) return i; depth-- }
    else if (c === "'" || c === '"') { const quote = c; i++; while (i < src.length && src[i] !== quote) { if (src[i] === '\\') i++; i++ } }
    else if (c === '`') { const t = readTemplate(src, i + 1); i = t ? t.end - 1 : src.length }
    i++
  }
  return i
}
/** Names bound to drizzle tables in a module: imported from db/schema, resource tables, and `const x = <table>` aliases of those. */
export function tableNames(src: string): Set<string> {
  const names = new Set<string>()
  for (const m of src.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[^']*db\/schema[^']*'/g)) {
    for (const part of m[1]!.split(',')) {
      if (part.trim().startsWith('type ')) continue
      const name = part.trim().split(/\s+as\s+/).pop()!.trim()
      if (name) names.add(name)
    }
  }
  for (const m of src.matchAll(/\bconst\s+([A-Za-z_$][\w$]*)\s*=\s*(?:resourceTables\b[^\n;]*|resourceTable\([^\n;]*\))/g)) names.add(m[1]!)
  for (let grew = true; grew;) {
    grew = false
    for (const m of src.matchAll(/\bconst\s+([A-Za-z_$][\w$]*)\s*=\s*([A-Za-z_$][\w$]*)\s*(?:[\n;]|$)/g)) {
      if (names.has(m[2]!) && !names.has(m[1]!)) { names.add(m[1]!); grew = true }
    }
  }
  return names
}
/** Select fields that hold a subquery and interpolate a table's column bare: the trap. */
export function subqueryTraps(src: string): { line: number; expr: string }[] {
  const tables = tableNames(src)
  const out: { line: number; expr: string }[] = []
  for (const t of sqlTemplates(src)) {
    if (!t.field || !/\bselect\b/i.test(t.literal)) continue
    for (const e of t.exprs) {
      const m = /^([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)$/.exec(e.text)
      if (m && tables.has(m[1]!)) out.push({ line: src.slice(0, e.at).split('\n').length, expr: e.text })
    }
  }
  return out
}

function serverModules(dir = join(ROOT, 'src', 'server')): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? serverModules(p) : p.endsWith('.ts') ? [p] : []
  })
}

describe('correlated subqueries in select fields keep their outer column qualified', () => {
  it('the trap itself: drizzle writes a bare column into a single-table select field; outer() keeps its table', () => {
    const db = drizzle.mock()
    const count = (col: unknown) => db.select({ taskCount: sql<number>`(SELECT count(*) FROM picking_task t WHERE t.wave_id = ${col})`.as('taskCount') }).from(wave).toSQL().sql
    // Bare "id" inside the subquery is picking_task.id: the count compared each task with itself.
    expect(count(wave.id)).toContain('WHERE t.wave_id = "id")')
    expect(count(outer(wave.id))).toContain('WHERE t.wave_id = "wave"."id")')
  })

  it('finds the trap in the shape that counted 2 tasks for a wave of 13 (and not in its fixed forms)', () => {
    const head = `import { wave, pickingTask } from '../../db/schema/index'\nconst w = wave\n`
    const trap = `${head}const L = { select: { taskCount: sql<number>\`(SELECT count(*)::int FROM picking_task t WHERE t.wave_id = \${w.id})\`.as('taskCount') } }`
    expect(subqueryTraps(trap)).toEqual([{ line: 3, expr: 'w.id' }])
    // A table used directly, nested templates and mapWith fields are found too.
    expect(subqueryTraps(`${head}const x = sql<number>\`coalesce((SELECT 1 FROM picking_task t WHERE t.wave_id = \${pickingTask.waveId} AND \${sql\`1\`} = 1), 0)\`.mapWith(Number)`)).toHaveLength(1)
    for (const fixed of [
      `${head}const a = sql<number>\`(SELECT count(*)::int FROM picking_task t WHERE t.wave_id = \${outer(w.id)})\`.as('taskCount')`,
      `${head}const b = sql<number>\`(SELECT count(*)::int FROM picking_task t WHERE t.wave_id = \${w}.id)\`.as('taskCount')`,
      // Not a select field (a WHERE condition keeps its table), or no subquery, or a row's value.
      `${head}const c = sql\`\${w.id} IN (SELECT wave_id FROM picking_task)\``,
      `${head}const d = sql<number>\`\${w.qty} - \${w.pickedQty}\`.as('left')`,
      `${head}const e = (row: { id: number }) => sql<number>\`(SELECT 1 FROM wave x WHERE x.id = \${row.id})\`.as('one')`,
    ]) expect(subqueryTraps(fixed), fixed).toEqual([])
  })

  it('no module of src/server has it', () => {
    const found = serverModules().flatMap((f) => subqueryTraps(readFileSync(f, 'utf8')).map((x) => `${relative(ROOT, f)}:${x.line} \${${x.expr}} → \${outer(${x.expr})}`))
    expect(found).toEqual([])
  })
})
