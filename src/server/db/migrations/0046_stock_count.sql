-- Counts (issue 20, "Counts"): inventory check rules, count plans (PD…), count tasks (PT…) of at most 10
-- locations each (spec section 5 "inventory check task locations max 10"), the locations of a task and
-- its counted lines. Plan and task status: dict countPlanStatus (spec section 4: Unclaimed 0,
-- InventoryToBeCounted 1, WaitingForApproval 2, Finished 4, Invalid 9). Machine:
-- src/domain/states/count-task.ts; handlers: src/server/areas/stock-count.
--
-- Blind and positional (README "Counts"): a line keeps what was counted and the ledger position of its
-- (location, SKU) at that moment — the highest inventory_ledger id of those balances — never the
-- expected quantity; approval computes on hand at that position from the ledger rows after it and
-- posts counted − that, so stock that moved during the count is neither lost nor counted twice.

CREATE TABLE count_rule (
  id               serial PRIMARY KEY,
  tenant_id        integer NOT NULL,
  warehouse_id     integer NOT NULL,
  name             text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  storage_area_id  integer,
  location_from    text CHECK (char_length(location_from) <= 40),
  location_to      text CHECK (char_length(location_to) <= 40),
  sku_id           integer,
  -- A line whose |variance| exceeds either threshold gets a recount by another operator (null: no limit of that kind).
  threshold_units  integer CHECK (threshold_units >= 0),
  threshold_pct    integer CHECK (threshold_pct BETWEEN 0 AND 1000),
  -- Cycle: a location counted within this many days is not taken again by the rule (null: always).
  frequency_days   integer CHECK (frequency_days BETWEEN 1 AND 3650),
  status           smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  created_by       integer,
  updated_by       integer
);
CREATE UNIQUE INDEX count_rule_name_uq ON count_rule (tenant_id, warehouse_id, lower(name));

CREATE TABLE count_plan (
  id               serial PRIMARY KEY,
  tenant_id        integer NOT NULL,
  warehouse_id     integer NOT NULL,
  plan_no          text NOT NULL CHECK (plan_no ~ '^[A-Z0-9-]+$'),
  status           smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 4, 9)),
  source           text NOT NULL CHECK (source IN ('hand', 'rule')),
  rule_id          integer REFERENCES count_rule(id),
  threshold_units  integer CHECK (threshold_units >= 0),
  threshold_pct    integer CHECK (threshold_pct BETWEEN 0 AND 1000),
  location_count   integer NOT NULL DEFAULT 0 CHECK (location_count >= 0),
  task_count       integer NOT NULL DEFAULT 0 CHECK (task_count >= 0),
  remark           text CHECK (char_length(remark) <= 200),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  created_by       integer,
  created_by_name  text,
  finished_at      timestamptz
);
CREATE UNIQUE INDEX count_plan_no_uq ON count_plan (tenant_id, warehouse_id, plan_no);
CREATE INDEX count_plan_status_idx ON count_plan (tenant_id, warehouse_id, status, created_at);

-- The plan's locations before they are cut into tasks (task_id null until generated).
CREATE TABLE count_plan_location (
  plan_id      integer NOT NULL REFERENCES count_plan(id),
  location_id  integer NOT NULL REFERENCES location(id),
  seq          integer NOT NULL,
  task_id      integer,
  PRIMARY KEY (plan_id, location_id)
);

CREATE TABLE count_task (
  id                 serial PRIMARY KEY,
  tenant_id          integer NOT NULL,
  warehouse_id       integer NOT NULL,
  task_no            text NOT NULL CHECK (task_no ~ '^[A-Z0-9-]+$'),
  plan_id            integer NOT NULL REFERENCES count_plan(id),
  status             smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 4, 9)),
  -- A recount: the task it recounts, its round (0 first count), and who may not count it (earlier counters).
  recount_of         integer REFERENCES count_task(id),
  round              integer NOT NULL DEFAULT 0 CHECK (round >= 0),
  excluded_user_ids  integer[] NOT NULL DEFAULT '{}',
  -- An open recount of this task (the task is then "hedging": reconciliation waits for it).
  recount_task_id    integer REFERENCES count_task(id),
  location_count     integer NOT NULL CHECK (location_count BETWEEN 1 AND 10),
  assignee_id        integer,
  claimed_by         integer,
  claimed_by_name    text,
  claimed_at         timestamptz,
  submitted_at       timestamptz,
  reviewed_by        integer,
  reviewed_by_name   text,
  reviewed_at        timestamptz,
  review_note        text CHECK (char_length(review_note) <= 200),
  surplus_qty        integer NOT NULL DEFAULT 0,
  loss_qty           integer NOT NULL DEFAULT 0,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  created_by         integer
);
CREATE UNIQUE INDEX count_task_no_uq ON count_task (tenant_id, warehouse_id, task_no);
CREATE INDEX count_task_plan_idx ON count_task (plan_id);
CREATE INDEX count_task_status_idx ON count_task (tenant_id, warehouse_id, status, created_at);

-- A task's locations, in route order; visited_position: the ledger position when the counter last
-- scanned there or confirmed it empty (SKUs expected there but not scanned count as 0 at it).
CREATE TABLE count_task_location (
  task_id           integer NOT NULL REFERENCES count_task(id),
  location_id       integer NOT NULL REFERENCES location(id),
  seq               integer NOT NULL,
  visited           boolean NOT NULL DEFAULT false,
  confirmed_empty   boolean NOT NULL DEFAULT false,
  visited_position  bigint,
  PRIMARY KEY (task_id, location_id)
);

-- What was counted: one line per (task, location, SKU). expected_qty and adjustment are written at
-- approval only (the counter's answers never carry them).
CREATE TABLE count_line (
  id               bigserial PRIMARY KEY,
  tenant_id        integer NOT NULL,
  warehouse_id     integer NOT NULL,
  task_id          integer NOT NULL REFERENCES count_task(id),
  location_id      integer NOT NULL REFERENCES location(id),
  sku_id           integer NOT NULL,
  counted_qty      integer NOT NULL CHECK (counted_qty >= 0),
  ledger_position  bigint NOT NULL DEFAULT 0,
  counted_by       integer,
  counted_by_name  text,
  counted_at       timestamptz NOT NULL DEFAULT now(),
  expected_qty     integer,
  adjustment       integer,
  UNIQUE (task_id, location_id, sku_id)
);
CREATE INDEX count_line_task_idx ON count_line (task_id);
