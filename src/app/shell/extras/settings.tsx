// Settings drawer (spec section 2): theme colour presets, tags view, fixed header, sidebar logo,
// release alerts, UI size; persisted (settings-store.ts). Native radios/checkboxes: arrow keys and
// Space work without extra code, and screen readers know them.
import { useEffect, useState } from 'react'
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { useSnapshot } from 'valtio'
import { useTranslation } from 'react-i18next'
import { ui, THEME_PRESETS } from '../../state/ui'
import { session } from '../../state/session'
import { SIZES, setTheme, startSettingsPersistence, resetSettings, readJobOption, writeJobOption } from './settings-store'
import { usePanel, btn } from './ui-kit'

const TOGGLES = ['tagsView', 'fixedHeader', 'sidebarLogo', 'showReleaseAlert'] as const

export function SettingsDrawer() {
  const { t } = useTranslation()
  const panel = usePanel('settings')
  const { settings } = useSnapshot(ui)
  const { language } = useSnapshot(session)
  const [job, setJob] = useState(readJobOption)
  // Mounted once by the layout for the app's life: load stored settings and keep saving them.
  useEffect(() => startSettingsPersistence(), [])

  return (
    <Dialog open={panel.open} onClose={panel.hide} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/30" />
      <DialogPanel data-testid="settings-drawer" className="fixed inset-y-0 right-0 w-[300px] max-w-full overflow-y-auto bg-white p-5 shadow-xl">
        <div className="mb-4 flex items-center justify-between">
          <DialogTitle className="text-base font-semibold">{t('extras:settings.title')}</DialogTitle>
          <button type="button" onClick={panel.hide} aria-label={t('extras:common.close')} className="rounded px-2 text-xl leading-none text-gray-500 hover:bg-gray-100">×</button>
        </div>

        <fieldset className="mb-5">
          <legend className="mb-2 text-sm font-medium">{t('extras:settings.theme')}</legend>
          <div className="flex flex-wrap gap-2">
            {THEME_PRESETS.map((c) => (
              <label key={c} className="cursor-pointer" title={c}>
                <input type="radio" name="theme" value={c} checked={settings.theme.toLowerCase() === c.toLowerCase()} onChange={(e) => setTheme(e.target.value)} className="peer sr-only" aria-label={t('extras:settings.themeColour', { colour: c })} />
                <span className="block h-7 w-7 rounded border-2 border-transparent peer-checked:border-gray-900 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2" style={{ background: c }} />
              </label>
            ))}
          </div>
        </fieldset>

        {TOGGLES.map((k) => (
          <label key={k} className="mb-3 flex items-center justify-between text-sm">
            <span>{t(`extras:settings.${k}`)}</span>
            <input type="checkbox" role="switch" checked={settings[k]} onChange={(e) => { ui.settings[k] = e.target.checked }} className="h-4 w-4 accent-[var(--theme)]" />
          </label>
        ))}

        {language === 'zh' && (
          <label className="mb-3 flex items-center justify-between text-sm">
            <span>{t('extras:settings.job')}</span>
            <input type="checkbox" role="switch" checked={job} onChange={(e) => { setJob(e.target.checked); writeJobOption(e.target.checked) }} className="h-4 w-4 accent-[var(--theme)]" />
          </label>
        )}

        <fieldset className="mb-5 mt-4">
          <legend className="mb-2 text-sm font-medium">{t('extras:settings.size')}</legend>
          <div className="flex gap-3 text-sm">
            {SIZES.map((s) => (
              <label key={s} className="flex items-center gap-1">
                <input type="radio" name="size" value={s} checked={settings.size === s} onChange={() => { ui.settings.size = s }} className="accent-[var(--theme)]" />
                {t(`extras:settings.sizes.${s}`)}
              </label>
            ))}
          </div>
        </fieldset>

        <button type="button" className={btn.plain} onClick={resetSettings}>{t('extras:settings.reset')}</button>
      </DialogPanel>
    </Dialog>
  )
}
