-- Moves (issue 20 "Moves"): move orders (YK…) and their lines. Status: dict moveOrderStatus (New 0,
-- Moving 1, Completed 2, Cancelled 9; machine src/domain/states/move-order.ts). Each moved line is one
-- ledger move (inventory_ledger rows under the order's number, doc_type 'moveOrder', reason 'move');
-- handlers src/server/areas/moves. Rule "moved not above movable": the ledger's checked update refuses it.

CREATE TABLE move_order (
  id                 serial PRIMARY KEY,
  tenant_id          integer NOT NULL,
  warehouse_id       integer NOT NULL,
  move_no            text NOT NULL CHECK (move_no ~ '^[A-Z0-9-]+$'),
  status             smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 9)),
  -- hand: a form; warning: a transfer warning's fix; station: a move station's session.
  source             text NOT NULL CHECK (source IN ('hand', 'warning', 'station')),
  remark             text CHECK (char_length(remark) <= 200),
  line_count         integer NOT NULL DEFAULT 0 CHECK (line_count >= 0),
  total_qty          integer NOT NULL DEFAULT 0 CHECK (total_qty >= 0),
  -- The task pool's allotment of a new order (src/server/areas/moves/task-pool.ts): an operator or a job group.
  assignee_id        integer,
  job_group_id       integer,
  created_by         integer,
  created_by_name    text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  completed_by_name  text,
  completed_at       timestamptz,
  cancelled_at       timestamptz
);
CREATE UNIQUE INDEX move_order_no_uq ON move_order (tenant_id, warehouse_id, move_no);
CREATE INDEX move_order_status_idx ON move_order (tenant_id, warehouse_id, status, created_at);

CREATE TABLE move_order_line (
  id                 bigserial PRIMARY KEY,
  order_id           integer NOT NULL REFERENCES move_order(id),
  tenant_id          integer NOT NULL,
  warehouse_id       integer NOT NULL,
  line_no            integer NOT NULL CHECK (line_no > 0),
  from_location_id   integer NOT NULL,
  sku_id             integer NOT NULL,
  batch_no           text NOT NULL DEFAULT '' CHECK (char_length(batch_no) <= 40),
  stock_status       smallint NOT NULL DEFAULT 1 CHECK (stock_status BETWEEN 1 AND 4),
  qty                integer NOT NULL CHECK (qty > 0),
  to_location_id     integer NOT NULL CHECK (to_location_id <> from_location_id),
  move_reserved      boolean NOT NULL DEFAULT false,
  -- Filled when the line is moved (all at once: a line moves whole or not at all).
  moved_qty          integer NOT NULL DEFAULT 0 CHECK (moved_qty = 0 OR moved_qty = qty),
  reserved_moved     integer NOT NULL DEFAULT 0 CHECK (reserved_moved >= 0 AND reserved_moved <= moved_qty),
  from_balance_id    bigint,
  to_balance_id      bigint,
  moved_by           integer,
  moved_by_name      text,
  moved_at           timestamptz,
  UNIQUE (order_id, line_no)
);
CREATE INDEX move_order_line_order_idx ON move_order_line (order_id, line_no);

-- Stock allot (issue 20, stock-manage → stock-allot; README "Stock allot"): a SKU's allocable stock in a
-- warehouse allotted among shops (sales channels). A document (TP…) sets the quotas of the shops it names;
-- the spec's rule "allocated not above allocable and not below locked" is checked when it is made: each
-- shop's quota ≥ what its open orders hold reserved of the SKU here (locked), and the quotas of all shops
-- together ≤ the SKU's normal stock on hand in allocatable areas (allocable). Quotas move no stock.
CREATE TABLE stock_allot (
  id                 serial PRIMARY KEY,
  tenant_id          integer NOT NULL,
  warehouse_id       integer NOT NULL,
  allot_no           text NOT NULL CHECK (allot_no ~ '^[A-Z0-9-]+$'),
  sku_id             integer NOT NULL,
  allocable          integer NOT NULL CHECK (allocable >= 0),
  remark             text CHECK (char_length(remark) <= 200),
  created_by         integer,
  created_by_name    text,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX stock_allot_no_uq ON stock_allot (tenant_id, warehouse_id, allot_no);

CREATE TABLE stock_allot_line (
  id                 serial PRIMARY KEY,
  allot_id           integer NOT NULL REFERENCES stock_allot(id),
  shop_id            integer NOT NULL,
  qty                integer NOT NULL CHECK (qty >= 0),
  locked             integer NOT NULL CHECK (locked >= 0 AND locked <= qty),
  UNIQUE (allot_id, shop_id)
);

CREATE TABLE stock_allot_quota (
  id                 serial PRIMARY KEY,
  tenant_id          integer NOT NULL,
  warehouse_id       integer NOT NULL,
  sku_id             integer NOT NULL,
  shop_id            integer NOT NULL,
  qty                integer NOT NULL CHECK (qty >= 0),
  allot_no           text NOT NULL,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, warehouse_id, sku_id, shop_id)
);
