// The layers' arrows (issue 19 §6, ARCHITECTURE.md "Keeping the layers clean as the server grows"),
// read from the code's own import lines (static, side-effect, `export … from`, `import type` and lazy
// `import()`), like madge:
//  - no circle anywhere in the import graph of src/ and commands/ — in particular none through a
//    registry (src/app/pages/registry.ts lazily imports every page, src/server/areas/index.ts imports
//    every area): the members import their kit (src/app/pages/kit.ts, src/server/http/area.ts), never
//    the registry;
//  - src/server/commands/ (the executor and handler registry) imports no area: the composition root
//    (src/server/app.ts → areas/index.ts) imports the areas and each area imports its handler modules;
//  - src/server/resources/ imports no area; src/server/inventory/ does not lean on
//    src/server/resources/service.ts (rowsOf is a database helper: src/server/db/rows.ts);
//  - pages import not the screen registry (only the shell, outside pages/, does).
// .oxlintrc.json says the same per import for the editor; this test also follows the graph (circles).
import { describe, it, expect } from 'vitest'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const ROOT = resolve(__dirname, '../..')
const SCANNED = ['src', 'commands']
const EXTENSIONS = ['.ts', '.tsx']

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p))
    else if (EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(p)
  }
  return out
}

/** Comments out (a commented example `import('./<area>/<Page>')` is no edge); strings are left alone. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').split('\n').filter((l) => !/^\s*\/\//.test(l)).join('\n')
}

const IMPORT_RES = [
  /(?:^|[\n;])\s*(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g, // import x / { a } / type { A } / * as n from '…'; export { a } / * from '…'
  /(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g, // import '…' (side effect: registers)
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g, // import('…') (lazy, and `import('…').Type`)
]

/** Module specifiers a source text imports. */
export function specifiersOf(text: string): string[] {
  const clean = withoutComments(text)
  const out = new Set<string>()
  for (const re of IMPORT_RES) for (const m of clean.matchAll(re)) out.add(m[1])
  return [...out]
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, 'index' + e))]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return undefined
}

/** The import graph: repository-relative file → the repository files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const top of SCANNED) {
    for (const file of sourceFiles(join(ROOT, top))) {
      const targets = specifiersOf(readFileSync(file, 'utf8'))
        .map((s) => resolveImport(file, s))
        .filter((t): t is string => !!t)
        .map((t) => relative(ROOT, t))
      graph.set(relative(ROOT, file), [...new Set(targets)])
    }
  }
  return graph
}

/** Strongly connected components of more than one file (or a file importing itself): the circles. */
export function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  // Iterative Tarjan (the graph has hundreds of files; recursion depth is not the point here).
  for (const start of graph.keys()) {
    if (index.has(start)) continue
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }]
    index.set(start, counter); low.set(start, counter); counter++
    stack.push(start); onStack.add(start)
    while (work.length) {
      const top = work[work.length - 1]
      const edges = graph.get(top.node) ?? []
      if (top.next < edges.length) {
        const to = edges[top.next++]
        if (!graph.has(to)) continue
        if (!index.has(to)) {
          index.set(to, counter); low.set(to, counter); counter++
          stack.push(to); onStack.add(to)
          work.push({ node: to, next: 0 })
        } else if (onStack.has(to)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!))
        }
        continue
      }
      work.pop()
      if (work.length) {
        const parent = work[work.length - 1].node
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!))
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = []
        let n: string
        do { n = stack.pop()!; onStack.delete(n); component.push(n) } while (n !== top.node)
        if (component.length > 1 || (graph.get(top.node) ?? []).includes(top.node)) found.push(component.sort())
      }
    }
  }
  return found
}

const graph = importGraph()
const under = (dir: string) => (f: string) => f.startsWith(dir)
/** Imports of the files under `dir` that land in files matching `forbidden`, as "from → to". */
function arrows(dir: string, forbidden: (target: string) => boolean, except: (file: string) => boolean = () => false): string[] {
  const out: string[] = []
  for (const [file, targets] of graph) {
    if (!file.startsWith(dir) || except(file)) continue
    for (const t of targets) if (forbidden(t)) out.push(`${file} → ${t}`)
  }
  return out
}

describe('the import graph is read from the code (the scanner itself)', () => {
  it('sees every kind of import line', () => {
    expect(specifiersOf([
      "import { a, type B } from './a'",
      'import type {\n  C,\n  D,\n} from "../c"',
      "import './side-effect'",
      "export { e } from './e'",
      "export * from './f'",
      "const P = lazy(() => import('./pages/P'))",
      "// import { commented } from './no'",
      "/* import('./nor') */",
      "const s = 'not an import from here'",
    ].join('\n')).sort()).toEqual(['../c', './a', './e', './f', './pages/P', './side-effect'])
  })

  it('finds the edges every layer rule depends on', () => {
    expect(graph.size).toBeGreaterThan(300)
    // static, lazy and side-effect imports all resolve to files
    expect(graph.get('src/server/app.ts')).toContain('src/server/areas/index.ts')
    expect(graph.get('src/app/pages/registry.ts')).toContain('src/app/pages/admin/UsersPage.tsx')
    expect(graph.get('src/server/areas/admin/index.ts')).toContain('src/server/areas/admin/user-handlers.ts')
    expect(graph.get('src/server/areas/admin/index.ts')).toContain('src/server/http/area.ts')
    expect(graph.get('src/app/pages/admin/UsersPage.tsx')).toContain('src/app/pages/kit.ts')
  })

  it('detects a circle, through a lazy import as well', () => {
    const g = new Map<string, string[]>([
      ['registry.ts', ['page-a.tsx', 'page-b.tsx', 'kit.ts']],
      ['page-a.tsx', ['kit.ts']],
      ['page-b.tsx', ['registry.ts']],
      ['kit.ts', []],
      ['self.ts', ['self.ts']],
    ])
    expect(circles(g)).toEqual(expect.arrayContaining([['page-b.tsx', 'registry.ts'], ['self.ts']]))
    expect(circles(g)).toHaveLength(2)
    expect(circles(new Map([['a', ['b']], ['b', []]]))).toEqual([])
  })
})

describe('the layers point one way (issue 19 §6)', () => {
  it('no circle in src/ and commands/: registries export no kit their members import', () => {
    expect(circles(graph)).toEqual([])
  })

  it('the screen registry and the list of areas are imported by their composition roots only', () => {
    const importersOf = (target: string) => [...graph].filter(([, ts]) => ts.includes(target)).map(([f]) => f).filter((f) => f.startsWith('src/')).sort()
    expect(importersOf('src/server/areas/index.ts')).toEqual(['src/server/app.ts'])
    expect(importersOf('src/app/pages/registry.ts').filter(under('src/app/pages/'))).toEqual([])
  })

  it('src/server/commands/ imports no area (the areas register their handlers)', () => {
    expect(arrows('src/server/commands/', under('src/server/areas/'))).toEqual([])
  })

  it('src/server/resources/ imports no area', () => {
    expect(arrows('src/server/resources/', under('src/server/areas/'))).toEqual([])
  })

  it('the ledger and allocation (src/server/inventory/) take no helper from the resource service', () => {
    expect(arrows('src/server/inventory/', (t) => t === 'src/server/resources/service.ts')).toEqual([])
  })

  it('http/ and db/ (below the areas and resources) import neither', () => {
    const upper = (t: string) => t.startsWith('src/server/areas/') || t.startsWith('src/server/resources/') || t.startsWith('src/server/commands/')
    expect(arrows('src/server/http/', upper)).toEqual([])
    // The demo seeds drive the areas' own flows and the schema derives the resources' tables from their
    // declarations (src/server/resources/table.ts); the client, its helpers and the migrations do not.
    expect(arrows('src/server/db/', upper, (f) => f.startsWith('src/server/db/seed') || f.startsWith('src/server/db/schema/'))).toEqual([])
  })
})
