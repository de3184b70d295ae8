// /404 — unknown paths land here (spec section 8 "Unknown routes go to /404").
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'

export default function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <section className="flex flex-col items-start gap-3 p-6" data-testid="not-found">
      <p className="text-5xl font-bold text-slate-300" aria-hidden="true">404</p>
      <p className="text-slate-700">{t('shell:notFound.message')}</p>
      <Link href="/" className="text-[var(--theme)] underline">{t('shell:notFound.home')}</Link>
    </section>
  )
}
