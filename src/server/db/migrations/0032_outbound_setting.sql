-- Outbound settings per warehouse-tenant pair (issue 12): where picked goods land (the picking carts'
-- location: picks move stock there on the ledger, reserved for their orders) and the picking timeouts
-- (spec section 9: timeout task types "picking" and "picking and sending"; picking/shipment not issued
-- flagged at 15 days). A pair without a row uses the defaults and its first temporary location that is
-- not the receiving location.
CREATE TABLE outbound_setting (
  tenant_id                      integer NOT NULL,
  warehouse_id                   integer NOT NULL,
  picked_location_id             integer,
  picking_timeout_hours          integer NOT NULL DEFAULT 24 CHECK (picking_timeout_hours BETWEEN 1 AND 8760),
  picking_sending_timeout_hours  integer NOT NULL DEFAULT 48 CHECK (picking_sending_timeout_hours BETWEEN 1 AND 8760),
  not_issued_days                integer NOT NULL DEFAULT 15 CHECK (not_issued_days BETWEEN 1 AND 365),
  updated_at                     timestamptz NOT NULL DEFAULT now(),
  updated_by                     integer,
  PRIMARY KEY (tenant_id, warehouse_id),
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id),
  FOREIGN KEY (picked_location_id, tenant_id, warehouse_id) REFERENCES location(id, tenant_id, warehouse_id)
);

-- A pick-diff's resolution may add a picking task to a finished wave; tasks list their wave's order.
CREATE INDEX picking_task_line_reservation_idx ON picking_task_line (reservation_id) WHERE reservation_id IS NOT NULL;
CREATE INDEX pick_diff_order_idx ON pick_diff (order_id, status);
