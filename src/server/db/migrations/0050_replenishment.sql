-- Replenishment (issue 20 "Replenishment"): rules per pick face and SKU, or per storage area and SKU
-- pattern (min, max, rounding multiple, the bulk area goods come from, enabled, snoozed until), and
-- replenishment tasks (BH…) that move goods from bulk to a pick face through the ledger. Task status:
-- dict replenishmentTaskStatus (spec section 4: ToBeAllocated 4, ToBeReplenished 0, Restocking 1,
-- Completed 2, Abolished 3). Machine: src/domain/states/replenishment-task.ts; handlers and the set-based
-- generator: src/server/areas/replenishment.
--
-- No duplicate open task per pick face and SKU (the fault users report in Odoo and ERPNext): the partial
-- unique index below, and the generator's INSERT … ON CONFLICT on it (a second trigger adds to the open
-- task instead of making another one, even when two triggers run at once on PostgreSQL).

CREATE TABLE replenishment_rule (
  id                serial PRIMARY KEY,
  tenant_id         integer NOT NULL,
  warehouse_id      integer NOT NULL,
  -- One pick face (a scattered location) and one SKU …
  location_id       integer REFERENCES location(id),
  sku_id            integer,
  -- … or every pick face of a storage area holding a SKU whose code matches the pattern (* and ? wildcards).
  storage_area_id   integer,
  sku_pattern       text CHECK (char_length(sku_pattern) BETWEEN 1 AND 80),
  min_qty           integer NOT NULL CHECK (min_qty >= 0),
  max_qty           integer NOT NULL CHECK (max_qty >= 1),
  -- Round the quantity UP to a multiple (a case or box quantity); 1: no rounding.
  multiple          integer NOT NULL DEFAULT 1 CHECK (multiple BETWEEN 1 AND 100000),
  -- The bulk storage area goods come from (null: every bulk location — fullBox locations and Floor areas).
  source_area_id    integer,
  status            smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  snoozed_until     timestamptz,
  remark            text CHECK (char_length(remark) <= 200),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  created_by        integer,
  updated_by        integer,
  CHECK (min_qty <= max_qty),
  CHECK ((location_id IS NOT NULL AND sku_id IS NOT NULL AND storage_area_id IS NULL AND sku_pattern IS NULL)
      OR (location_id IS NULL AND sku_id IS NULL AND storage_area_id IS NOT NULL AND sku_pattern IS NOT NULL))
);
CREATE UNIQUE INDEX replenishment_rule_face_uq ON replenishment_rule (tenant_id, warehouse_id, location_id, sku_id) WHERE location_id IS NOT NULL;
CREATE UNIQUE INDEX replenishment_rule_area_uq ON replenishment_rule (tenant_id, warehouse_id, storage_area_id, sku_pattern) WHERE storage_area_id IS NOT NULL;

CREATE TABLE replenishment_task (
  id                serial PRIMARY KEY,
  tenant_id         integer NOT NULL,
  warehouse_id      integer NOT NULL,
  task_no           text NOT NULL CHECK (task_no ~ '^[A-Z0-9-]+$'),
  status            smallint NOT NULL DEFAULT 4 CHECK (status IN (0, 1, 2, 3, 4)),
  -- The pick face topped up and the SKU.
  location_id       integer NOT NULL REFERENCES location(id),
  sku_id            integer NOT NULL,
  rule_id           integer REFERENCES replenishment_rule(id),
  source_area_id    integer,
  -- What made it: 'rule' (below min), 'shortage' (an order waits), 'wave' (a wave's demand), 'hand'.
  trigger           text NOT NULL CHECK (trigger IN ('rule', 'shortage', 'wave', 'hand')),
  qty               integer NOT NULL CHECK (qty >= 1),
  moved_qty         integer NOT NULL DEFAULT 0 CHECK (moved_qty >= 0),
  -- Why this quantity (on hand, reserved, open demand, min/max, rounding, bulk available …), as computed
  -- when generated; a later trigger on the open task adds its own entry (explanation.triggers).
  explanation       jsonb NOT NULL DEFAULT '{}'::jsonb,
  trigger_count     integer NOT NULL DEFAULT 1,
  job_group_id      integer,
  claimed_by        integer,
  claimed_by_name   text,
  claimed_at        timestamptz,
  finished_at       timestamptz,
  finished_by_name  text,
  abolish_reason    text CHECK (char_length(abolish_reason) <= 200),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  created_by        integer
);
CREATE UNIQUE INDEX replenishment_task_no_uq ON replenishment_task (tenant_id, warehouse_id, task_no);
-- At most one open task (ToBeAllocated 4, ToBeReplenished 0, Restocking 1) per pick face and SKU.
CREATE UNIQUE INDEX replenishment_task_open_uq ON replenishment_task (tenant_id, warehouse_id, location_id, sku_id) WHERE status IN (0, 1, 4);
CREATE INDEX replenishment_task_status_idx ON replenishment_task (tenant_id, warehouse_id, status, created_at);
CREATE INDEX replenishment_task_sku_idx ON replenishment_task (tenant_id, warehouse_id, sku_id);
