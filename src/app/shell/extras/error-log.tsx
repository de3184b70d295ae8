// Error-log button (only while ui.errorLog has entries) and its dialog: message, page, time — newest
// first, as the shell's API hook and the uncaught-error listener both unshift.
import { useSnapshot } from 'valtio'
import { useTranslation } from 'react-i18next'
import { ui } from '../../state/ui'
import { formatTime } from '../../../domain/format'
import { Modal, usePanel, btn } from './ui-kit'

export function ErrorLogButton() {
  const { t } = useTranslation()
  const { errorLog } = useSnapshot(ui)
  const panel = usePanel('errorLog')
  return (
    <>
      {errorLog.length > 0 && (
        <button type="button" className={btn.icon} onClick={() => panel.show()} aria-label={t('extras:errorLog.button', { count: errorLog.length })} data-testid="error-log-button">
          <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5 text-red-600" fill="none" stroke="currentColor" strokeWidth="2"><circle cx="12" cy="12" r="9" /><path d="M12 7v6M12 16.5v.5" /></svg>
          <span className="absolute -right-0.5 -top-0.5 rounded-full bg-red-600 px-1 text-[10px] leading-4 text-white">{errorLog.length}</span>
        </button>
      )}
      <Modal
        open={panel.open}
        onClose={panel.hide}
        width={900}
        title={t('extras:errorLog.title')}
        testId="error-log-dialog"
        footer={<button type="button" className={btn.plain} disabled={!errorLog.length} onClick={() => { ui.errorLog = []; panel.hide() }}>{t('extras:errorLog.clear')}</button>}
      >
        {!errorLog.length ? <p className="text-sm text-gray-500">{t('extras:errorLog.empty')}</p> : (
          <div className="max-h-[60vh] overflow-auto">
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-gray-50">
                <tr><th className="px-2 py-1">{t('extras:errorLog.message')}</th><th className="px-2 py-1">{t('extras:errorLog.url')}</th><th className="px-2 py-1 whitespace-nowrap">{t('extras:errorLog.time')}</th></tr>
              </thead>
              <tbody>
                {errorLog.map((e, i) => (
                  <tr key={i} className="border-t border-gray-100 align-top">
                    <td className="px-2 py-1">
                      <div className="text-red-700">{e.message}</div>
                      {e.stack && <details><summary className="cursor-pointer text-xs text-gray-500">{t('extras:errorLog.stack')}</summary><pre className="whitespace-pre-wrap text-xs">{e.stack}</pre></details>}
                    </td>
                    <td className="break-all px-2 py-1 text-gray-600">{e.url}</td>
                    <td className="whitespace-nowrap px-2 py-1 text-gray-600">{formatTime(e.time)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Modal>
    </>
  )
}
