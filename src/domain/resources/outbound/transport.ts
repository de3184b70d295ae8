// Transports (stock-out → ToB → ship-management → transport; issue 21 part K2): what containers leave on — a
// vessel, a train or a truck — as basic data of the warehouse: number, vessel/vehicle, business type,
// forwarder, AGL, departure and delivery dates. Spec §5: "Departure/delivery date cannot be earlier than
// departure date" (the rule below and a CHECK, naming deliveryDate); "no mixed containers for AGL transport"
// (an AGL transport carries AGL containers: the loading document's AGL flag, enforced box by box at the
// container-loading station). Table: migration 0059.
import { defineResource } from '../../resource'

export const transportResource = defineResource({
  name: 'transport',
  table: 'transport',
  scope: 'warehouse',
  menuCode: 'transport',
  component: 'stock-out/transport',
  ns: 'containers',
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 32, width: 130 },
    name: { kind: 'text', required: true, maxLength: 100, width: 180 },
    businessType: { kind: 'enum', dict: 'businessType', width: 110 },
    forwarder: { kind: 'text', maxLength: 100, width: 140 },
    agl: { kind: 'bool', default: false, width: 90 },
    departureDate: { kind: 'date', width: 120 },
    deliveryDate: { kind: 'date', width: 120 },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
    remark: { kind: 'textarea', maxLength: 500, hideInList: true },
  },
  list: {
    columns: ['code', 'name', 'businessType', 'forwarder', 'agl', 'departureDate', 'deliveryDate', 'status'],
    filters: { q: 'text', businessType: 'enum', status: 'enum' },
    search: ['code', 'name', 'forwarder'],
    defaultSort: 'code:asc',
  },
  form: [['code', 'name'], ['businessType', 'forwarder'], ['agl', 'status'], ['departureDate', 'deliveryDate'], ['remark']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  constraints: { transport_delivery_ck: { field: 'deliveryDate', messageKey: 'containers:transport.rules.deliveryBeforeDeparture', status: 400 } },
  refine: (v) => (v.departureDate && v.deliveryDate && String(v.deliveryDate) < String(v.departureDate)
    ? [{ path: 'deliveryDate', messageKey: 'containers:transport.rules.deliveryBeforeDeparture' }]
    : []),
})
