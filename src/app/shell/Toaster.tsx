// Renders the toast store (src/app/state/toast.ts). A polite live region so screen readers hear them;
// errors use role=alert. Toasts remove themselves after their time (3 s, errors 5 s). They stack at the
// bottom right, newest at the bottom, above the online-help button: never over the top bar's tabs,
// warehouse switcher or a page's toolbar (issue 18), and they never take focus.
import { useSnapshot } from 'valtio'
import { useTranslation } from 'react-i18next'
import { toasts } from '../state/toast'

const KIND_CLASS = {
  success: 'border-green-300 bg-green-50 text-green-800',
  info: 'border-slate-300 bg-white text-slate-800',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  error: 'border-red-300 bg-red-50 text-red-800',
} as const

export function Toaster() {
  const snap = useSnapshot(toasts)
  const { t } = useTranslation()
  return (
    <div className="pointer-events-none fixed bottom-24 right-4 z-[100] flex w-[min(28rem,calc(100vw-2rem))] flex-col items-end gap-2" aria-live="polite" data-testid="toaster">
      {snap.list.map((x) => (
        <div key={x.id} role={x.kind === 'error' ? 'alert' : 'status'} data-kind={x.kind}
          className={`pointer-events-auto flex max-w-full items-start gap-3 rounded border px-4 py-2 shadow ${KIND_CLASS[x.kind]}`}>
          <span className="flex-1">{x.message}</span>
          <button type="button" className="text-xs opacity-70 hover:opacity-100" aria-label={t('common:close')}
            onClick={() => { toasts.list = toasts.list.filter((y) => y.id !== x.id) }}>✕</button>
        </div>
      ))}
    </div>
  )
}
