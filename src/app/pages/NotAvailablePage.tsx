// Rendered for menu entries whose component key no screen registered yet: an honest page naming the
// screen and its route instead of a blank or a fake screen.
import { useTranslation } from 'react-i18next'
import type { ScreenProps } from './kit'

export default function NotAvailablePage({ route }: ScreenProps) {
  const { t } = useTranslation()
  return (
    <section className="rounded border border-dashed border-slate-300 bg-white p-6" data-testid="screen-not-available">
      <p className="font-medium">{t('shell:notAvailable.message')}</p>
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm text-slate-600">
        <dt>{t('shell:notAvailable.screen')}</dt><dd>{t(route.title)}</dd>
        <dt>{t('shell:notAvailable.route')}</dt><dd><code>{route.path}</code></dd>
        <dt>{t('shell:notAvailable.component')}</dt><dd><code>{route.componentKey || '—'}</code></dd>
      </dl>
    </section>
  )
}
