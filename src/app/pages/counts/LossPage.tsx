// In-house work → check-manager → checklose (component 'in-house-work/checklose'): count loss posted.
import { CountAdjustments } from './CountAdjustments'
import { fetchLoss, LOSS_GRID_ID } from './api'

export default function LossPage() {
  return <CountAdjustments gridId={LOSS_GRID_ID} titleKey="count-ui:adjust.lossTitle" testId="count-loss" fetcher={fetchLoss} />
}
