-- Outbound (ToC retail) II (issue 13): review and packing, packing materials on their own ledger,
-- shipping with a handover list per carrier, and the return-to-shelf task of an intercept after picking.
--
-- Packing materials (consumables; spec "package materials" reference list, /base/base/getPackageMaterialList):
-- per warehouse-tenant pair, stock_qty kept only by the consumable ledger's statements (packing takes one
-- off, receiving consumables adds) under the row lock; consumable_ledger is the history (Σ delta = stock).
CREATE TABLE package_material (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  code          text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  material_type text NOT NULL DEFAULT 'box' CHECK (material_type IN ('bag', 'box', 'envelope', 'other')),
  length_mm     integer CHECK (length_mm > 0),
  width_mm      integer CHECK (width_mm > 0),
  height_mm     integer CHECK (height_mm > 0),
  weight_g      integer CHECK (weight_g >= 0),
  stock_qty     integer NOT NULL DEFAULT 0 CHECK (stock_qty >= 0),
  status        smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  remark        text CHECK (char_length(remark) <= 500),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer,
  updated_by    integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX package_material_code_uq ON package_material (tenant_id, warehouse_id, code);

CREATE TABLE consumable_ledger (
  id            bigserial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  material_id   integer NOT NULL REFERENCES package_material(id),
  delta         integer NOT NULL CHECK (delta <> 0),
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  doc_type      text NOT NULL,
  doc_no        text NOT NULL,
  reason        text,
  operator_id   integer,
  operator_name text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consumable_ledger_material_idx ON consumable_ledger (material_id, id);

-- Review: one station at a time per order (review_by; a second station is refused "review in progress").
ALTER TABLE outbound_order
  ADD COLUMN review_by          integer,
  ADD COLUMN review_started_at  timestamptz,
  ADD COLUMN packed_at          timestamptz,
  ADD COLUMN handover_id        integer;

-- Handover lists: the parcels handed to one carrier in one pickup; shipping scans add to the open one.
CREATE TABLE handover (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  handover_no   text NOT NULL CHECK (handover_no ~ '^[A-Z0-9-]+$'),
  carrier_key   text NOT NULL CHECK (char_length(carrier_key) BETWEEN 1 AND 60),
  status        smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  parcel_count  integer NOT NULL DEFAULT 0 CHECK (parcel_count >= 0),
  qty           integer NOT NULL DEFAULT 0 CHECK (qty >= 0),
  created_at    timestamptz NOT NULL DEFAULT now(),
  closed_at     timestamptz,
  created_by    integer,
  closed_by     integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX handover_no_uq ON handover (tenant_id, warehouse_id, handover_no);
-- At most one open list per carrier: concurrent shipping scans meet on this index.
CREATE UNIQUE INDEX handover_open_uq ON handover (tenant_id, warehouse_id, carrier_key) WHERE status = 0;

-- Return-to-shelf tasks: an order intercepted (stopped) after picking leaves its picked goods, no longer
-- reserved, at the picked-goods or packing location; the task moves them back to shelves on the ledger.
-- status: dict taskClaimStatus (Unclaimed 0, Working 1, Completed 2).
CREATE TABLE return_shelf_task (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  task_no       text NOT NULL CHECK (task_no ~ '^[A-Z0-9-]+$'),
  order_id      integer NOT NULL,
  order_no      text NOT NULL,
  status        smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  qty           integer NOT NULL DEFAULT 0 CHECK (qty >= 0),
  returned_qty  integer NOT NULL DEFAULT 0 CHECK (returned_qty >= 0),
  claimed_by    integer,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  completed_at  timestamptz,
  created_by    integer,
  CHECK (returned_qty <= qty),
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX return_shelf_task_no_uq ON return_shelf_task (tenant_id, warehouse_id, task_no);
CREATE TABLE return_shelf_line (
  id            serial PRIMARY KEY,
  task_id       integer NOT NULL REFERENCES return_shelf_task(id),
  from_location_id integer NOT NULL,
  sku_id        integer NOT NULL,
  batch_no      text NOT NULL DEFAULT '',
  stock_status  smallint NOT NULL,
  qty           integer NOT NULL CHECK (qty > 0),
  returned_qty  integer NOT NULL DEFAULT 0 CHECK (returned_qty >= 0),
  CHECK (returned_qty <= qty)
);
CREATE INDEX return_shelf_line_task_idx ON return_shelf_line (task_id);
