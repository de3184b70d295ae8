// Once-outbound configuration (rule-management → transfer-issue → once-outbound-config; issue 21 part L):
// how a transfer order of this warehouse goes out in its one shipment ("only one shipment for transfer
// out", spec §9). The enabled row with the lowest priority number whose destination is the transfer's
// receiving warehouse (or any, when none is set) applies; without one, the defaults below.
//  - allowShort: the transfer may ship while units are still unpacked (short boxes): the closed boxes go,
//    the rest is released back to stock. Off: ship is refused until every unit is packed.
//  - autoIssueInbound: the receiving warehouse's inbound order (type Transfer) is created Issued — ready
//    at its receiving station — instead of New (its own staff submit and issue it).
import { defineRule } from './rule'

export const onceOutboundConfigResource = defineRule({
  name: 'onceOutboundConfig',
  table: 'once_outbound_config',
  menuCode: 'once-outbound-config',
  fields: {
    toWarehouseId: { kind: 'ref', ref: 'warehouse', width: 180 },
    allowShort: { kind: 'bool', default: true, width: 120 },
    autoIssueInbound: { kind: 'bool', default: true, width: 140 },
  },
  columns: ['toWarehouseId', 'allowShort', 'autoIssueInbound'],
  filters: { toWarehouseId: 'ref' },
  form: [['toWarehouseId'], ['allowShort', 'autoIssueInbound']],
})

/** What applies without any enabled configuration. */
export const ONCE_OUTBOUND_DEFAULTS = { allowShort: true, autoIssueInbound: true } as const
