// i18next over the locales/ folder (one JSON per namespace per language), bundled at build time.
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LANGUAGES, DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, STATUS_LIST_FORMAT, statusListText, type Language } from '../domain/i18n'

const files = import.meta.glob('../../locales/*/*.json', { eager: true, import: 'default' }) as Record<string, Record<string, unknown>>

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

export { i18next }
