// The 'warehouse' and 'language' panels (opened by the switch commands when no inline picker is
// available): small keyboard dialogs listing the choices; Enter picks, Escape closes.
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { LANGUAGES } from '../../domain/i18n'
import { closePanel, ui } from '../state/ui'
import { session } from '../state/session'
import { pairLabel, pairValue } from '../state/session-flow'
import { setLanguage } from './language'
import { selectPair } from './WarehouseSelect'

function Picker({ title, options, current, onPick }: { title: string; options: { value: string; label: string }[]; current: string; onPick: (v: string) => void }) {
  return (
    <Dialog open onClose={closePanel} className="relative z-[80]">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[15vh]">
        <DialogPanel className="w-full max-w-sm rounded bg-white p-4 shadow-xl">
          <DialogTitle className="mb-2 font-semibold">{title}</DialogTitle>
          <ul className="flex flex-col gap-1">
            {options.map((o) => (
              <li key={o.value}>
                <button type="button" autoFocus={o.value === current} aria-current={o.value === current || undefined}
                  onClick={() => { closePanel(); onPick(o.value) }}
                  className={`w-full rounded px-3 py-2 text-left text-sm hover:bg-blue-50 focus:bg-blue-50 ${o.value === current ? 'font-semibold' : ''}`}>
                  {o.label}
                </button>
              </li>
            ))}
          </ul>
        </DialogPanel>
      </div>
    </Dialog>
  )
}

export function PanelPickers() {
  const { t } = useTranslation()
  const { panel } = useSnapshot(ui)
  const s = useSnapshot(session)
  if (panel === 'warehouse') {
    return <Picker title={t('shell:warehouse.label')} current={pairValue(s)}
      options={s.warehouseList.map((p) => ({ value: pairValue(p), label: pairLabel(p) }))} onPick={(v) => void selectPair(v)} />
  }
  if (panel === 'language') {
    return <Picker title={t('shell:language.label')} current={s.language}
      options={LANGUAGES.map((l) => ({ value: l, label: t(`shell:language.names.${l}`) }))} onPick={(v) => setLanguage(v as (typeof LANGUAGES)[number])} />
  }
  return null
}
