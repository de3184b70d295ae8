-- Issue 20, part C: task path configuration and audit plans / checklists. (The task pool itself has no
-- table: it is a UNION of the task kinds' own tables read through src/server/tasks/pool.ts.)
--
-- Task path (spec section 9 storage rules "picking route corner or random"): the order in which a task
-- visits locations, per warehouse-tenant pair (storage_area_id NULL) or per storage area (overrides the
-- pair's row for that area's locations). route:
--   corner   — location-code order, aisle by aisle from the corner
--   random   — a shuffled order fixed per task (the same task always walks the same way)
--   explicit — by the keys in order_keys, each 'shelf' | 'floor' | 'code' with an optional ':desc'
--              (e.g. {shelf,floor:desc,code}); location code breaks ties
-- Used by picking task lines, count task locations and replenishment (src/server/tasks/path.ts).
CREATE TABLE task_path_config (
  id               serial PRIMARY KEY,
  tenant_id        integer NOT NULL,
  warehouse_id     integer NOT NULL,
  storage_area_id  integer REFERENCES storage_area(id),
  route            text NOT NULL CHECK (route IN ('corner', 'random', 'explicit')),
  order_keys       text[] NOT NULL DEFAULT '{}' CHECK (cardinality(order_keys) <= 3),
  remark           text CHECK (char_length(remark) <= 200),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  created_by       integer,
  updated_by       integer,
  CONSTRAINT task_path_explicit_ck CHECK (route <> 'explicit' OR cardinality(order_keys) >= 1)
);
CREATE UNIQUE INDEX task_path_config_uq ON task_path_config (tenant_id, warehouse_id, coalesce(storage_area_id, 0));

-- Audit plans (JC…) and checklists (JD…): spec section 4 "audit (new, audit complete)" — status New 0,
-- AuditComplete 1 on both. A plan takes the stock of its locations (area / location code range / SKU) at
-- creation as the expected quantities, cut into one checklist per storage area; the auditor records the
-- actual quantity and box count of every row; a checklist completes when every row is recorded, the plan
-- when every checklist is complete. An audit posts nothing to the ledger: differences are reported (a
-- count plan corrects stock).
CREATE TABLE audit_plan (
  id               serial PRIMARY KEY,
  tenant_id        integer NOT NULL,
  warehouse_id     integer NOT NULL,
  plan_no          text NOT NULL CHECK (plan_no ~ '^[A-Z0-9-]+$'),
  status           smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  storage_area_id  integer REFERENCES storage_area(id),
  location_from    text CHECK (char_length(location_from) <= 40),
  location_to      text CHECK (char_length(location_to) <= 40),
  sku_id           integer,
  checklist_count  integer NOT NULL DEFAULT 0,
  line_count       integer NOT NULL DEFAULT 0,
  expected_qty     integer NOT NULL DEFAULT 0,
  actual_qty       integer NOT NULL DEFAULT 0,
  box_count        integer NOT NULL DEFAULT 0,
  remark           text CHECK (char_length(remark) <= 200),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  created_by       integer,
  created_by_name  text,
  completed_at     timestamptz,
  completed_by     integer,
  completed_by_name text
);
CREATE UNIQUE INDEX audit_plan_no_uq ON audit_plan (tenant_id, warehouse_id, plan_no);
CREATE INDEX audit_plan_status_idx ON audit_plan (tenant_id, warehouse_id, status, created_at);

CREATE TABLE audit_checklist (
  id               serial PRIMARY KEY,
  tenant_id        integer NOT NULL,
  warehouse_id     integer NOT NULL,
  checklist_no     text NOT NULL CHECK (checklist_no ~ '^[A-Z0-9-]+$'),
  plan_id          integer NOT NULL REFERENCES audit_plan(id),
  storage_area_id  integer NOT NULL REFERENCES storage_area(id),
  status           smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  line_count       integer NOT NULL DEFAULT 0,
  expected_qty     integer NOT NULL DEFAULT 0,
  actual_qty       integer NOT NULL DEFAULT 0,
  box_count        integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  completed_at     timestamptz,
  completed_by     integer,
  completed_by_name text
);
CREATE UNIQUE INDEX audit_checklist_no_uq ON audit_checklist (tenant_id, warehouse_id, checklist_no);
CREATE INDEX audit_checklist_plan_idx ON audit_checklist (plan_id);

CREATE TABLE audit_checklist_line (
  id               serial PRIMARY KEY,
  checklist_id     integer NOT NULL REFERENCES audit_checklist(id),
  line_no          integer NOT NULL,
  location_id      integer NOT NULL REFERENCES location(id),
  sku_id           integer NOT NULL,
  expected_qty     integer NOT NULL CHECK (expected_qty >= 0),
  actual_qty       integer CHECK (actual_qty BETWEEN 0 AND 1000000000),
  box_count        integer CHECK (box_count BETWEEN 0 AND 1000000),
  recorded_by      integer,
  recorded_by_name text,
  recorded_at      timestamptz,
  UNIQUE (checklist_id, line_no)
);
