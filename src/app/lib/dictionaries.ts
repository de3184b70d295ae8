// The client's dictionary cache (spec section 3: "Dictionary cache in session storage under
// Dictionaries keyed by dictionary code, entries with dictValue; lookup returns first entry's
// dictValue"). After the session loads, every dictionary is fetched once (GET …/dict/all, labels in
// the request language) and kept in sessionStorage 'Dictionaries'.
//
// Enum labels everywhere (grid cells, filters, selects, dialogs) are `t('dict:<code>.<value>')`. An
// administrator's label (dictionary screen) must win over the bundled translation, so the labels the
// server sends that differ from the bundled ones are written into i18next's `dict` bundle of that
// language — every existing `t(dictLabelKey(…))` then shows them with no change at the call sites,
// and react-i18next re-renders on the store's 'added' event (bindI18nStore in src/app/i18n.ts).
// Labels that stop being overridden go back to the bundled text (kept in BUNDLED below).
//
// Refreshed when the language changes (labels are per language) and after any write on the
// dictionary screen (see SENTINEL below); cleared on logout.
import { hashKey } from '@tanstack/react-query'
import { api } from '../api/clients'
import { i18next, resources } from '../i18n'
import { session } from '../state/session'
import { queryClient } from '../state/query-client'
import { DICTIONARIES, DICT_ITEM_RESOURCE, dictLabelKey, firstDictValue, findDictItem, type DictionaryMap } from '../../domain/dictionaries'
import { gridIdOf } from '../resources/ids'

/** sessionStorage key (spec). */
export const DICTIONARIES_KEY = 'Dictionaries'
/** The spec's dictionary path (the shell serves it at /base/dict/all too). */
export const DICT_ALL_PATH = '/wms-plus-base/dict/all'

type Labels = Record<string, Record<string, string>>

// The bundled `dict` texts per language, copied before anything is overridden: i18next keeps the
// very objects of `resources` as its store, so overrides mutate them.
const BUNDLED: Record<string, Labels> = Object.fromEntries(
  Object.entries(resources).map(([lang, nss]) => [lang, JSON.parse(JSON.stringify(nss.dict ?? {})) as Labels]),
)
/** Per language: the `code.value` keys currently overridden, so they can be restored. */
const applied = new Map<string, Set<string>>()

function storage(): Storage | undefined {
  try { return typeof sessionStorage === 'undefined' ? undefined : sessionStorage } catch { return undefined }
}

/** The cached dictionaries (undefined before the first load or after logout). */
export function readDictionaries(): DictionaryMap | undefined {
  const raw = storage()?.getItem(DICTIONARIES_KEY)
  if (!raw) return undefined
  try {
    const v = JSON.parse(raw) as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? v as DictionaryMap : undefined
  } catch {
    return undefined
  }
}

// A version bumped whenever the cache changes, for screens whose options come from it (enum filters):
// useSyncExternalStore(subscribeDictionaries, dictionariesVersion).
let version = 0
const listeners = new Set<() => void>()
export function subscribeDictionaries(fn: () => void): () => void {
  listeners.add(fn)
  return () => { listeners.delete(fn) }
}
export const dictionariesVersion = (): number => version
function bump(): void {
  version++
  for (const fn of [...listeners]) fn()
}

/**
 * Values an administrator added to a bundled dictionary (active rows of the cache outside DICTIONARIES),
 * in the cache's order. Numeric dictionaries keep only integer values (the columns are smallint).
 */
export function addedDictValues(code: string): string[] {
  const bundled = (DICTIONARIES as Record<string, readonly { value: string }[]>)[code]
  if (!bundled) return []
  const known = new Set(bundled.map((e) => e.value))
  const numeric = bundled.every((e) => /^-?\d+$/.test(e.value))
  const out: string[] = []
  for (const it of readDictionaries()?.[code] ?? []) {
    const v = it?.dictValue
    if (typeof v !== 'string' || known.has(v) || out.includes(v)) continue
    if (numeric && !(/^-?\d{1,5}$/.test(v) && Math.abs(Number(v)) <= 32767)) continue
    out.push(v)
  }
  return out
}

/** Spec lookup: the first entry's dictValue of a dictionary code. */
export function dictValue(code: string): string | undefined {
  return firstDictValue(readDictionaries(), code)
}

/** The label of one value in the current language: the admin's label when there is one, else the bundled one. */
export function dictLabel(code: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const key = dictLabelKey(code, value)
  if (i18next.exists(key)) return i18next.t(key)
  // A value the admin added without a bundled translation: its stored label, else the raw value.
  return findDictItem(readDictionaries(), code, value)?.dictLabel ?? String(value)
}

/** The labels of `map` that differ from the bundled ones of `lang` (what the admin changed or added). */
export function overridesOf(lang: string, map: DictionaryMap): Labels {
  const base = BUNDLED[lang] ?? {}
  const out: Labels = {}
  for (const [code, items] of Object.entries(map)) {
    for (const it of items ?? []) {
      if (!it || typeof it.dictLabel !== 'string' || !it.dictLabel) continue
      if (base[code]?.[it.dictValue] === it.dictLabel) continue
      ;(out[code] ??= {})[it.dictValue] = it.dictLabel
    }
  }
  return out
}

/**
 * Makes `overrides` the only deviations of `lang`'s `dict` bundle from the bundled texts: new ones
 * are written, earlier ones not in `overrides` are restored (or removed when nothing was bundled).
 * One store write, so the UI re-renders once.
 */
export function applyDictionaryOverrides(lang: string, overrides: Labels): void {
  const base = BUNDLED[lang] ?? {}
  const before = applied.get(lang) ?? new Set<string>()
  const now = new Set<string>()
  const codes = new Set([...Object.keys(overrides), ...[...before].map((k) => k.slice(0, k.indexOf('.')))])
  if (!codes.size) return
  // A whole code object per touched code: addResourceBundle(deep = false) replaces codes wholesale.
  const patch: Labels = {}
  for (const code of codes) {
    patch[code] = { ...(base[code] ?? {}), ...(overrides[code] ?? {}) }
    for (const v of Object.keys(overrides[code] ?? {})) now.add(`${code}.${v}`)
  }
  applied.set(lang, now)
  if (!i18next.isInitialized) return
  i18next.addResourceBundle(lang, 'dict', patch, false, true)
}

/** Stores `map` (spec shape) and applies its admin labels to `lang`. */
export function setDictionaries(lang: string, map: DictionaryMap): void {
  if (lang === session.language) storage()?.setItem(DICTIONARIES_KEY, JSON.stringify(map))
  applyDictionaryOverrides(lang, overridesOf(lang, map))
  bump()
}

let inflight: Promise<void> | null = null
let again = false

/**
 * Fetches every dictionary in the session language, stores and applies it. Never throws: labels fall
 * back to the bundled texts when the call fails (the failure is logged). Concurrent calls share one
 * request, and one more runs afterwards when a call came in meanwhile (the data may have changed).
 */
export function refreshDictionaries(): Promise<void> {
  if (inflight) { again = true; return inflight }
  inflight = (async () => {
    try {
      do {
        again = false
        const lang = session.language
        try {
          const map = await api.get<DictionaryMap>(DICT_ALL_PATH, undefined, { silent: true })
          if (!session.token) return // signed out meanwhile
          setDictionaries(lang, map ?? {})
          armSentinel()
        } catch (e) {
          console.warn('dictionaries not loaded', e)
          return
        }
      } while (again)
    } finally {
      inflight = null
    }
  })()
  return inflight
}

/** Logout: drop the cache and every admin label (the next user may see other ones). */
export function clearDictionaries(): void {
  storage()?.removeItem(DICTIONARIES_KEY)
  queryClient.removeQueries({ queryKey: SENTINEL, exact: true })
  for (const lang of [...applied.keys()]) applyDictionaryOverrides(lang, {})
  bump()
}

// Module side effect, installed once: refresh on a language switch.
i18next.on('languageChanged', () => { if (session.token && session.userId) void refreshDictionaries() })

// Every write of the dictionary screen (form, status change, import, delete) ends by invalidating
// ['grid', <its grid id>] in the app's query client. A query of ours under that prefix, kept in the
// cache without observers, receives that invalidation even when the dictionary grid is not mounted
// (a form opened from the palette elsewhere); it is re-armed (valid again) after each refresh.
const SENTINEL = ['grid', gridIdOf({ name: DICT_ITEM_RESOURCE }), 'dictionaries-cache'] as const
const SENTINEL_HASH = hashKey(SENTINEL)

function armSentinel(): void {
  queryClient.setQueryDefaults(SENTINEL, { gcTime: Infinity, staleTime: Infinity, queryFn: () => Date.now() })
  queryClient.setQueryData(SENTINEL, Date.now())
}

queryClient.getQueryCache().subscribe((e) => {
  if (e.type === 'updated' && e.action.type === 'invalidate' && e.query.queryHash === SENTINEL_HASH && session.token && session.userId) {
    void refreshDictionaries()
  }
})
