-- The inventory ledger (ARCHITECTURE.md "Inventory — the heart"). Only src/server/inventory/ledger.ts
-- writes these tables. The database itself refuses negative stock and locked > on-hand, refuses any
-- change to a ledger row, and keeps balances and ledger keyed the same way, so a bug elsewhere cannot
-- oversell or rewrite history.

-- Target of the scoped references below: a balance can only point at a location of its own warehouse.
CREATE UNIQUE INDEX location_scope_uq ON location (id, tenant_id, warehouse_id);

-- Stock status (dict stockStatus): 1 normal, 2 defective, 3 sample, 4 frozen.
CREATE TABLE inventory_balance (
  id            bigserial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  location_id   integer NOT NULL,
  sku_id        integer NOT NULL,
  batch_no      text NOT NULL DEFAULT '' CHECK (char_length(batch_no) <= 40),
  stock_status  smallint NOT NULL DEFAULT 1 CHECK (stock_status BETWEEN 1 AND 4),
  on_hand       integer NOT NULL DEFAULT 0,
  locked        integer NOT NULL DEFAULT 0,
  -- First receipt into this key: FIFO allocation orders by it.
  first_in_at   timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT inventory_balance_on_hand_ck CHECK (on_hand >= 0),
  CONSTRAINT inventory_balance_locked_ck CHECK (locked >= 0 AND locked <= on_hand),
  CONSTRAINT inventory_balance_key UNIQUE (tenant_id, warehouse_id, location_id, sku_id, batch_no, stock_status),
  FOREIGN KEY (location_id, tenant_id, warehouse_id) REFERENCES location(id, tenant_id, warehouse_id),
  FOREIGN KEY (sku_id, tenant_id) REFERENCES product_sku(id, tenant_id)
);
CREATE INDEX inventory_balance_sku_idx ON inventory_balance (tenant_id, warehouse_id, sku_id);
CREATE INDEX inventory_balance_location_idx ON inventory_balance (location_id);

-- Append-only: one row per change of one balance. on_hand_after/locked_after are the balance right
-- after this row (the "explain" view reads them); Σ deltas per balance = the balance (invariant check).
CREATE TABLE inventory_ledger (
  id             bigserial PRIMARY KEY,
  balance_id     bigint NOT NULL REFERENCES inventory_balance(id),
  tenant_id      integer NOT NULL,
  warehouse_id   integer NOT NULL,
  delta_on_hand  integer NOT NULL,
  delta_locked   integer NOT NULL,
  on_hand_after  integer NOT NULL,
  locked_after   integer NOT NULL,
  doc_type       text NOT NULL,
  doc_no         text NOT NULL,
  doc_line       integer,
  reason         text,
  operator_id    integer,
  operator_name  text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (delta_on_hand <> 0 OR delta_locked <> 0)
);
CREATE INDEX inventory_ledger_balance_idx ON inventory_ledger (balance_id, id);
CREATE INDEX inventory_ledger_doc_idx ON inventory_ledger (tenant_id, warehouse_id, doc_no);

CREATE FUNCTION inventory_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'inventory_ledger is append-only' USING ERRCODE = 'check_violation', CONSTRAINT = 'inventory_ledger_append_only';
END $$;
CREATE TRIGGER inventory_ledger_append_only BEFORE UPDATE OR DELETE ON inventory_ledger
  FOR EACH ROW EXECUTE FUNCTION inventory_ledger_append_only();

-- Reservations: qty is what is still reserved; status 0 open, 1 released, 2 consumed.
-- A balance's locked = Σ qty of its open reservations (invariant check).
CREATE TABLE inventory_reservation (
  id            bigserial PRIMARY KEY,
  balance_id    bigint NOT NULL REFERENCES inventory_balance(id),
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  qty           integer NOT NULL CHECK (qty >= 0),
  status        smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  doc_type      text NOT NULL,
  doc_no        text NOT NULL,
  doc_line      integer,
  created_at    timestamptz NOT NULL DEFAULT now(),
  closed_at     timestamptz,
  CHECK ((status = 0 AND qty > 0) OR status <> 0)
);
CREATE INDEX inventory_reservation_balance_idx ON inventory_reservation (balance_id) WHERE status = 0;
CREATE INDEX inventory_reservation_doc_idx ON inventory_reservation (tenant_id, warehouse_id, doc_no);
