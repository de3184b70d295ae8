// Dashboard ('/'): greeting, the current warehouse-tenant pair, and the counts of
// POST /wms-plus-base/statistics/total. Counts without a label in shell:dashboard.stats are skipped
// (a new statistic needs its label there to show up).
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { api } from '../../api/clients'
import { session } from '../../state/session'
import { pairLabel } from '../../state/session-flow'

export function greetingKey(hour: number): string {
  if (hour < 5) return 'shell:dashboard.greeting.night'
  if (hour < 12) return 'shell:dashboard.greeting.morning'
  if (hour < 18) return 'shell:dashboard.greeting.afternoon'
  return 'shell:dashboard.greeting.evening'
}

export default function DashboardPage() {
  const { t, i18n } = useTranslation()
  const s = useSnapshot(session)
  const [hour] = useState(() => new Date().getHours())
  const stats = useQuery({
    queryKey: ['statistics/total', s.warehouseId, s.tenantId],
    queryFn: () => api.post<Record<string, number>>('/wms-plus-base/statistics/total', {}),
  })
  const pair = s.warehouseList.find((p) => p.warehouseId === s.warehouseId && p.tenantId === s.tenantId)
  const entries = Object.entries(stats.data ?? {}).filter(([k]) => i18n.exists(`shell:dashboard.stats.${k}`))
  const fmt = new Intl.NumberFormat(i18n.language)
  return (
    <div className="flex flex-col gap-4" data-testid="dashboard">
      <section className="rounded bg-white p-5 shadow-sm">
        <p className="text-lg font-medium">{t(greetingKey(hour), { name: s.employeeName || s.username })}</p>
        <p className="mt-1 text-sm text-slate-600" data-testid="dashboard-warehouse">
          {t('shell:dashboard.warehouse', { pair: pair ? pairLabel(pair) : '—' })}
          {' · '}
          {t(s.warehouseLocation === 2 ? 'shell:dashboard.overseas' : 'shell:dashboard.domestic')}
        </p>
      </section>
      <section aria-labelledby="dashboard-counts" className="rounded bg-white p-5 shadow-sm">
        <h2 id="dashboard-counts" className="mb-3 text-sm font-semibold text-slate-700">{t('shell:dashboard.counts')}</h2>
        {stats.isPending && <p role="status" className="text-sm text-slate-500">{t('common:loading')}</p>}
        {stats.isError && <p role="alert" className="text-sm text-red-700">{stats.error.message}</p>}
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          {entries.map(([k, v]) => (
            <li key={k} className="rounded border border-slate-200 p-3" data-testid={`stat-${k}`}>
              <p className="text-2xl font-semibold tabular-nums">{fmt.format(v)}</p>
              <p className="text-xs text-slate-500">{t(`shell:dashboard.stats.${k}`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
