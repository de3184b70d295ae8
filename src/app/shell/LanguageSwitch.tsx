// Language switch (top bar and sign-in page). A native select: fully keyboard operable everywhere,
// names the current language to screen readers. Language names are endonyms from the shell locale.
import { useSnapshot } from 'valtio'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, isLanguage } from '../../domain/i18n'
import { session } from '../state/session'
import { setLanguage } from './language'

export function LanguageSwitch() {
  const { language } = useSnapshot(session)
  const { t } = useTranslation()
  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="sr-only">{t('shell:language.label')}</span>
      <select data-testid="language-switch" aria-label={t('shell:language.label')} value={language}
        onChange={(e) => { if (isLanguage(e.target.value)) setLanguage(e.target.value) }}
        className="max-w-[7rem] rounded border border-slate-300 bg-white px-1.5 py-1 text-sm">
        {LANGUAGES.map((l) => <option key={l} value={l}>{t(`shell:language.names.${l}`)}</option>)}
      </select>
    </label>
  )
}
