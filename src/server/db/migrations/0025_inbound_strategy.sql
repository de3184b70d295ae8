-- Inbound strategies (rule-management → inbound-strategy, spec sections 3 "Rules" and 9 "Storage
-- rules"): which storage areas a shelving suggestion looks in, in priority order. Listed as the
-- resource 'inboundStrategy' (src/domain/resources/inbound/inbound-strategy.ts); its drizzle table is
-- derived by resourceTable(def). Priority: positive integer, lower first, unique per warehouse+tenant
-- (spec section 5 "Priority positive integer, lower number higher priority, unique for rule priority").
CREATE TABLE inbound_strategy (
  id             serial PRIMARY KEY,
  tenant_id      integer NOT NULL,
  warehouse_id   integer NOT NULL,
  name           text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  strategy_type  text NOT NULL CHECK (strategy_type IN ('normal', 'fast')),
  area_ids       integer[] NOT NULL CHECK (cardinality(area_ids) > 0),
  priority       integer NOT NULL CHECK (priority > 0),
  status         smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  remark         text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  created_by     integer,
  updated_by     integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX inbound_strategy_name_uq ON inbound_strategy (tenant_id, warehouse_id, name);
CREATE UNIQUE INDEX inbound_strategy_priority_uq ON inbound_strategy (tenant_id, warehouse_id, priority);

-- The post-inbound inspection of an order is created once (when its shelving task completes).
CREATE UNIQUE INDEX inspection_order_kind_uq ON inspection_order (order_id, kind);

-- Where a shelving scan put goods (one row per accepted scan or whole-line confirm): the task details
-- show them, and the post-inbound inspection finds the shelved goods through them.
CREATE TABLE shelving_record (
  id             bigserial PRIMARY KEY,
  tenant_id      integer NOT NULL,
  warehouse_id   integer NOT NULL,
  task_id        integer NOT NULL,
  line_id        integer NOT NULL REFERENCES shelving_line(id) ON DELETE CASCADE,
  location_id    integer NOT NULL,
  qty            integer NOT NULL CHECK (qty > 0),
  operator_id    integer,
  operator_name  text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (task_id, tenant_id, warehouse_id) REFERENCES shelving_task(id, tenant_id, warehouse_id) ON DELETE CASCADE,
  FOREIGN KEY (location_id, tenant_id, warehouse_id) REFERENCES location(id, tenant_id, warehouse_id)
);
CREATE INDEX shelving_record_task_idx ON shelving_record (task_id, id);
CREATE INDEX shelving_record_line_idx ON shelving_record (line_id);

-- Where failed goods of an inspection line were turned defective (location + batch): the inspection
-- transfer order and the shelving order generated from a pre-inbound inspection move exactly these.
CREATE TABLE inspection_fail (
  id                  bigserial PRIMARY KEY,
  tenant_id           integer NOT NULL,
  warehouse_id        integer NOT NULL,
  inspection_line_id  integer NOT NULL REFERENCES inspection_line(id) ON DELETE CASCADE,
  location_id         integer NOT NULL,
  batch_no            text NOT NULL DEFAULT '',
  qty                 integer NOT NULL CHECK (qty > 0),
  created_at          timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (location_id, tenant_id, warehouse_id) REFERENCES location(id, tenant_id, warehouse_id)
);
CREATE INDEX inspection_fail_line_idx ON inspection_fail (inspection_line_id);
