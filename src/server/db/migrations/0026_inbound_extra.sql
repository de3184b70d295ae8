-- Inbound extras (spec sections 2 "Stock-in", 3, 5, 9): return orders (returns-receipt), quick inbound
-- tasks (inbound-order/stock-in-quickly), vehicle release strips (ReleaseStrip) and inbound measures
-- (inbound-measure). Drizzle: src/server/db/schema/inbound-extra.ts. Stock moves only through the
-- ledger service; these tables hold the documents and guard their quantities.

-- Return orders: status 0 new, 1 received, 2 cancelled (cancelling is irreversible: nothing leaves 2).
-- return_type 1 customer return, 2 return-outbound delivery note (refused in overseas warehouses, §5).
-- reason_code decides the stock status of what is received: 3 damaged and 4 quality defect land as
-- defective (2), the others as normal (1) — a structured choice, never guessed from free text.
CREATE TABLE return_order (
  id                serial PRIMARY KEY,
  tenant_id         integer NOT NULL,
  warehouse_id      integer NOT NULL,
  return_no         text NOT NULL CHECK (return_no ~ '^[A-Z0-9-]+$'),
  return_type       smallint NOT NULL DEFAULT 1 CHECK (return_type IN (1, 2)),
  source_no         text NOT NULL CHECK (char_length(source_no) BETWEEN 1 AND 60),
  reason_code       smallint NOT NULL CHECK (reason_code IN (1, 2, 3, 4, 5, 9)),
  reason            text CHECK (char_length(reason) <= 200),
  box_count         integer NOT NULL CHECK (box_count > 0),
  status            smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  expected_qty      integer NOT NULL DEFAULT 0 CHECK (expected_qty >= 0),
  received_qty      integer NOT NULL DEFAULT 0 CHECK (received_qty >= 0),
  -- Where the scanned goods were put (the receiving location at the first scan); shelving starts there.
  location_id       integer,
  shelving_task_no  text,
  received_at       timestamptz,
  cancelled_at      timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  created_by        integer,
  updated_by        integer,
  CHECK (received_qty <= expected_qty),
  -- A cancelled return never received anything (cancel is refused once goods were scanned).
  CONSTRAINT return_order_cancel_ck CHECK (status <> 2 OR received_qty = 0),
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX return_order_no_uq ON return_order (tenant_id, warehouse_id, return_no);
CREATE UNIQUE INDEX return_order_scope_uq ON return_order (id, tenant_id, warehouse_id);
CREATE INDEX return_order_status_idx ON return_order (tenant_id, warehouse_id, status, created_at);

CREATE TABLE return_order_line (
  id            serial PRIMARY KEY,
  return_id     integer NOT NULL,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  line_no       integer NOT NULL CHECK (line_no > 0),
  sku_id        integer NOT NULL,
  qty           integer NOT NULL CHECK (qty > 0),
  received_qty  integer NOT NULL DEFAULT 0,
  CONSTRAINT return_line_received_ck CHECK (received_qty >= 0 AND received_qty <= qty),
  UNIQUE (return_id, line_no),
  UNIQUE (return_id, sku_id),
  FOREIGN KEY (return_id, tenant_id, warehouse_id) REFERENCES return_order(id, tenant_id, warehouse_id) ON DELETE CASCADE,
  FOREIGN KEY (sku_id, tenant_id) REFERENCES product_sku(id, tenant_id)
);

-- Quick inbound tasks: one per inbound order created in one go (status Receiving) for one of the six
-- inbound types; scanning an fnsku/upc of the task receives it at once. status 0 open, 1 finished.
CREATE TABLE quick_inbound_task (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  task_no       text NOT NULL CHECK (task_no ~ '^[A-Z0-9-]+$'),
  inbound_type  smallint NOT NULL CHECK (inbound_type BETWEEN 1 AND 6),
  order_id      integer NOT NULL,
  status        smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  remark        text CHECK (char_length(remark) <= 200),
  finished_at   timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer,
  updated_by    integer,
  UNIQUE (order_id),
  FOREIGN KEY (order_id, tenant_id, warehouse_id) REFERENCES inbound_order(id, tenant_id, warehouse_id)
);
CREATE UNIQUE INDEX quick_inbound_task_no_uq ON quick_inbound_task (tenant_id, warehouse_id, task_no);

-- The fnsku/upc codes the task was built from, per inbound order line (what a scan must match).
CREATE TABLE quick_inbound_code (
  task_id        integer NOT NULL REFERENCES quick_inbound_task(id) ON DELETE CASCADE,
  order_line_id  integer NOT NULL REFERENCES inbound_order_line(id) ON DELETE CASCADE,
  code           text NOT NULL CHECK (code ~ '^[A-Z0-9]{10,13}$'),
  PRIMARY KEY (task_id, code)
);

-- Vehicle release strips (ReleaseStrip): a vehicle that arrived with the boxes of some inbound orders;
-- released only once every linked order is Receiving (3) or Finish (4). status 0 arrived, 1 released.
CREATE TABLE release_strip (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  strip_no      text NOT NULL CHECK (strip_no ~ '^[A-Z0-9-]+$'),
  plate_no      text NOT NULL CHECK (char_length(plate_no) BETWEEN 2 AND 20),
  driver_name   text NOT NULL CHECK (char_length(driver_name) BETWEEN 1 AND 50),
  driver_phone  text NOT NULL CHECK (driver_phone ~ '^[0-9+() -]{5,20}$'),
  order_nos     text[] NOT NULL CHECK (cardinality(order_nos) BETWEEN 1 AND 50),
  box_count     integer NOT NULL CHECK (box_count > 0),
  status        smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  arrived_at    timestamptz NOT NULL,
  released_at   timestamptz,
  remark        text CHECK (char_length(remark) <= 200),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer,
  updated_by    integer,
  CHECK ((status = 1) = (released_at IS NOT NULL)),
  CHECK (released_at IS NULL OR released_at >= arrived_at),
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX release_strip_no_uq ON release_strip (tenant_id, warehouse_id, strip_no);
CREATE INDEX release_strip_open_idx ON release_strip (tenant_id, warehouse_id, status, arrived_at);

-- Inbound measures: per box (box_no 1..N) or per SKU of an inbound order; dimensions in cm and weight
-- in kg, above 0 with up to 4 decimals (numeric(14,4)); one row per box / SKU (saving again updates it).
CREATE TABLE inbound_measure (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  order_id      integer NOT NULL,
  box_no        integer CHECK (box_no > 0),
  sku_id        integer,
  length        numeric(14,4) NOT NULL CHECK (length > 0),
  width         numeric(14,4) NOT NULL CHECK (width > 0),
  height        numeric(14,4) NOT NULL CHECK (height > 0),
  weight        numeric(14,4) NOT NULL CHECK (weight > 0),
  photo         text CHECK (char_length(photo) <= 500),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer,
  updated_by    integer,
  CHECK ((box_no IS NULL) <> (sku_id IS NULL)),
  FOREIGN KEY (order_id, tenant_id, warehouse_id) REFERENCES inbound_order(id, tenant_id, warehouse_id) ON DELETE CASCADE,
  FOREIGN KEY (sku_id, tenant_id) REFERENCES product_sku(id, tenant_id)
);
CREATE UNIQUE INDEX inbound_measure_box_uq ON inbound_measure (order_id, box_no) WHERE box_no IS NOT NULL;
CREATE UNIQUE INDEX inbound_measure_sku_uq ON inbound_measure (order_id, sku_id) WHERE sku_id IS NOT NULL;
