// Every resource declaration is complete and consistent: its fields are named where they are used,
// references and dictionaries exist, labels are translated in zh/en/es-MX, the derived drizzle
// table matches the migrated table column for column, spec paths are not claimed twice, and the
// generated command titles (src/server/resources/titles.ts) are current.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { readFileSync } from 'node:fs'
import { getTableConfig } from 'drizzle-orm/pg-core'
import { ALL_RESOURCES, RESOURCE_BY_NAME } from '../../src/domain/resources/index'
import { dictValues, fieldLabelKey, titleKeyOf, type FieldDef } from '../../src/domain/resource'
import { resourceTable } from '../../src/server/resources/table'
import { expectedCommandTitles, resourcesLocaleFile } from '../../src/server/resources/titles'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { LANGS, loadLocales } from '../helpers/locales'

const locales = loadLocales()

let tdb: TestDatabase
beforeAll(async () => { tdb = await createTestDatabase() }, 60_000)
afterAll(async () => { await tdb?.drop() })

describe.each(ALL_RESOURCES.map((d) => [d.name, d] as const))('declaration %s', (_n, def) => {
  const fields = def.fields as Record<string, FieldDef>
  const names = new Set(Object.keys(fields))

  it('names only its own fields in list, filters, search, form, status, import, lookup and label', () => {
    const used = [
      ...def.list.columns, ...def.list.search ?? [], ...Object.keys(def.list.filters ?? {}).filter((k) => k !== 'q'),
      ...def.form.flat(), ...(def.status ? [def.status.field] : []), ...(def.import ? [...def.import.columns, def.import.key] : []),
      ...(def.lookup ? [def.lookup] : []), ...(def.label ? [def.label] : []), ...(def.readOnlyRow ? [def.readOnlyRow.field] : []),
    ] as string[]
    expect(used.filter((f) => !names.has(f))).toEqual([])
    const sortable = new Set([...def.list.columns as string[], 'id', 'createdAt', 'updatedAt'])
    expect(sortable.has(def.list.defaultSort.split(':')[0]), def.list.defaultSort).toBe(true)
    if (def.list.filters?.q) expect(def.list.search?.length, 'q needs search fields').toBeGreaterThan(0)
  })

  it('refers to existing resources and dictionaries; status values are in its dictionary', () => {
    for (const [n, f] of Object.entries(fields)) {
      if (f.kind === 'ref' || f.kind === 'refMany') expect(RESOURCE_BY_NAME.has(f.ref!), `${n} → ${f.ref}`).toBe(true)
      if (f.kind === 'enum') expect(dictValues(f.dict), `${n} dict ${f.dict}`).toBeDefined()
    }
    if (def.status) {
      const d = dictValues(def.status.dict)!
      expect(d.values).toContain(String(def.status.enabled))
      expect(d.values).toContain(String(def.status.disabled))
      expect(fields[def.status.field as string].dict).toBe(def.status.dict)
    }
  })

  it('has its title, field labels and enum labels in zh, en and es-MX', () => {
    const keys = [titleKeyOf(def), ...[...names].map((f) => fieldLabelKey(def, f))]
    for (const f of Object.values(fields)) if (f.kind === 'enum') for (const v of dictValues(f.dict)!.values) keys.push(`dict:${f.dict}.${v}`)
    for (const a of def.actions ?? []) keys.push(a.title, ...(a.confirm ? [a.confirm] : []))
    // A count message (a confirm naming how many) is there as its plural forms: its `_other` form.
    const missing = LANGS.flatMap((l) => keys.filter((k) => !locales[l][k] && !locales[l][`${k}_other`]).map((k) => `${l} ${k}`))
    expect(missing).toEqual([])
  })

  it('derives a drizzle table whose columns are exactly the migrated ones', async () => {
    const cfg = getTableConfig(resourceTable(def))
    expect(cfg.name).toBe(def.table)
    const rows = await tdb.database.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`, [def.table])
    const inDb = new Set(rows.map((r) => r.column_name))
    const derived = new Set(cfg.columns.map((c) => c.name))
    expect([...derived].filter((c) => !inDb.has(c)), 'derived but not migrated').toEqual([])
    // A core table may carry columns the resource does not expose (e.g. app_user.password_hash): only
    // resource-owned tables must match exactly.
    if (!def.existingTable) expect([...inDb].filter((c) => !derived.has(c)), 'migrated but not declared').toEqual([])
  })
})

describe('all resources together', () => {
  it('no spec path is claimed by two resources', () => {
    const seen = new Map<string, string>()
    const clashes: string[] = []
    for (const d of ALL_RESOURCES) {
      for (const p of Object.values(d.specPaths ?? {})) {
        if (seen.has(p!)) clashes.push(`${p} (${seen.get(p!)} and ${d.name})`)
        seen.set(p!, d.name)
      }
    }
    expect(clashes).toEqual([])
  })

  it('the generated command titles are current (run: npx tsx src/server/resources/titles.ts)', () => {
    for (const l of LANGS) {
      const json = JSON.parse(readFileSync(resourcesLocaleFile(l), 'utf8')) as { verb: Record<string, string>; command: unknown }
      expect(json.command, l).toEqual(expectedCommandTitles(json.verb))
    }
  })
})
