-- Outbound (ToC retail) I (issue 12): sales orders, allocation on the ledger, waves, picking tasks,
-- pick records and pick-diff exceptions. The ToB issue shares outbound_order (order_type 1).
-- Reservations are inventory_reservation rows (doc_type 'outboundOrder', doc_no = order_no,
-- doc_line = order line_no): only src/server/inventory/ledger.ts writes them, balances' locked = Σ open.
-- Statuses are declared once in src/domain/states/*; the CHECKs here only bound the codes.

-- Outbound orders. status: dict outboundOrderStatus (Draft 0 … Deal 11); order_type: dict orderType
-- (TOB 1, TOC 2); platform: dict platform or 'OWN' (own shop). source_no is the platform's order number:
-- an order feed push is idempotent on (tenant, platform, source_no) — see outbound_order_source_uq.
CREATE TABLE outbound_order (
  id                   serial PRIMARY KEY,
  tenant_id            integer NOT NULL,
  warehouse_id         integer NOT NULL,
  order_no             text NOT NULL CHECK (order_no ~ '^[A-Z0-9-]+$'),
  source_no            text CHECK (char_length(source_no) BETWEEN 1 AND 64),
  order_type           smallint NOT NULL DEFAULT 2 CHECK (order_type IN (1, 2)),
  status               smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 11),
  platform             text NOT NULL CHECK (char_length(platform) BETWEEN 1 AND 20),
  site_id              integer,
  shop_id              integer,
  shipping_method      text CHECK (char_length(shipping_method) <= 40),
  carrier_id           integer,
  consignee_name       text CHECK (char_length(consignee_name) <= 100),
  consignee_phone      text CHECK (char_length(consignee_phone) <= 40),
  address              text CHECK (char_length(address) <= 300),
  country              text CHECK (char_length(country) <= 60),
  state                text CHECK (char_length(state) <= 60),
  city                 text CHECK (char_length(city) <= 60),
  postcode             text CHECK (char_length(postcode) <= 20),
  expected_delivery_at timestamptz,
  -- Σ of the lines (kept by the same statements that change the lines).
  expected_qty         integer NOT NULL DEFAULT 0 CHECK (expected_qty >= 0),
  allocated_qty        integer NOT NULL DEFAULT 0 CHECK (allocated_qty >= 0),
  picked_qty           integer NOT NULL DEFAULT 0 CHECK (picked_qty >= 0),
  actual_qty           integer NOT NULL DEFAULT 0 CHECK (actual_qty >= 0),
  line_count           integer NOT NULL DEFAULT 0 CHECK (line_count >= 0),
  wave_no              text,
  -- The merged order's number, on the merged-from orders (status Merging 10) and on the merged order.
  merge_no             text,
  association_no       text CHECK (char_length(association_no) <= 64),
  -- The status an abnormal lock came from (unlock returns to it); the lock's reason.
  lock_from_status     smallint CHECK (lock_from_status BETWEEN 0 AND 11),
  abnormal_reason      text CHECK (char_length(abnormal_reason) <= 300),
  stop_reason          text CHECK (char_length(stop_reason) <= 300),
  -- A shipment already approved cannot choose its shipping method again (spec section 4).
  shipment_approved    boolean NOT NULL DEFAULT false,
  remark               text CHECK (char_length(remark) <= 500),
  validated_at         timestamptz,
  picked_at            timestamptz,
  closed_at            timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  created_by           integer,
  updated_by           integer,
  CHECK (allocated_qty <= expected_qty AND picked_qty <= expected_qty AND actual_qty <= expected_qty),
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX outbound_order_no_uq ON outbound_order (tenant_id, warehouse_id, order_no);
CREATE UNIQUE INDEX outbound_order_scope_uq ON outbound_order (id, tenant_id, warehouse_id);
CREATE UNIQUE INDEX outbound_order_source_uq ON outbound_order (tenant_id, platform, source_no) WHERE source_no IS NOT NULL;
CREATE INDEX outbound_order_status_idx ON outbound_order (tenant_id, warehouse_id, status, created_at);
CREATE INDEX outbound_order_shop_idx ON outbound_order (tenant_id, warehouse_id, shop_id, created_at);
CREATE INDEX outbound_order_created_idx ON outbound_order (tenant_id, warehouse_id, created_at);
CREATE INDEX outbound_order_wave_idx ON outbound_order (tenant_id, warehouse_id, wave_no) WHERE wave_no IS NOT NULL;

-- Lines by SKU (an MSKU or FNSKU given at intake is resolved to its SKU; platform_code keeps what was sent).
CREATE TABLE outbound_order_line (
  id             serial PRIMARY KEY,
  order_id       integer NOT NULL,
  tenant_id      integer NOT NULL,
  warehouse_id   integer NOT NULL,
  line_no        integer NOT NULL CHECK (line_no > 0),
  sku_id         integer NOT NULL,
  platform_code  text CHECK (char_length(platform_code) <= 80),
  batch_no       text NOT NULL DEFAULT '' CHECK (char_length(batch_no) <= 40),
  qty            integer NOT NULL CHECK (qty > 0),
  allocated_qty  integer NOT NULL DEFAULT 0,
  picked_qty     integer NOT NULL DEFAULT 0,
  shipped_qty    integer NOT NULL DEFAULT 0,
  CONSTRAINT outbound_line_allocated_ck CHECK (allocated_qty >= 0 AND allocated_qty <= qty),
  CONSTRAINT outbound_line_picked_ck CHECK (picked_qty >= 0 AND picked_qty <= qty),
  CONSTRAINT outbound_line_shipped_ck CHECK (shipped_qty >= 0 AND shipped_qty <= picked_qty),
  UNIQUE (order_id, line_no),
  FOREIGN KEY (order_id, tenant_id, warehouse_id) REFERENCES outbound_order(id, tenant_id, warehouse_id) ON DELETE CASCADE,
  FOREIGN KEY (sku_id, tenant_id) REFERENCES product_sku(id, tenant_id)
);
CREATE UNIQUE INDEX outbound_order_line_scope_uq ON outbound_order_line (id, tenant_id, warehouse_id);
CREATE INDEX outbound_order_line_sku_idx ON outbound_order_line (tenant_id, warehouse_id, sku_id);

-- Waves. status: dict waveStatus (src/domain/states/wave.ts); pick_mode: dict pickMode (PickingBySeed 1,
-- OrdinaryPicking 2); task_mode 'whole' (one task per order) or 'bulk' (one task for the wave's SKUs).
CREATE TABLE wave (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  wave_no       text NOT NULL CHECK (wave_no ~ '^[A-Z0-9-]+$'),
  rule_id       integer,
  status        smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 9),
  pick_mode     smallint NOT NULL DEFAULT 2 CHECK (pick_mode IN (1, 2)),
  task_mode     text NOT NULL DEFAULT 'whole' CHECK (task_mode IN ('whole', 'bulk')),
  order_count   integer NOT NULL DEFAULT 0 CHECK (order_count >= 0),
  sku_count     integer NOT NULL DEFAULT 0 CHECK (sku_count >= 0),
  qty           integer NOT NULL DEFAULT 0 CHECK (qty >= 0),
  picked_qty    integer NOT NULL DEFAULT 0 CHECK (picked_qty >= 0),
  short_qty     integer NOT NULL DEFAULT 0 CHECK (short_qty >= 0),
  picked_at     timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer,
  updated_by    integer,
  CHECK (picked_qty + short_qty <= qty),
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX wave_no_uq ON wave (tenant_id, warehouse_id, wave_no);
CREATE UNIQUE INDEX wave_scope_uq ON wave (id, tenant_id, warehouse_id);
CREATE INDEX wave_status_idx ON wave (tenant_id, warehouse_id, status, created_at);

-- Picking tasks of a wave. status: dict taskClaimStatus (Unclaimed 0, Working 1, Completed 2);
-- claimed_by works it; assignee_id / job_group_id from allot-pick-task. cart_code: the picking
-- cart/container the goods go into (scanned at the station).
CREATE TABLE picking_task (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  task_no       text NOT NULL CHECK (task_no ~ '^[A-Z0-9-]+$'),
  wave_id       integer NOT NULL,
  order_type    smallint NOT NULL DEFAULT 2 CHECK (order_type IN (1, 2)),
  pick_mode     smallint NOT NULL DEFAULT 2 CHECK (pick_mode IN (1, 2)),
  task_mode     text NOT NULL DEFAULT 'whole' CHECK (task_mode IN ('whole', 'bulk')),
  status        smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  claimed_by    integer,
  assignee_id   integer,
  job_group_id  integer,
  cart_code     text CHECK (char_length(cart_code) <= 40),
  qty           integer NOT NULL DEFAULT 0 CHECK (qty >= 0),
  picked_qty    integer NOT NULL DEFAULT 0 CHECK (picked_qty >= 0),
  short_qty     integer NOT NULL DEFAULT 0 CHECK (short_qty >= 0),
  claimed_at    timestamptz,
  completed_at  timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer,
  updated_by    integer,
  CHECK (picked_qty + short_qty <= qty),
  FOREIGN KEY (wave_id, tenant_id, warehouse_id) REFERENCES wave(id, tenant_id, warehouse_id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX picking_task_no_uq ON picking_task (tenant_id, warehouse_id, task_no);
CREATE UNIQUE INDEX picking_task_scope_uq ON picking_task (id, tenant_id, warehouse_id);
CREATE INDEX picking_task_status_idx ON picking_task (tenant_id, warehouse_id, status, created_at);
CREATE INDEX picking_task_wave_idx ON picking_task (wave_id);

-- One line per (order line, reservation) in route order (seq). reservation_id is the open reservation
-- at the shelf the goods are picked from; a pick consumes it there and reserves the goods again at the
-- cart (cart_reservation_id: the reservation follows the goods).
CREATE TABLE picking_task_line (
  id                   serial PRIMARY KEY,
  task_id              integer NOT NULL,
  tenant_id            integer NOT NULL,
  warehouse_id         integer NOT NULL,
  seq                  integer NOT NULL CHECK (seq > 0),
  order_id             integer NOT NULL,
  order_line_id        integer NOT NULL,
  reservation_id       bigint,
  location_id          integer NOT NULL,
  sku_id               integer NOT NULL,
  batch_no             text NOT NULL DEFAULT '',
  stock_status         smallint NOT NULL DEFAULT 1 CHECK (stock_status BETWEEN 1 AND 4),
  qty                  integer NOT NULL CHECK (qty > 0),
  picked_qty           integer NOT NULL DEFAULT 0,
  short_qty            integer NOT NULL DEFAULT 0,
  cart_reservation_id  bigint,
  CONSTRAINT picking_line_qty_ck CHECK (picked_qty >= 0 AND short_qty >= 0 AND picked_qty + short_qty <= qty),
  UNIQUE (task_id, seq),
  FOREIGN KEY (task_id, tenant_id, warehouse_id) REFERENCES picking_task(id, tenant_id, warehouse_id) ON DELETE CASCADE,
  FOREIGN KEY (order_id, tenant_id, warehouse_id) REFERENCES outbound_order(id, tenant_id, warehouse_id),
  FOREIGN KEY (order_line_id, tenant_id, warehouse_id) REFERENCES outbound_order_line(id, tenant_id, warehouse_id),
  FOREIGN KEY (location_id, tenant_id, warehouse_id) REFERENCES location(id, tenant_id, warehouse_id)
);
CREATE INDEX picking_task_line_task_idx ON picking_task_line (task_id, seq);
CREATE INDEX picking_task_line_order_idx ON picking_task_line (order_id);

-- One row per accepted pick scan (qty may be > 1 when typed).
CREATE TABLE pick_record (
  id             bigserial PRIMARY KEY,
  tenant_id      integer NOT NULL,
  warehouse_id   integer NOT NULL,
  task_id        integer NOT NULL,
  task_line_id   integer NOT NULL REFERENCES picking_task_line(id) ON DELETE CASCADE,
  qty            integer NOT NULL CHECK (qty > 0),
  scanned_code   text NOT NULL,
  cart_code      text,
  operator_id    integer,
  operator_name  text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (task_id, tenant_id, warehouse_id) REFERENCES picking_task(id, tenant_id, warehouse_id) ON DELETE CASCADE
);
CREATE INDEX pick_record_task_idx ON pick_record (task_id, id);

-- Pick-diff exceptions (stock-out-abnormal → pick-diff): a short pick. status: dict handlingStatus
-- (pending 0, processed 1); resolution 'reissue' | 'reallocate' | 'outOfStock'.
CREATE TABLE pick_diff (
  id              serial PRIMARY KEY,
  tenant_id       integer NOT NULL,
  warehouse_id    integer NOT NULL,
  diff_no         text NOT NULL CHECK (diff_no ~ '^[A-Z0-9-]+$'),
  task_id         integer NOT NULL,
  task_line_id    integer NOT NULL,
  order_id        integer NOT NULL,
  order_line_id   integer NOT NULL,
  sku_id          integer NOT NULL,
  location_id     integer NOT NULL,
  short_qty       integer NOT NULL CHECK (short_qty > 0),
  status          smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  resolution      text CHECK (resolution IN ('reissue', 'reallocate', 'outOfStock')),
  resolved_qty    integer CHECK (resolved_qty >= 0),
  resolved_by     integer,
  resolved_by_name text,
  resolved_at     timestamptz,
  remark          text CHECK (char_length(remark) <= 300),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  created_by      integer,
  CHECK (resolved_qty IS NULL OR resolved_qty <= short_qty),
  FOREIGN KEY (task_id, tenant_id, warehouse_id) REFERENCES picking_task(id, tenant_id, warehouse_id),
  FOREIGN KEY (order_id, tenant_id, warehouse_id) REFERENCES outbound_order(id, tenant_id, warehouse_id)
);
CREATE UNIQUE INDEX pick_diff_no_uq ON pick_diff (tenant_id, warehouse_id, diff_no);
CREATE INDEX pick_diff_status_idx ON pick_diff (tenant_id, warehouse_id, status, created_at);
