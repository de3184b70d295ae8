-- Inbound documents (spec sections 2 "Stock-in", 3, 4, 5): inbound orders and their lines, receipts
-- (one row per accepted scan), inspection orders, shelving tasks, and the per-warehouse inbound
-- settings. Document headers follow resourceTable(def) (they are listed as resources); lines and
-- receipts are declared by hand in src/server/db/schema/inbound.ts. Quantities are guarded here too:
-- a line can never be received above its expected quantity, nor shelved above what was put on it.

-- Per warehouse (and tenant) inbound settings: where received goods land, the storage rules of
-- section 9 (normal storage on the PDA or fast storage on the PC; same-product co-storage), the X/B
-- rule of section 5, the 'scan too fast' interval and the timeout settings (hours).
CREATE TABLE inbound_setting (
  tenant_id                integer NOT NULL,
  warehouse_id             integer NOT NULL,
  receiving_location_id    integer,
  storage_mode             text NOT NULL DEFAULT 'normal' CHECK (storage_mode IN ('normal', 'fast')),
  co_storage               boolean NOT NULL DEFAULT true,
  forbid_xb_mix            boolean NOT NULL DEFAULT true,
  min_scan_interval_ms     integer NOT NULL DEFAULT 250 CHECK (min_scan_interval_ms BETWEEN 0 AND 5000),
  inbound_timeout_hours    integer NOT NULL DEFAULT 48 CHECK (inbound_timeout_hours > 0),
  unloading_timeout_hours  integer NOT NULL DEFAULT 4 CHECK (unloading_timeout_hours > 0),
  shelving_timeout_hours   integer NOT NULL DEFAULT 24 CHECK (shelving_timeout_hours > 0),
  updated_at               timestamptz NOT NULL DEFAULT now(),
  updated_by               integer,
  PRIMARY KEY (tenant_id, warehouse_id),
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id),
  FOREIGN KEY (receiving_location_id, tenant_id, warehouse_id) REFERENCES location(id, tenant_id, warehouse_id)
);

-- Inbound orders: types 1 purchase, 2 transfer, 3 return, 4 outsourced, 5 overseas, 6 consumables
-- (dict inboundType); status New 0, WaitingIssued 1, Issued 2, Receiving 3, Finish 4, Abolished 5
-- (dict inboundStatus); inspection 0 none, 1 pre-inbound, 2 post-inbound (dict inspectionMode).
CREATE TABLE inbound_order (
  id                serial PRIMARY KEY,
  tenant_id         integer NOT NULL,
  warehouse_id      integer NOT NULL,
  order_no          text NOT NULL CHECK (order_no ~ '^[A-Z0-9-]+$'),
  inbound_type      smallint NOT NULL CHECK (inbound_type BETWEEN 1 AND 6),
  status            smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 5),
  inspection_mode   smallint NOT NULL DEFAULT 0 CHECK (inspection_mode BETWEEN 0 AND 2),
  supplier_id       integer,
  source_no         text,
  batch_no          text CHECK (char_length(batch_no) <= 40),
  expected_arrival  date,
  box_count         integer CHECK (box_count >= 0),
  expected_qty      integer NOT NULL DEFAULT 0 CHECK (expected_qty >= 0),
  received_qty      integer NOT NULL DEFAULT 0 CHECK (received_qty >= 0),
  received_boxes    integer NOT NULL DEFAULT 0 CHECK (received_boxes >= 0),
  remark            text,
  issued_at         timestamptz,
  receiving_at      timestamptz,
  finished_at       timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  created_by        integer,
  updated_by        integer,
  CHECK (received_qty <= expected_qty),
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX inbound_order_no_uq ON inbound_order (tenant_id, warehouse_id, order_no);
CREATE UNIQUE INDEX inbound_order_scope_uq ON inbound_order (id, tenant_id, warehouse_id);
CREATE INDEX inbound_order_status_idx ON inbound_order (tenant_id, warehouse_id, status, created_at);

CREATE TABLE inbound_order_line (
  id            serial PRIMARY KEY,
  order_id      integer NOT NULL,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  line_no       integer NOT NULL CHECK (line_no > 0),
  sku_id        integer NOT NULL,
  batch_no      text NOT NULL DEFAULT '' CHECK (char_length(batch_no) <= 40),
  expected_qty  integer NOT NULL CHECK (expected_qty > 0),
  received_qty  integer NOT NULL DEFAULT 0,
  pass_qty      integer NOT NULL DEFAULT 0,
  fail_qty      integer NOT NULL DEFAULT 0,
  shelved_qty   integer NOT NULL DEFAULT 0,
  CONSTRAINT inbound_line_received_ck CHECK (received_qty >= 0 AND received_qty <= expected_qty),
  CONSTRAINT inbound_line_inspected_ck CHECK (pass_qty >= 0 AND fail_qty >= 0 AND pass_qty + fail_qty <= received_qty),
  CONSTRAINT inbound_line_shelved_ck CHECK (shelved_qty >= 0 AND shelved_qty <= received_qty),
  UNIQUE (order_id, line_no),
  UNIQUE (order_id, sku_id, batch_no),
  FOREIGN KEY (order_id, tenant_id, warehouse_id) REFERENCES inbound_order(id, tenant_id, warehouse_id) ON DELETE CASCADE,
  FOREIGN KEY (sku_id, tenant_id) REFERENCES product_sku(id, tenant_id)
);
CREATE INDEX inbound_order_line_sku_idx ON inbound_order_line (tenant_id, sku_id);

-- One row per accepted receiving scan (quantity may be > 1 when the operator types it).
CREATE TABLE inbound_receipt (
  id             bigserial PRIMARY KEY,
  tenant_id      integer NOT NULL,
  warehouse_id   integer NOT NULL,
  order_id       integer NOT NULL,
  line_id        integer NOT NULL REFERENCES inbound_order_line(id) ON DELETE CASCADE,
  sku_id         integer NOT NULL,
  qty            integer NOT NULL CHECK (qty > 0),
  batch_no       text NOT NULL DEFAULT '',
  box_no         text,
  scanned_code   text NOT NULL,
  location_id    integer NOT NULL,
  operator_id    integer,
  operator_name  text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (order_id, tenant_id, warehouse_id) REFERENCES inbound_order(id, tenant_id, warehouse_id) ON DELETE CASCADE
);
CREATE INDEX inbound_receipt_order_idx ON inbound_receipt (order_id, id);

-- Inspection orders (test-list): kind 1 pre-inbound, 2 post-inbound (dict inspectionKind); status
-- 0 pending, 1 inspecting, 2 completed (dict inspectionStatus). Spec section 4: only a pre-inbound
-- inspection with status completed generates a shelving order; a completed post-inbound one
-- generates an inspection transfer order. generated_no is that document's number (once).
CREATE TABLE inspection_order (
  id               serial PRIMARY KEY,
  tenant_id        integer NOT NULL,
  warehouse_id     integer NOT NULL,
  inspection_no    text NOT NULL CHECK (inspection_no ~ '^[A-Z0-9-]+$'),
  order_id         integer NOT NULL,
  kind             smallint NOT NULL CHECK (kind IN (1, 2)),
  status           smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  qty              integer NOT NULL DEFAULT 0 CHECK (qty >= 0),
  pass_qty         integer NOT NULL DEFAULT 0 CHECK (pass_qty >= 0),
  fail_qty         integer NOT NULL DEFAULT 0 CHECK (fail_qty >= 0),
  generated_no     text,
  completed_at     timestamptz,
  remark           text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  created_by       integer,
  updated_by       integer,
  CHECK (pass_qty + fail_qty <= qty),
  FOREIGN KEY (order_id, tenant_id, warehouse_id) REFERENCES inbound_order(id, tenant_id, warehouse_id)
);
CREATE UNIQUE INDEX inspection_order_no_uq ON inspection_order (tenant_id, warehouse_id, inspection_no);
CREATE UNIQUE INDEX inspection_order_scope_uq ON inspection_order (id, tenant_id, warehouse_id);

CREATE TABLE inspection_line (
  id               serial PRIMARY KEY,
  inspection_id    integer NOT NULL,
  tenant_id        integer NOT NULL,
  warehouse_id     integer NOT NULL,
  inbound_line_id  integer NOT NULL REFERENCES inbound_order_line(id),
  sku_id           integer NOT NULL,
  batch_no         text NOT NULL DEFAULT '',
  location_id      integer NOT NULL,
  qty              integer NOT NULL CHECK (qty > 0),
  pass_qty         integer NOT NULL DEFAULT 0 CHECK (pass_qty >= 0),
  fail_qty         integer NOT NULL DEFAULT 0 CHECK (fail_qty >= 0),
  CONSTRAINT inspection_line_qty_ck CHECK (pass_qty + fail_qty <= qty),
  UNIQUE (inspection_id, inbound_line_id),
  FOREIGN KEY (inspection_id, tenant_id, warehouse_id) REFERENCES inspection_order(id, tenant_id, warehouse_id) ON DELETE CASCADE
);

-- Shelving tasks (shelf-task): status Unclaimed 0, Working 1, Completed 2 (dict taskClaimStatus);
-- claimed by an operator or assigned to a job group. source_type: inbound | inspection | return | quick.
CREATE TABLE shelving_task (
  id             serial PRIMARY KEY,
  tenant_id      integer NOT NULL,
  warehouse_id   integer NOT NULL,
  task_no        text NOT NULL CHECK (task_no ~ '^[A-Z0-9-]+$'),
  source_type    text NOT NULL CHECK (source_type IN ('inbound', 'inspection', 'return', 'quick')),
  source_no      text NOT NULL,
  order_id       integer,
  status         smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  claimed_by     integer,
  job_group_id   integer,
  qty            integer NOT NULL DEFAULT 0 CHECK (qty >= 0),
  shelved_qty    integer NOT NULL DEFAULT 0 CHECK (shelved_qty >= 0),
  claimed_at     timestamptz,
  completed_at   timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  created_by     integer,
  updated_by     integer,
  CHECK (shelved_qty <= qty),
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX shelving_task_no_uq ON shelving_task (tenant_id, warehouse_id, task_no);
CREATE UNIQUE INDEX shelving_task_scope_uq ON shelving_task (id, tenant_id, warehouse_id);
CREATE INDEX shelving_task_status_idx ON shelving_task (tenant_id, warehouse_id, status, created_at);

CREATE TABLE shelving_line (
  id                     serial PRIMARY KEY,
  task_id                integer NOT NULL,
  tenant_id              integer NOT NULL,
  warehouse_id           integer NOT NULL,
  line_no                integer NOT NULL CHECK (line_no > 0),
  sku_id                 integer NOT NULL,
  batch_no               text NOT NULL DEFAULT '',
  stock_status           smallint NOT NULL DEFAULT 1 CHECK (stock_status BETWEEN 1 AND 4),
  from_location_id       integer NOT NULL,
  suggested_location_id  integer,
  qty                    integer NOT NULL CHECK (qty > 0),
  shelved_qty            integer NOT NULL DEFAULT 0,
  source_line_id         integer,
  CONSTRAINT shelving_line_moved_ck CHECK (shelved_qty >= 0 AND shelved_qty <= qty),
  UNIQUE (task_id, line_no),
  FOREIGN KEY (task_id, tenant_id, warehouse_id) REFERENCES shelving_task(id, tenant_id, warehouse_id) ON DELETE CASCADE
);
