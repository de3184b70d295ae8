-- Sorting and the sorting wall (issue 13 §1). A sorting task (FJ…) takes picked bulk picking tasks —
-- merge sorting at least 2, rest sorting exactly one (spec section 5) — and gives each of their orders a
-- slot on the wall. status: dict taskClaimStatus (spec section 4: Unclaimed 0, Working 1, Completed 2).
--
-- No ledger move: the wall stands in the picked-goods area, so the goods stay at the picked-goods
-- location, still reserved for their order line; sorting records container → slot (sorting_line,
-- sort_record) and, when an order's slot is complete, outbound_order.sort_slot / sorted_at.
CREATE TABLE sorting_task (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  task_no       text NOT NULL CHECK (task_no ~ '^[A-Z0-9-]+$'),
  kind          text NOT NULL CHECK (kind IN ('merge', 'rest')),
  status        smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  slot_count    integer NOT NULL DEFAULT 0 CHECK (slot_count >= 0),
  qty           integer NOT NULL DEFAULT 0 CHECK (qty >= 0),
  sorted_qty    integer NOT NULL DEFAULT 0 CHECK (sorted_qty >= 0),
  started_by    integer,
  started_at    timestamptz,
  completed_at  timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer,
  updated_by    integer,
  CHECK (sorted_qty <= qty)
);
CREATE UNIQUE INDEX sorting_task_no_uq ON sorting_task (tenant_id, warehouse_id, task_no);
CREATE UNIQUE INDEX sorting_task_scope_uq ON sorting_task (id, tenant_id, warehouse_id);
CREATE INDEX sorting_task_status_idx ON sorting_task (tenant_id, warehouse_id, status, created_at);

-- The containers a sorting task takes: one picking task each; container_code is the task's cart code,
-- else its number (what the operator scans first at the wall). A picking task is sorted once.
CREATE TABLE sorting_container (
  id               serial PRIMARY KEY,
  sorting_task_id  integer NOT NULL,
  tenant_id        integer NOT NULL,
  warehouse_id     integer NOT NULL,
  picking_task_id  integer NOT NULL,
  container_code   text NOT NULL CHECK (char_length(container_code) <= 40),
  FOREIGN KEY (sorting_task_id, tenant_id, warehouse_id) REFERENCES sorting_task(id, tenant_id, warehouse_id) ON DELETE CASCADE,
  FOREIGN KEY (picking_task_id, tenant_id, warehouse_id) REFERENCES picking_task(id, tenant_id, warehouse_id)
);
CREATE UNIQUE INDEX sorting_container_task_uq ON sorting_container (picking_task_id);
CREATE UNIQUE INDEX sorting_container_code_uq ON sorting_container (sorting_task_id, upper(container_code));
CREATE INDEX sorting_container_code_idx ON sorting_container (tenant_id, warehouse_id, upper(container_code));

-- One slot per order of the task's containers (slot_no 1…n on the wall). An order has one slot.
CREATE TABLE sorting_slot (
  id               serial PRIMARY KEY,
  sorting_task_id  integer NOT NULL,
  tenant_id        integer NOT NULL,
  warehouse_id     integer NOT NULL,
  slot_no          integer NOT NULL CHECK (slot_no > 0),
  order_id         integer NOT NULL,
  qty              integer NOT NULL CHECK (qty > 0),
  sorted_qty       integer NOT NULL DEFAULT 0,
  completed_at     timestamptz,
  CHECK (sorted_qty >= 0 AND sorted_qty <= qty),
  UNIQUE (sorting_task_id, slot_no),
  FOREIGN KEY (sorting_task_id, tenant_id, warehouse_id) REFERENCES sorting_task(id, tenant_id, warehouse_id) ON DELETE CASCADE,
  FOREIGN KEY (order_id, tenant_id, warehouse_id) REFERENCES outbound_order(id, tenant_id, warehouse_id)
);
CREATE UNIQUE INDEX sorting_slot_order_uq ON sorting_slot (order_id);

-- What goes from which container into which slot: picked units per (container, slot, SKU).
CREATE TABLE sorting_line (
  id                    serial PRIMARY KEY,
  sorting_task_id       integer NOT NULL REFERENCES sorting_task(id) ON DELETE CASCADE,
  sorting_container_id  integer NOT NULL REFERENCES sorting_container(id) ON DELETE CASCADE,
  sorting_slot_id       integer NOT NULL REFERENCES sorting_slot(id) ON DELETE CASCADE,
  sku_id                integer NOT NULL,
  qty                   integer NOT NULL CHECK (qty > 0),
  sorted_qty            integer NOT NULL DEFAULT 0,
  CHECK (sorted_qty >= 0 AND sorted_qty <= qty),
  UNIQUE (sorting_container_id, sorting_slot_id, sku_id)
);
CREATE INDEX sorting_line_task_idx ON sorting_line (sorting_task_id);

-- One row per accepted put (append-only).
CREATE TABLE sort_record (
  id               bigserial PRIMARY KEY,
  tenant_id        integer NOT NULL,
  warehouse_id     integer NOT NULL,
  sorting_task_id  integer NOT NULL REFERENCES sorting_task(id) ON DELETE CASCADE,
  sorting_line_id  integer NOT NULL REFERENCES sorting_line(id) ON DELETE CASCADE,
  qty              integer NOT NULL CHECK (qty > 0),
  scanned_code     text NOT NULL,
  operator_id      integer,
  operator_name    text,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sort_record_task_idx ON sort_record (sorting_task_id, id);
