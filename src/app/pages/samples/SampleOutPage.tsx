// Sample out requests (stock-out → sample-out-management; shown only in the sample warehouses — the
// menu filter): the requests of the pair in the DataGrid (number, status, borrower, purpose, expected
// return, approver, opinion). The toolbar: a new request (a form; the request waits for approval with
// its sample stock reserved) and "hand over samples" (sampleOut.complete: only an approved request —
// disabled with the approval machine's reason otherwise; the stock leaves through the ledger under YP).
// ?outNo=YP… (the palette) shows that request above the list.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { commandVisible } from '../../../domain/commands'
import { DataGrid } from '../../grid'
import { useCommandContext, useCommandRegistry } from '../../palette'
import { CommandButtons } from '../documents/CommandButtons'
import { usePageSearchParams } from '../kit'
import { SAMPLE_OUT_PATH } from '../../../../commands/samples'
import { fetchOuts, GRID, type SampleOutRecord } from './api'
import { outColumns } from './columns'
import { SampleOutDocument } from './SampleOutDocument'
import { SampleOutForm } from './SampleOutForm'

const TOOLBAR = ['sampleOut.complete']

function NewButton({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation()
  const def = useCommandRegistry().get('sampleOut.create')
  const ctx = useCommandContext()
  if (!def || !commandVisible(def, ctx)) return null
  return <button type="button" data-testid="sample-out-new" className="h-7 rounded border px-3 hover:bg-gray-50" onClick={onOpen}>{t('samples:out.new')}</button>
}

export default function SampleOutPage() {
  const { t } = useTranslation()
  const params = usePageSearchParams()
  const outNo = params.get('outNo')?.trim().toUpperCase() || null
  // ?new=1 (the palette's "new sample out request"): the form opens.
  const wantsNew = params.get('new') === '1'
  const [creatingHere, setCreating] = useState(false)
  const creating = creatingHere || wantsNew
  const [, navigate] = useLocation()
  return (
    <div className="flex flex-col" data-testid="sample-outs">
      {outNo && <SampleOutDocument outNo={outNo} commands={TOOLBAR} onAll={() => navigate(SAMPLE_OUT_PATH, { replace: true })} />}
      {/* The screen's actions above the grid: Enter on a button inside the grid's area would open the focused row. */}
      <div className="mb-2 flex items-center gap-2" data-testid="sample-out-actions" aria-label={t('samples:out.title')} role="group">
        <NewButton onOpen={() => setCreating(true)} /><CommandButtons ids={TOOLBAR} label="samples:out.title" />
      </div>
      <DataGrid<SampleOutRecord>
        gridId={GRID.outs} titleKey="samples:out.title" columns={outColumns} fetcher={fetchOuts} defaultSort="createdAt:desc"
        onOpen={(r) => navigate(`${SAMPLE_OUT_PATH}?outNo=${encodeURIComponent(r.outNo)}`)}
      />
      {creating && <SampleOutForm onClose={() => { setCreating(false); if (wantsNew) navigate(SAMPLE_OUT_PATH, { replace: true }) }} onSaved={(r) => { setCreating(false); navigate(`${SAMPLE_OUT_PATH}?outNo=${encodeURIComponent(r.outNo)}`) }} />}
    </div>
  )
}
