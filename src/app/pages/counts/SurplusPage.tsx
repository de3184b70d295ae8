// In-house work → check-manager → in-surplus (component 'in-house-work/in-surplus'): count surplus posted.
import { CountAdjustments } from './CountAdjustments'
import { fetchSurplus, SURPLUS_GRID_ID } from './api'

export default function SurplusPage() {
  return <CountAdjustments gridId={SURPLUS_GRID_ID} titleKey="count-ui:adjust.surplusTitle" testId="count-surplus" fetcher={fetchSurplus} />
}
