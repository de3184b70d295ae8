// Warehouse-tenant selector (spec sections 2-4): headlessui Listbox, option value
// `warehouseId-tenantId`, label `warehouseName-tenantName`. Switching sets the pair (cookie), reloads
// the menu (server-filtered by warehouse), drops kept-alive views and remounts the current page.
import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { session } from '../state/session'
import { pairLabel, pairValue, switchPair } from '../state/session-flow'
import { showToast } from '../state/toast'
import { ApiError } from '../api/clients'

export async function selectPair(value: string): Promise<void> {
  try {
    await switchPair(value)
  } catch (e) {
    // API failures were already toasted by the client's error hook.
    if (!(e instanceof ApiError)) showToast('error', String(e))
  }
}

export function WarehouseSelect() {
  const { t } = useTranslation()
  const s = useSnapshot(session)
  const value = pairValue(s)
  const current = s.warehouseList.find((p) => pairValue(p) === value)
  return (
    <Listbox value={value} onChange={(v: string) => void selectPair(v)}>
      <div className="relative">
        <ListboxButton data-testid="warehouse-select" aria-label={`${t('shell:warehouse.label')}: ${current ? pairLabel(current) : t('shell:warehouse.none')}`}
          className="flex max-w-[12rem] 2xl:max-w-[16rem] items-center gap-1 truncate rounded border border-slate-300 bg-white px-2 py-1 text-sm">
          <span className="truncate">{current ? pairLabel(current) : t('shell:warehouse.none')}</span>
          <span aria-hidden="true">▾</span>
        </ListboxButton>
        <ListboxOptions anchor="bottom end" className="z-50 mt-1 max-h-80 w-64 overflow-auto rounded border border-slate-200 bg-white py-1 shadow-lg focus:outline-none">
          {s.warehouseList.map((p) => (
            <ListboxOption key={pairValue(p)} value={pairValue(p)} data-testid={`warehouse-option-${pairValue(p)}`}
              className="cursor-pointer px-3 py-1.5 text-sm data-[focus]:bg-blue-50 data-[selected]:font-semibold">
              {pairLabel(p)}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </div>
    </Listbox>
  )
}
