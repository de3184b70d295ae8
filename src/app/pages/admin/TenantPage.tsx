// Tenants (system-manage → tenant, component 'system/tenant'): the generated resource list screen plus
// the tenant's warehouse pairs (warehouse_tenant) — admin.tenant.pairs from the palette or the toolbar
// with a tenant row selected lands here with ?form=pairs:<id>. The pairs dialog lists every warehouse
// as a checkbox (Tab/Space), marks the pairs users still work in (the server refuses removing those),
// and saves with Enter on the save button or Ctrl+Enter.
import { useRef, useState, type KeyboardEvent } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { tenantResource } from '../../../domain/resources/admin/tenant'
import { api, ApiError } from '../../api/clients'
import { getRuntime } from '../../commands/run'
import { Modal } from '../../palette/focus'
import { showToast } from '../../state/toast'
import { ResourceListPage } from '../../resources/ResourceListPage'
import { gridIdOf } from '../../resources/ids'
import type { ScreenProps } from '../kit'
import { AdminToolbar, Check, CheckGroup, formId, pageKeyHandler, useFormParam, type PageKey } from './admin-ui'

export interface TenantPairs {
  tenant: { id: number; code: string; name: string }
  warehouseIds: number[]
  inUse: number[]
  warehouses: { id: number; code: string; name: string }[]
}

const TENANT_KEYS: PageKey[] = [{ key: 'alt+p', command: 'admin.tenant.pairs' }]

export default function TenantPage({ route }: Partial<ScreenProps>) {
  const { t } = useTranslation()
  const form = useFormParam(route?.path)
  const pairsId = formId(form.value, 'pairs')
  return (
    <div className="flex flex-col gap-2" data-testid="admin-tenants" onKeyDown={pageKeyHandler(TENANT_KEYS, () => {})}>
      <AdminToolbar label={t('admin:ui.tenantPairs.toolbar')} ids={['admin.tenant.pairs']} keys={TENANT_KEYS} />
      <ResourceListPage def={tenantResource} />
      {pairsId !== undefined && <TenantPairsDialog key={pairsId} tenantId={pairsId} onClose={form.close} />}
    </div>
  )
}

export function TenantPairsDialog({ tenantId, onClose }: { tenantId: number; onClose(): void }) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const data = useQuery({ queryKey: ['admin-tenant-pairs', tenantId], queryFn: () => api.get<TenantPairs>(`/api/admin/tenants/${tenantId}/pairs`), staleTime: 0, retry: false })
  const [chosen, setChosen] = useState<number[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const ids = chosen ?? data.data?.warehouseIds ?? []
  const list = useRef<HTMLDivElement>(null)
  const toggle = (w: number, on: boolean) => setChosen(on ? [...ids.filter((x) => x !== w), w] : ids.filter((x) => x !== w))

  const save = async () => {
    if (!data.data || saving) return
    setSaving(true)
    setError(null)
    try {
      await getRuntime().callServer('admin.tenant.pairs', { tenantId, warehouseIds: [...ids].sort((a, b) => a - b) })
      showToast('success', t('admin:ui.tenantPairs.saved', { tenant: data.data.tenant.name }))
      await qc.invalidateQueries({ queryKey: ['grid', gridIdOf(tenantResource)] })
      qc.removeQueries({ queryKey: ['admin-tenant-pairs'] })
      qc.removeQueries({ queryKey: ['admin-tenant-list'] })
      onClose()
    } catch (e) {
      // The refusal stays in the dialog (the toast goes away); nothing was written.
      setError(e instanceof ApiError || e instanceof Error ? e.message : String(e))
    } finally {
      setSaving(false)
    }
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save() }
  }
  const inUse = new Set(data.data?.inUse ?? [])
  return (
    <Modal scope="dialog" labelledBy="tenant-pairs-title" onEscape={onClose} onKeyDown={onKeyDown} testId="tenant-pairs-dialog" className="w-full max-w-xl rounded-lg bg-white p-5 shadow-2xl">
      <h2 id="tenant-pairs-title" className="text-base font-semibold">
        {t('admin:ui.tenantPairs.title', { tenant: data.data ? `${data.data.tenant.code} ${data.data.tenant.name}` : '' })}
      </h2>
      <p className="mt-1 text-xs text-gray-500">{t('admin:ui.tenantPairs.help')}</p>
      {data.isPending && <p role="status" className="text-sm text-gray-500">{t('admin:ui.loading')}</p>}
      {data.isError && <p role="alert" className="text-sm text-red-600">{(data.error as Error).message}</p>}
      {data.data && (
        <div className="mt-3" ref={list}>
          <CheckGroup legend={t('admin:ui.tenantPairs.warehouses')} errorId="tenant-pairs-error" testId="tenant-pairs">
            {data.data.warehouses.map((w) => (
              <Check key={w.id} label={`${w.code} ${w.name}`} testId={`tenant-pair-${w.id}`} checked={ids.includes(w.id)}
                // A pair users still work in cannot be removed (their access would dangle): shown, not editable.
                disabled={inUse.has(w.id) && ids.includes(w.id)} note={inUse.has(w.id) ? t('admin:ui.tenantPairs.inUse') : undefined}
                onChange={(on) => toggle(w.id, on)} />
            ))}
          </CheckGroup>
          <p className="mt-1 text-xs text-gray-600" data-testid="tenant-pairs-count">{t('admin:ui.tenantPairs.count', { count: ids.length })}</p>
        </div>
      )}
      {error && <p role="alert" className="mt-2 text-sm text-red-600" data-testid="tenant-pairs-refused">{error}</p>}
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose}>{t('common:cancel')}</button>
        <button type="button" className="h-8 rounded bg-blue-600 px-3 text-sm text-white disabled:opacity-50" disabled={!data.data || saving}
          onClick={() => void save()} data-testid="tenant-pairs-save">{t('admin:ui.tenantPairs.save')}</button>
      </div>
    </Modal>
  )
}
