-- Transfer orders between the company's warehouses (issue 21 "Transfer orders (stock-out-allot)", part L;
-- spec §4 construction stage NewConstruction 1, PendingCollected 2, PendingTransfer 3, TransferInprogress 4,
-- TransferCompleted 5, AuditCompleted 6 — plus Cancelled 9, the spec's "cancelled/void" transfer label).
--
-- transfer_order (DB…) lives in the SENDING pair (tenant_id, warehouse_id); to_warehouse_id is another
-- warehouse of the same tenant (the second foreign key to warehouse_tenant proves the pair exists; the
-- CHECK refuses the same warehouse). Stock: confirm reserves the lines on the sending ledger (docType
-- 'transferOrder', docNo DB…, docLine = line no); assign picking moves the reserved goods WITH their
-- reservations to the picked location and makes a packing task (ZX, doc_no = DB…); ship takes the closed
-- boxes out through shipCartons (one shipment per transfer), releases what was not packed, and creates the
-- receiving warehouse's inbound order of type Transfer (2) with the boxes and quantities SHIPPED.
-- transfer_box: which boxes were shipped, each with its box number on the receiving inbound order
-- (box label "<inbound no>-<box_no>" at the receiving station).
-- once_outbound_config: the once-outbound configuration (rule-management → transfer-issue →
-- once-outbound-config), a rule resource the transfer flow reads.

CREATE TABLE transfer_order (
  id                 serial PRIMARY KEY,
  tenant_id          integer NOT NULL,
  warehouse_id       integer NOT NULL,
  transfer_no        text NOT NULL CHECK (transfer_no ~ '^[A-Z0-9-]+$'),
  status             smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3, 4, 5, 6, 9)),
  to_warehouse_id    integer NOT NULL,
  expected_arrival   date,
  box_mark           text CHECK (char_length(box_mark) <= 100),
  remark             text CHECK (char_length(remark) <= 500),
  source             text NOT NULL DEFAULT 'hand' CHECK (source IN ('hand', 'import')),
  packing_task_no    text,
  inbound_order_id   integer REFERENCES inbound_order(id),
  inbound_order_no   text,
  shipped_qty        integer NOT NULL DEFAULT 0 CHECK (shipped_qty >= 0),
  shipped_boxes      integer NOT NULL DEFAULT 0 CHECK (shipped_boxes >= 0),
  released_qty       integer NOT NULL DEFAULT 0 CHECK (released_qty >= 0),
  confirmed_at       timestamptz,
  picking_at         timestamptz,
  shipped_at         timestamptz,
  completed_at       timestamptz,
  audited_at         timestamptz,
  audited_by         integer,
  cancelled_at       timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  created_by         integer,
  updated_by         integer,
  CONSTRAINT transfer_order_other_warehouse_ck CHECK (to_warehouse_id <> warehouse_id),
  -- "Only one shipment for transfer out": shipped once, with its inbound order.
  CONSTRAINT transfer_order_shipped_ck CHECK (status NOT IN (4, 5, 6) OR (shipped_at IS NOT NULL AND inbound_order_id IS NOT NULL)),
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id),
  FOREIGN KEY (to_warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX transfer_order_no_uq ON transfer_order (tenant_id, warehouse_id, transfer_no);
CREATE INDEX transfer_order_status_idx ON transfer_order (tenant_id, warehouse_id, status);
CREATE INDEX transfer_order_to_idx ON transfer_order (tenant_id, to_warehouse_id);

CREATE TABLE transfer_order_line (
  id           serial PRIMARY KEY,
  order_id     integer NOT NULL REFERENCES transfer_order(id) ON DELETE CASCADE,
  line_no      integer NOT NULL CHECK (line_no >= 1),
  sku_id       integer NOT NULL REFERENCES product_sku(id),
  batch_no     text NOT NULL DEFAULT '',
  qty          integer NOT NULL CHECK (qty >= 1),
  shipped_qty  integer NOT NULL DEFAULT 0 CHECK (shipped_qty >= 0),
  CONSTRAINT transfer_order_line_shipped_ck CHECK (shipped_qty <= qty),
  UNIQUE (order_id, line_no),
  UNIQUE (order_id, sku_id, batch_no)
);

CREATE TABLE transfer_box (
  id          serial PRIMARY KEY,
  order_id    integer NOT NULL REFERENCES transfer_order(id),
  carton_id   integer NOT NULL UNIQUE REFERENCES carton(id),
  box_code    text NOT NULL,
  box_no      integer NOT NULL CHECK (box_no >= 1),
  units       integer NOT NULL CHECK (units >= 1),
  UNIQUE (order_id, box_no)
);

CREATE TABLE once_outbound_config (
  id                    serial PRIMARY KEY,
  tenant_id             integer NOT NULL,
  warehouse_id          integer NOT NULL,
  name                  text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  priority              integer NOT NULL CHECK (priority BETWEEN 1 AND 9999),
  status                smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  to_warehouse_id       integer,
  allow_short           boolean NOT NULL DEFAULT true,
  auto_issue_inbound    boolean NOT NULL DEFAULT true,
  remark                text CHECK (char_length(remark) <= 500),
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  created_by            integer,
  updated_by            integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX once_outbound_config_name_uq ON once_outbound_config (tenant_id, warehouse_id, name);
CREATE UNIQUE INDEX once_outbound_config_priority_uq ON once_outbound_config (tenant_id, warehouse_id, priority);
