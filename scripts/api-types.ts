// `npm run api:types [-- <url of openapi.json>]`: the TypeScript types of the API, generated with
// openapi-typescript from the OpenAPI document (/api/docs/openapi.json) into tests/api/client/openapi.d.ts —
// a committed file an integrator can copy; tests/api/command-api.test.ts fails when it is stale.
// Without a URL the document comes from an in-process server (in-memory database, nothing served).
import { writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import openapiTS, { type OpenAPI3 } from 'openapi-typescript'

export const API_TYPES_FILE = 'tests/api/client/openapi.d.ts'

/** The .d.ts of a document: `paths` (each command its own `/api/commands/<id>`) and `operations` keyed by command id. */
export async function apiTypes(doc: unknown): Promise<string> {
  return openapiTS(structuredClone(doc) as OpenAPI3, { alphabetize: true, silent: true })
}

/** The document of a server built in process over a migrated, empty in-memory database (nothing is served). */
export async function inProcessDocument(): Promise<unknown> {
  const [{ loadConfig }, { openDatabase }, { migrate }, { buildApp }] = await Promise.all([
    import('../src/server/config'), import('../src/server/db/client'), import('../src/server/db/migrate'), import('../src/server/app'),
  ])
  const database = await openDatabase({ dataDir: 'memory://' })
  await migrate(database)
  const app = await buildApp({ config: { ...loadConfig({}), staticDir: '/nonexistent', jwtSecret: 'api-types-0123456789abcdef0123456789' }, database, logger: false })
  try {
    await app.ready()
    return (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json()
  } finally {
    await app.close()
    await database.close()
  }
}

async function main() {
  const url = process.argv[2]
  const doc = url ? await (await fetch(url)).json() : await inProcessDocument()
  writeFileSync(API_TYPES_FILE, await apiTypes(doc))
  console.log(`${API_TYPES_FILE} written from ${url ?? 'the in-process document'}`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => { console.error(err); process.exit(1) })
}
