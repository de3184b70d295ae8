// Bulk status change of the selected inbound orders: choose the target status, read the server's
// preview of every order — changes, or refused with the reason in the operator's language — and
// confirm once: inbound.order.status {ids, status} changes exactly the orders the preview allowed, in
// one transaction (finish closes receiving and makes the next document). The dialog itself is the
// documents' shared BulkStatusDialog.
import { BulkStatusDialog } from '../../documents/BulkStatusDialog'
import { dictLabelKey } from '../../../../domain/dictionaries'
import { MANUAL_TARGETS } from '../../../../../commands/inbound-orders'
import { statusPreview } from './api'

const TEXT = {
  title: 'inbound:order.status.title', choice: 'inbound:order.status.target', orderNo: 'inbound:order.fields.orderNo', status: 'inbound:order.fields.status',
  to: 'inbound:order.status.target', change: 'inbound:order.status.change', refused: 'inbound:order.status.refused', nothing: 'inbound:order.status.nothing',
  confirm: 'inbound:order.status.confirm',
}
const CHOICES = MANUAL_TARGETS.map((s) => ({ value: s as number, labelKey: dictLabelKey('inboundStatus', s) }))

export function OrderStatusDialog({ ids, onClose }: { ids: number[]; onClose(): void }) {
  return (
    <BulkStatusDialog<number> ids={ids} onClose={onClose} testId="inbound-order-status" text={TEXT} choices={CHOICES} statusDict="inboundStatus"
      preview={statusPreview} previewKey="inbound-order-status-preview" commandId="inbound.order.status" args={(list, status) => ({ ids: list, status })} />
  )
}
