// Samples (in-house-work → sample-manager): Sample-status stock and whatever lies in a Sample area, in
// the DataGrid (Sample stock is never allocated); "lend samples" moves normal stock into a sample area as
// Sample stock and "return samples" gives it back (sample.lend / sample.return, a YJ document each, the
// ledger's move); below, the lend and return documents; ?moveNo=YJ… shows one of them above.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { commandVisible } from '../../../domain/commands'
import { DataGrid } from '../../grid'
import { useCommandContext, useCommandRegistry } from '../../palette'
import { usePageSearchParams } from '../kit'
import { useLocation } from 'wouter'
import { SAMPLE_API, SAMPLE_MANAGER_PATH } from '../../../../commands/samples'
import { formatTime } from '../../../domain/format'
import { DocumentPanel } from './DocumentPanel'
import { fetchMoves, fetchSampleStock, GRID, type SampleMoveRecord, type StockRow } from './api'
import { moveColumns, stockColumns } from './columns'
import { SampleMoveForm } from './SampleMoveForm'

function MoveButtons({ onOpen }: { onOpen(kind: 'lend' | 'return', row?: StockRow): void }) {
  const { t } = useTranslation()
  const registry = useCommandRegistry()
  const ctx = useCommandContext()
  const row = ctx.selection.length === 1 ? (ctx.selection[0] as StockRow) : undefined
  return (
    <div className="flex items-center gap-2" role="toolbar" aria-label={t('samples:manager.title')}>
      {(['lend', 'return'] as const).map((k) => {
        const def = registry.get(`sample.${k}`)
        if (!def || !commandVisible(def, ctx)) return null
        return <button key={k} type="button" data-testid={`sample-${k}`} className="h-7 rounded border px-3 hover:bg-gray-50" onClick={() => onOpen(k, k === 'return' ? row : undefined)}>{t(def.title)}</button>
      })}
    </div>
  )
}

export default function SampleManagerPage() {
  const { t } = useTranslation()
  const params = usePageSearchParams()
  const form = params.get('form')
  // ?moveNo=YJ… (the palette's "go to document"): that lend or return document above the lists.
  const moveNo = params.get('moveNo')?.trim().toUpperCase() || null
  // ?form=lend|return (the palette's commands): that form opens.
  const asked = form === 'lend' || form === 'return' ? form : null
  const [openHere, setOpen] = useState<{ kind: 'lend' | 'return'; row?: StockRow } | null>(null)
  const open = openHere ?? (asked ? { kind: asked } : null)
  const [, navigate] = useLocation()
  const close = () => { setOpen(null); if (asked) navigate(SAMPLE_MANAGER_PATH, { replace: true }) }
  return (
    <div className="flex flex-col gap-3" data-testid="sample-manager">
      {moveNo && <DocumentPanel<SampleMoveRecord> no={moveNo} url={SAMPLE_API.moves} filter="moveNo" numberOf={(r) => r.moveNo} testId="sample-move-doc"
        titleKey="samples:manager.docTitle" missingKey="samples:manager.notFound" allKey="samples:manager.all" onAll={() => navigate(SAMPLE_MANAGER_PATH, { replace: true })}
        facts={(r) => [
          ['kind', t(`samples:manager.${r.kind}`)], ['skuCode', r.skuCode], ['qty', String(r.qty)], ['fromLocationCode', r.fromLocationCode],
          ['toLocationCode', r.toLocationCode], ['remark', r.remark ?? '—'], ['createdByName', r.createdByName], ['createdAt', formatTime(r.createdAt)],
        ]} />}
      <MoveButtons onOpen={(kind, row) => setOpen({ kind, row })} />
      <DataGrid<StockRow> gridId={GRID.stock} titleKey="samples:manager.title" columns={stockColumns} fetcher={fetchSampleStock} defaultSort="locationCode:asc" pageSize={20} />
      <DataGrid<SampleMoveRecord> gridId={GRID.moves} titleKey="samples:manager.moves" columns={moveColumns} fetcher={fetchMoves} defaultSort="id:desc" pageSize={20} />
      {open && <SampleMoveForm kind={open.kind} initial={open.row ? { skuCode: open.row.skuCode, fromLocationCode: open.row.locationCode } : undefined}
        onClose={close} onSaved={close} />}
    </div>
  )
}
