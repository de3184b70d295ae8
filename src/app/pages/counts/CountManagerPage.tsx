// In-house work → check-manager → list (component 'in-house-work/check-manager-list'): the count plans of
// the warehouse+tenant — filters number, status, created range — and with ?task=<PT…> (empty: no task yet)
// the count station, one menu entry as picking has it. Enter on a plan opens it at check-detail (its
// tasks, with their actions); the toolbar: create a plan (by hand — locations, area, location range, SKU —
// or from an inventory check rule), import counted lines (xlsx, dry run first: every bad row named), cancel
// the selected plan (count.plan.cancel: disabled with the plan machine's reason), open the station.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { DataGrid, type GridColumn } from '../../grid'
import { formatTime } from '../../../domain/format'
import { ImportDialog } from '../../resources/ImportDialog'
import { CommandButtons } from '../documents/CommandButtons'
import { useCommandContext } from '../../palette'
import { commandVisible } from '../../../domain/commands'
import { useCommandRegistry } from '../../palette'
import { usePageSearch } from '../kit'
import { COUNT_API, COUNT_PATH, countDetailPath, countStationPath } from '../../../../commands/stock-count'
import { COUNT_STATUS_OPTIONS, fetchPlans, PLAN_GRID_ID, type PlanRecord } from './api'
import { CountStation } from './CountStation'
import { CreatePlanDialog } from './CreatePlanDialog'

const F = (f: string) => `count-ui:plan.fields.${f}`

export const planColumns: GridColumn<PlanRecord>[] = [
  { id: 'planNo', titleKey: F('planNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'status', titleKey: F('status'), width: 130, sortable: true, filter: 'enum', enumDict: COUNT_STATUS_OPTIONS },
  { id: 'source', titleKey: F('source'), width: 110, render: (r) => <Source value={r.source} /> },
  { id: 'locationCount', titleKey: F('locationCount'), width: 90, align: 'right' },
  { id: 'taskCount', titleKey: F('taskCount'), width: 80, align: 'right' },
  { id: 'submittedTasks', titleKey: F('submittedTasks'), width: 100, align: 'right' },
  { id: 'thresholdUnits', titleKey: F('threshold'), width: 130, render: (r) => <Threshold units={r.thresholdUnits} pct={r.thresholdPct} value={r.thresholdValue} /> },
  { id: 'remark', titleKey: F('remark'), width: 160, render: (r) => r.remark ?? '—' },
  { id: 'createdByName', titleKey: F('createdByName'), width: 110, render: (r) => r.createdByName ?? '—' },
  { id: 'createdAt', titleKey: F('createdAt'), width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt) },
  { id: 'finishedAt', titleKey: F('finishedAt'), width: 160, render: (r) => formatTime(r.finishedAt) || '—' },
]

function Source({ value }: { value: string }) {
  const { t } = useTranslation()
  return <>{t(`count-ui:plan.source.${value === 'rule' ? 'rule' : 'hand'}`)}</>
}
export function Threshold({ units, pct, value }: { units: number | null; pct: number | null; value?: number | null }) {
  const { t } = useTranslation()
  const parts = [units != null ? t('count-ui:plan.thresholdUnits', { n: units }) : null, pct != null ? t('count-ui:plan.thresholdPct', { n: pct }) : null,
    value != null ? t('count-ui:plan.thresholdValue', { n: value }) : null].filter(Boolean)
  return <>{parts.length ? parts.join(' · ') : '—'}</>
}

function PlansList() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const search = new URLSearchParams(usePageSearch())
  const closeImport = () => navigate(`${COUNT_PATH}/list`, { replace: true })
  const [creatingHere, setCreating] = useState(false)
  // ?create=1: the count.plan.create command run from the palette on this page opens the dialog.
  const creating = creatingHere || search.get('create') === '1'
  const importing = search.get('import') === '1'
  const registry = useCommandRegistry()
  const ctx = useCommandContext()
  const create = registry.get('count.plan.create')
  const imp = registry.get('count.lines.import')
  const canCreate = !!create && commandVisible(create, ctx)
  const canImport = !!imp && commandVisible(imp, ctx)
  return (
    <div className="flex flex-col" data-testid="count-plans">
      <DataGrid<PlanRecord>
        gridId={PLAN_GRID_ID} titleKey="count-ui:plan.title" columns={planColumns} fetcher={fetchPlans} defaultSort="createdAt:desc"
        onOpen={(r) => navigate(countDetailPath(r.planNo))}
        toolbar={(
          <>
            {canCreate && (
              <button type="button" className="h-7 rounded border px-3 hover:bg-gray-50" data-testid="count-plan-new" onClick={() => setCreating(true)}>{t('commands:count.plan.create')}</button>
            )}
            {canImport && (
              <button type="button" className="h-7 rounded border px-3 hover:bg-gray-50" data-testid="count-import" onClick={() => navigate(`${COUNT_PATH}/list?import=1`)}>{t('commands:count.lines.import')}</button>
            )}
            <CommandButtons ids={['count.plan.cancel']} label="count-ui:plan.title" />
            <button type="button" className="h-7 rounded border px-3 hover:bg-gray-50" data-testid="open-count-station" onClick={() => navigate(countStationPath(''))}>
              {t('count-ui:station.open')}
            </button>
          </>
        )}
      />
      {creating && <CreatePlanDialog onClose={() => { setCreating(false); if (search.get('create')) closeImport() }} onMade={(planNo) => { setCreating(false); navigate(countDetailPath(planNo)) }} />}
      {importing && (
        <ImportDialog onClose={closeImport} custom={{
          titleKey: 'count-ui:import.title', template: COUNT_API.importTemplate, dryRun: COUNT_API.importDryRun, commandId: 'count.lines.import',
          doneKey: 'count-ui:import.done', gridId: PLAN_GRID_ID, testId: 'count-import-dialog', columnKey: (f) => `stocktake:countImport.fields.${f}`,
        }} />
      )}
    </div>
  )
}

export default function CountManagerPage() {
  const task = new URLSearchParams(usePageSearch()).get('task')
  return task === null ? <PlansList /> : <CountStation taskParam={task} />
}
