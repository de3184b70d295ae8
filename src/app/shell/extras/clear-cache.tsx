// Clear cache (spec section 4): confirm, then wipe local storage and cookies and reload — which signs
// everyone out of this browser (the label says so).
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { clearAllCookies } from '../../lib/cookies'
import { Modal, btn } from './ui-kit'

/** Wipes localStorage and every visible cookie, then reloads. Used by the button and the command effect. */
export function clearCacheAndReload(reload: () => void = () => location.reload()): void {
  try { localStorage.clear() } catch (e) { console.warn('[clear-cache] localStorage', e) }
  clearAllCookies()
  reload()
}

export function ClearCacheButton() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className={btn.icon} onClick={() => setOpen(true)} aria-label={t('extras:clearCache.button')} title={t('extras:clearCache.button')} data-testid="clear-cache">
        <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2"><path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" /></svg>
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        width={440}
        title={t('extras:clearCache.title')}
        testId="clear-cache-dialog"
        footer={(
          <>
            <button type="button" className={btn.plain} onClick={() => setOpen(false)}>{t('extras:common.cancel')}</button>
            <button type="button" className={btn.danger} onClick={() => clearCacheAndReload()} data-testid="clear-cache-confirm">{t('extras:clearCache.confirm')}</button>
          </>
        )}
      >
        <p className="text-sm text-gray-700">{t('extras:clearCache.message')}</p>
      </Modal>
    </>
  )
}
