// /tab — the open tabs as a list (a keyboard-friendly overview of the tag tabs): Enter opens one.
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { ui } from '../state/ui'

export default function TabsPage() {
  const { t } = useTranslation()
  const { visitedViews } = useSnapshot(ui)
  return (
    <section className="rounded bg-white p-5 shadow-sm">
      {visitedViews.length === 0 ? <p className="text-sm text-slate-500">{t('shell:tabs.none')}</p> : (
        <ul className="flex flex-col gap-1 text-sm">
          {visitedViews.map((v) => (
            <li key={v.path}>
              <Link href={v.fullPath} className="text-[var(--theme)] hover:underline">{t(v.title)}</Link>
              <span className="ml-2 text-xs text-slate-500">{v.fullPath}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
