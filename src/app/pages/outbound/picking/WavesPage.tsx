// Waves (stock-out → ToC → wave-picking, component 'stock-out/wave-picking'): the waves of the current
// warehouse+tenant in the DataGrid — filters number, status, pick mode and created range. The toolbar
// holds the commands (commands/outbound-picking.ts): generate by the wave rules (Alt+g here, with the
// grid focused — never on another screen or a station; it first asks, naming the orders and waves the
// server's dry run counts) and cancel the selected waves (disabled with the wave machine's reason once
// picking started). Enter opens the wave's details.
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { DataGrid, type GridColumn } from '../../../grid'
import { formatTime } from '../../../../domain/format'
import { dictLabelKey } from '../../../../domain/dictionaries'
import { waveDetailsPath } from '../../../../../commands/outbound-picking'
import { CommandButtons } from '../../documents/CommandButtons'
import { fetchWaves, PICK_MODE_OPTIONS, WAVE_GRID_ID, WAVE_STATUS_OPTIONS, type WaveRecord } from './api'

const F = (f: string) => `outbound:wave.fields.${f}`

export const waveColumns: GridColumn<WaveRecord>[] = [
  { id: 'waveNo', titleKey: F('waveNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'status', titleKey: F('status'), width: 120, sortable: true, filter: 'enum', enumDict: WAVE_STATUS_OPTIONS },
  { id: 'ruleName', titleKey: F('ruleName'), width: 160, render: (r) => r.ruleName ?? '—' },
  { id: 'pickMode', titleKey: F('pickMode'), width: 130, filter: 'enum', enumDict: PICK_MODE_OPTIONS },
  { id: 'taskMode', titleKey: F('taskMode'), width: 110, render: (r) => <TaskMode mode={r.taskMode} /> },
  { id: 'orderCount', titleKey: F('orderCount'), width: 80, align: 'right' },
  { id: 'skuCount', titleKey: F('skuCount'), width: 70, align: 'right' },
  { id: 'qty', titleKey: F('qty'), width: 80, sortable: true, align: 'right' },
  { id: 'pickedQty', titleKey: F('pickedQty'), width: 80, align: 'right' },
  { id: 'shortQty', titleKey: F('shortQty'), width: 70, align: 'right' },
  { id: 'taskCount', titleKey: F('taskCount'), width: 70, align: 'right' },
  { id: 'pickedAt', titleKey: F('pickedAt'), width: 160, render: (r) => formatTime(r.pickedAt) },
  { id: 'createdAt', titleKey: F('createdAt'), width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt) },
]

/** Whole / bulk: the short label in a cell, the dictionary's long one on hover. */
export function TaskMode({ mode }: { mode: string }) {
  const { t } = useTranslation()
  return <span title={t(dictLabelKey('pickingTaskMode', mode))}>{t(`outbound-picking-ui:taskMode.${mode}`)}</span>
}

const TOOLBAR = ['outbound.wave.generate', 'outbound.wave.assign', 'outbound.wave.printList', 'outbound.wave.downloadList', 'outbound.wave.cancel']

export default function WavesPage() {
  const [, navigate] = useLocation()
  return (
    <div className="flex flex-col" data-testid="waves">
      <DataGrid<WaveRecord>
        gridId={WAVE_GRID_ID} titleKey="outbound:wave.title" columns={waveColumns} fetcher={fetchWaves} defaultSort="createdAt:desc"
        onOpen={(r) => navigate(waveDetailsPath(r.waveNo))}
        toolbar={<CommandButtons ids={TOOLBAR} label="outbound:wave.title" />}
      />
    </div>
  )
}
