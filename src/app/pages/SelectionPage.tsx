// /selection and /selection/details — outside the sign-in check (spec section 2): choose the
// warehouse-tenant pair to work in, and see the chosen warehouse's details. Without a session they
// say so and offer the sign-in page instead of redirecting.
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { api } from '../api/clients'
import { session } from '../state/session'
import { pairLabel, pairValue, switchPair } from '../state/session-flow'
import { useSoftSession } from '../router/session-gate'

function NeedsSession({ state }: { state: 'loading' | 'none' | 'failed' }) {
  const { t } = useTranslation()
  if (state === 'loading') return <p role="status">{t('common:loading')}</p>
  return (
    <div className="flex flex-col gap-2">
      <p>{t('shell:selection.signInFirst')}</p>
      <Link href={`/sso/login?redirect=${encodeURIComponent(window.location.pathname)}`} className="text-[var(--theme)] underline">{t('shell:selection.signIn')}</Link>
    </div>
  )
}

export default function SelectionPage() {
  const { t } = useTranslation()
  const state = useSoftSession()
  const s = useSnapshot(session)
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 data-testid="page-title" className="mb-4 text-xl font-semibold">{t('shell:selection.title')}</h1>
      {state !== 'ready' ? <NeedsSession state={state} /> : (
        <ul className="flex flex-col gap-2" aria-label={t('shell:selection.title')}>
          {s.warehouseList.map((p) => {
            const current = pairValue(p) === pairValue(s)
            return (
              <li key={pairValue(p)}>
                <button type="button" aria-current={current || undefined}
                  onClick={async () => { await switchPair(pairValue(p)); navigate('/') }}
                  className={`w-full rounded border px-4 py-3 text-left ${current ? 'border-[var(--theme)] bg-blue-50' : 'border-slate-300 bg-white'}`}>
                  {pairLabel(p)}
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <p className="mt-4 text-sm"><Link href="/selection/details" className="text-[var(--theme)] underline">{t('shell:selection.details')}</Link></p>
    </main>
  )
}

interface WarehouseDetail { warehouseLocation: number; stateCode: string; warehouseName: string; virtualWarehouseType: number }

export function SelectionDetailsPage() {
  const { t } = useTranslation()
  const state = useSoftSession()
  const { warehouseId } = useSnapshot(session)
  const detail = useQuery({
    queryKey: ['warehouse-detail', warehouseId],
    enabled: state === 'ready' && !!warehouseId,
    queryFn: () => api.get<WarehouseDetail>(`/wms-base/basewarehouse/${warehouseId}/detail`),
  })
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 data-testid="page-title" className="mb-4 text-xl font-semibold">{t('shell:selection.detailsTitle')}</h1>
      {state !== 'ready' ? <NeedsSession state={state} /> : detail.data ? (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-500">{t('shell:selection.warehouseName')}</dt><dd>{detail.data.warehouseName}</dd>
          <dt className="text-slate-500">{t('shell:selection.location')}</dt>
          <dd>{t(detail.data.warehouseLocation === 2 ? 'shell:dashboard.overseas' : 'shell:dashboard.domestic')}</dd>
          <dt className="text-slate-500">{t('shell:selection.stateCode')}</dt><dd>{detail.data.stateCode || '—'}</dd>
        </dl>
      ) : detail.isError ? <p role="alert" className="text-red-700">{detail.error.message}</p> : <p role="status">{t('common:loading')}</p>}
      <p className="mt-4 text-sm"><Link href="/selection" className="text-[var(--theme)] underline">{t('shell:selection.back')}</Link></p>
    </main>
  )
}
