// One document of a list opened by its number (the palette's "go to document": ?reportNo=CP…, ?moveNo=YJ…):
// shown above the list with its facts, or a translated "no such document"; "All" goes back to the list.
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/clients'
import { primaryFocusProps } from '../../router/arrival'
import { F } from './api'

export interface DocumentPanelProps<R> {
  /** The number asked for (upper case). */
  no: string
  /** List endpoint and the filter that finds the number there. */
  url: string
  filter: string
  numberOf(r: R): string
  /** Field → value of the document (labels from samples:fields). */
  facts(r: R): [string, string][]
  titleKey: string
  missingKey: string
  allKey: string
  testId: string
  onAll(): void
}

export function DocumentPanel<R>(p: DocumentPanelProps<R>) {
  const { t } = useTranslation()
  const q = useQuery({
    queryKey: ['grid', p.testId, p.no],
    queryFn: () => api.get<{ records: R[] }>(p.url, { [p.filter]: p.no, page: 1, size: 5 }, { silent: true }),
    retry: false,
  })
  if (q.isPending) return <p className="text-sm text-slate-500">{t('palette:documents.searching')}</p>
  const r = q.data?.records.find((x) => p.numberOf(x).toUpperCase() === p.no)
  if (!r) return <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid={`${p.testId}-missing`}>{t(p.missingKey, { no: p.no })}</p>
  const titleId = `${p.testId}-title`
  return (
    <section aria-labelledby={titleId} className="mb-2 flex flex-col gap-2 rounded border border-slate-300 p-3" data-testid={p.testId} data-no={p.numberOf(r)}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={titleId} className="text-base font-semibold">{t(p.titleKey, { no: p.numberOf(r) })}</h2>
        <button type="button" className="h-7 rounded border px-3 hover:bg-gray-50" onClick={p.onAll} {...primaryFocusProps()}>{t(p.allKey)}</button>
      </div>
      <dl className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-x-4 gap-y-1 text-sm">
        {p.facts(r).map(([k, v]) => (
          <div key={k} className="flex min-w-0 flex-col"><dt className="text-xs text-slate-500">{t(F(k))}</dt><dd className="truncate">{v}</dd></div>
        ))}
      </dl>
    </section>
  )
}
