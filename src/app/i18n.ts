// i18next over the locales/ folder (one JSON per namespace per language), bundled at build time.
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LANGUAGES, DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, STATUS_LIST_FORMAT, statusListText, type Language } from '../domain/i18n'

// Screen-only namespaces stay out of the main chunk (the JavaScript budget): their strings are used by one
// lazy page and its page-scoped commands only, and the page's loader fetches them with its chunk
// (loadNamespaces, src/app/pages/registry.ts). Every other namespace is bundled eagerly.
const files = import.meta.glob(['../../locales/*/*.json', '!../../locales/*/exceptions.json', '!../../locales/*/tob-ui.json', '!../../locales/*/cartons-ui.json', '!../../locales/*/transfers.json', '!../../locales/*/shipments.json', '!../../locales/*/cartons.json', '!../../locales/*/tob.json'], { eager: true, import: 'default' }) as Record<string, Record<string, unknown>>
const lazyFiles = import.meta.glob(['../../locales/*/exceptions.json', '../../locales/*/tob-ui.json', '../../locales/*/cartons-ui.json', '../../locales/*/transfers.json', '../../locales/*/shipments.json', '../../locales/*/cartons.json', '../../locales/*/tob.json'], { import: 'default' }) as Record<string, () => Promise<Record<string, unknown>>>

export const resources: Record<string, Record<string, Record<string, unknown>>> = {}
for (const [path, json] of Object.entries(files)) {
  const m = path.match(/locales\/([^/]+)\/([^/]+)\.json$/)
  if (!m) continue
  ;(resources[m[1]] ??= {})[m[2]] = json
}
export const namespaces = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))]

export function initI18n(lng: Language = DEFAULT_LANGUAGE) {
  if (i18next.isInitialized) {
    void i18next.changeLanguage(lng)
    return i18next
  }
  void i18next.use(initReactI18next).init({
    resources,
    lng,
    supportedLngs: [...LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGE,
    ns: namespaces,
    defaultNS: 'common',
    nsSeparator: ':',
    keySeparator: '.',
    interpolation: { escapeValue: false },
    returnNull: false,
    // Admin dictionary labels are written into the store after start (src/app/lib/dictionaries.ts).
    react: { bindI18nStore: 'added' },
  })
  // `{{allowed, statuses}}`: status label keys named the language's way (src/domain/i18n.ts).
  i18next.services.formatter?.add(STATUS_LIST_FORMAT, (value, lng) => statusListText(value, lng ?? i18next.language, (k) => i18next.t(k, { lng })))
  return i18next
}

/** Adds lazily bundled namespaces (every language) to the store; resolves once they are there. */
export async function loadNamespaces(...ns: string[]): Promise<void> {
  const wanted = Object.entries(lazyFiles).map(([path, load]) => ({ m: path.match(/locales\/([^/]+)\/([^/]+)\.json$/), load }))
    .filter((x): x is { m: RegExpMatchArray; load: () => Promise<Record<string, unknown>> } => !!x.m && ns.includes(x.m[2]!))
  await Promise.all(wanted.map(async ({ m, load }) => {
    const [, lng, name] = m as unknown as [string, string, string]
    if (i18next.hasResourceBundle(lng, name)) return
    const json = await load()
    ;(resources[lng] ??= {})[name] = json
    i18next.addResourceBundle(lng, name, json, true, true)
  }))
}

/** Every screen-only namespace: the palette loads them when it opens, so a command run away from its page still speaks. */
export function loadScreenNamespaces(): Promise<void> {
  const names = new Set(Object.keys(lazyFiles).map((path) => path.match(/locales\/[^/]+\/([^/]+)\.json$/)?.[1]).filter((n): n is string => !!n))
  return loadNamespaces(...names)
}

export { i18next }
