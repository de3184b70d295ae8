// The text-translation console stand-in: the same locales/ files the console bundles, served by
// namespace (POST /i18n-console/client/pull/text-map), per language (remote messages) and as the
// static per-language file (GET /locales/<lang>/<ns>.json?t=…).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { defineRoute, raw, type RouteDef } from '../../http/route'
import { fieldError, notFound } from '../../http/errors'
import { LOCALES_DIR } from '../../i18n'
import { LANGUAGES, type Language } from '../../../domain/i18n'

type Tree = { [k: string]: string | Tree }
const NAMESPACE = /^[A-Za-z][\w-]{0,63}$/

function readNamespace(lang: Language, ns: string): Tree | undefined {
  if (!NAMESPACE.test(ns)) return undefined
  const file = join(LOCALES_DIR, lang, `${ns}.json`)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Tree) : undefined
}

export function namespacesOf(lang: Language): string[] {
  const dir = join(LOCALES_DIR, lang)
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort() : []
}

function flatten(tree: Tree, prefix: string, out: Record<string, string>) {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out[prefix + k] = v
    else flatten(v, `${prefix}${k}.`, out)
  }
}

/** { <lang>: { '<ns>:<dotted.key>': text } } for the namespaces asked for. */
export function textMap(appList: readonly string[]): Record<Language, Record<string, string>> {
  const out = {} as Record<Language, Record<string, string>>
  for (const lang of LANGUAGES) {
    out[lang] = {}
    for (const ns of appList) {
      const tree = readNamespace(lang, ns)
      if (tree) flatten(tree, `${ns}:`, out[lang])
    }
  }
  return out
}

const language = z.enum(LANGUAGES)

export function translationRoutes(): RouteDef[] {
  return [
    defineRoute({
      method: 'POST', url: '/i18n-console/client/pull/text-map', envelope: 'main', auth: 'public',
      summary: "Pull texts of the named namespaces: { <lang>: { '<ns>:<key>': text } }; codeType 'nested' returns { <lang>: { <ns>: tree } }",
      body: z.object({
        appList: z.array(z.string().regex(NAMESPACE)).min(1, 'errors:field.required').max(50),
        codeType: z.enum(['flat', 'nested']).default('flat'),
      }),
      handler: ({ body }) => {
        const known = new Set(LANGUAGES.flatMap(namespacesOf))
        const unknown = body.appList.filter((ns) => !known.has(ns))
        if (unknown.length) throw fieldError('appList', 'errors:field.invalidValue', { value: unknown.join(', ') })
        if (body.codeType === 'flat') return textMap(body.appList)
        return Object.fromEntries(LANGUAGES.map((l) => [l, Object.fromEntries(body.appList.map((ns) => [ns, readNamespace(l, ns) ?? {}]))]))
      },
    }),
    defineRoute({
      method: 'GET', url: '/i18n-console/client/messages/:lang', envelope: 'main', auth: 'public',
      summary: "Remote messages of one language, every namespace: { '<ns>:<key>': text }",
      params: z.object({ lang: language }),
      handler: ({ params }) => textMap(namespacesOf(params.lang))[params.lang],
    }),
    defineRoute({
      method: 'GET', url: '/locales/:lang/:file', envelope: 'raw', auth: 'public',
      summary: 'Static per-language translation file (<ns>.json; a ?t= timestamp query defeats caches)',
      params: z.object({ lang: language, file: z.string().regex(/^[A-Za-z][\w-]{0,63}\.json$/) }),
      handler: ({ params }, reply) => {
        const tree = readNamespace(params.lang, params.file.slice(0, -5))
        if (!tree) throw notFound()
        reply.header('cache-control', 'no-cache')
        return raw(tree)
      },
    }),
  ]
}
