// Bulk status of the selected outbound orders (?status=<ids>): choose the action among
// BULK_OUTBOUND_ACTIONS, read the server's preview — the orders that change and those refused with the
// machine's message — give the grounds when the action needs them (lock, stop, terminate), and run
// outbound.order.status {ids, action, reason} once (all the allowed orders in one transaction).
import { BulkStatusDialog } from '../../documents/BulkStatusDialog'
import { BULK_OUTBOUND_ACTIONS, bulkActionCommand, type BulkOutboundAction } from '../../../../../commands/outbound-orders'
import { outboundStatusPreview } from './api'

const TEXT = {
  title: 'outbound-ui:status.title', choice: 'outbound:order.fields.action', orderNo: 'outbound:order.fields.orderNo', status: 'outbound:order.fields.status',
  change: 'outbound-ui:status.change', refused: 'outbound-ui:status.refused', nothing: 'outbound-ui:status.nothing', confirm: 'outbound-ui:status.confirm',
}
const CHOICES = BULK_OUTBOUND_ACTIONS.map((a) => ({ value: a, labelKey: `commands:${bulkActionCommand(a)}` }))
/** Spec section 5: lock, stop and terminate name their grounds. */
const WITH_REASON: readonly BulkOutboundAction[] = ['lock', 'stop', 'terminate']
const REASON = { needed: (a: BulkOutboundAction) => WITH_REASON.includes(a), labelKey: 'outbound:order.fields.reason' }

export function OutboundStatusDialog({ ids, onClose }: { ids: number[]; onClose(): void }) {
  return (
    <BulkStatusDialog<BulkOutboundAction> ids={ids} onClose={onClose} testId="outbound-order-status" text={TEXT} choices={CHOICES} statusDict="outboundOrderStatus"
      preview={outboundStatusPreview} previewKey="outbound-order-status-preview" commandId="outbound.order.status" reason={REASON}
      args={(list, action, reason) => ({ ids: list, action, reason: reason || null })} />
  )
}
