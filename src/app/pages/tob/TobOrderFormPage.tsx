// New ToB order (stock-out → ToB → sales-outbound → added-outoder): the sales outbound order form
// (OutboundOrderForm, reused) with the order type fixed to ToB and the ToB fields under its header
// (TobFields). Ctrl+Enter saves through outbound.order.create; a marketplace quantity that differs from
// the expected quantity comes back 409 confirmNeeded — the confirm question names both numbers, and
// confirming sends the order again with confirm: true. Saved: the order's ToB details; Escape: the list.
import { useState } from 'react'
import { useLocation } from 'wouter'
import { OrderType } from '../../../domain/dictionaries'
import { TOB_ORDER_PATH, tobDetailsPath } from '../../../../commands/tob-orders'
import { OutboundOrderForm, type OrderFormExtension } from '../outbound/orders/OutboundOrderForm'
import { askMismatch, EMPTY_TOB, tobArgsOf, TobFields, type TobHead } from './TobFields'

export default function TobOrderFormPage() {
  const [, navigate] = useLocation()
  const [head, setHead] = useState<TobHead>(EMPTY_TOB)
  const ext: OrderFormExtension = {
    titleKey: 'tob-ui:form.title', testId: 'tob-order-form', orderType: OrderType.TOB,
    section: ({ uid, errors, clearError }) => (
      <TobFields uid={uid} head={head} errors={errors} onChange={(name, value) => { setHead((h) => ({ ...h, [name]: value })); clearError(name) }} />
    ),
    args: () => tobArgsOf(head),
    onFailed: (e, resend) => {
      const ask = askMismatch(e)
      if (!ask) return false
      void ask.then((ok) => { if (ok) resend({ confirm: true }) })
      return true
    },
  }
  return (
    <div data-testid="tob-order-new">
      <OutboundOrderForm ext={ext} onClose={() => navigate(TOB_ORDER_PATH)} onSaved={(r) => navigate(tobDetailsPath(r.orderNo))} />
    </div>
  )
}
