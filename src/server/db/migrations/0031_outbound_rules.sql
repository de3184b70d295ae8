-- Outbound rules (rule-management, spec sections 3 "Rules", 5 and 9 "Storage rules"; issue 12 §3):
-- wave rules, picking merge rules, order splitting rules and outbound strategies. Each is listed as a
-- resource (src/domain/resources/outbound/*; its drizzle table is derived by resourceTable(def)) and
-- read, enabled ones in priority order, by src/server/inventory/outbound-strategy.ts and
-- GET /wms-in/rules/findRules. Priority: positive integer, lower first, unique per warehouse+tenant
-- within each rule kind (spec section 5 "unique for rule priority"); names unique the same way. The
-- CHECKs bound the codes to the bundled dictionaries (src/domain/dictionaries.ts).

-- Wave rules. platform: dict platform (none = any); shop_ids: shops (none = any); item_kind: dict
-- waveItemKind; pick_mode: dict pickMode (PickingBySeed 1, OrdinaryPicking 2); task_mode: dict
-- pickingTaskMode ('whole' one picking task per order, 'bulk' one task for the wave); cutoff_time 'HH:MM'.
CREATE TABLE wave_rule (
  id               serial PRIMARY KEY,
  tenant_id        integer NOT NULL,
  warehouse_id     integer NOT NULL,
  name             text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  priority         integer NOT NULL CHECK (priority BETWEEN 1 AND 9999),
  status           smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  platform         text CHECK (platform IN ('SHEIN', 'WINIT', 'AMAZON', 'WALMART', 'TIKTOK', 'GOODCANG', 'MERCADOLIBRE')),
  shop_ids         integer[],
  shipping_method  text CHECK (char_length(shipping_method) <= 40),
  item_kind        text NOT NULL DEFAULT 'any' CHECK (item_kind IN ('single', 'multi', 'any')),
  min_sku_count    integer CHECK (min_sku_count >= 1),
  max_sku_count    integer CHECK (max_sku_count >= 1),
  max_orders       integer NOT NULL CHECK (max_orders BETWEEN 1 AND 1000),
  max_qty          integer CHECK (max_qty >= 1),
  cutoff_time      text CHECK (cutoff_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  pick_mode        smallint NOT NULL DEFAULT 2 CHECK (pick_mode IN (1, 2)),
  task_mode        text NOT NULL DEFAULT 'whole' CHECK (task_mode IN ('whole', 'bulk')),
  remark           text CHECK (char_length(remark) <= 500),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  created_by       integer,
  updated_by       integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id),
  CONSTRAINT wave_rule_sku_range_ck CHECK (min_sku_count IS NULL OR max_sku_count IS NULL OR min_sku_count <= max_sku_count)
);
CREATE UNIQUE INDEX wave_rule_name_uq ON wave_rule (tenant_id, warehouse_id, name);
CREATE UNIQUE INDEX wave_rule_priority_uq ON wave_rule (tenant_id, warehouse_id, priority);

-- Picking merge rules: at most max_orders_per_task orders (and max_qty_per_task units) in one merged
-- picking task; same_area_only merges only orders picked from one storage area.
CREATE TABLE picking_merge_rule (
  id                   serial PRIMARY KEY,
  tenant_id            integer NOT NULL,
  warehouse_id         integer NOT NULL,
  name                 text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  priority             integer NOT NULL CHECK (priority BETWEEN 1 AND 9999),
  status               smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  max_orders_per_task  integer NOT NULL CHECK (max_orders_per_task BETWEEN 1 AND 200),
  max_qty_per_task     integer CHECK (max_qty_per_task >= 1),
  same_area_only       boolean NOT NULL DEFAULT false,
  remark               text CHECK (char_length(remark) <= 500),
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  created_by           integer,
  updated_by           integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX picking_merge_rule_name_uq ON picking_merge_rule (tenant_id, warehouse_id, name);
CREATE UNIQUE INDEX picking_merge_rule_priority_uq ON picking_merge_rule (tenant_id, warehouse_id, priority);

-- Order splitting rules. split_by: dict orderSplitBy — 'stock' splits off the lines stock cannot be
-- allocated to, 'maxQty' an order above max_qty units, 'maxLines' an order past max_lines lines; the
-- limit the chosen way needs is required.
CREATE TABLE order_splitting_rule (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  priority      integer NOT NULL CHECK (priority BETWEEN 1 AND 9999),
  status        smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  split_by      text NOT NULL DEFAULT 'stock' CHECK (split_by IN ('stock', 'maxQty', 'maxLines')),
  max_qty       integer CHECK (max_qty >= 1),
  max_lines     integer CHECK (max_lines >= 1),
  remark        text CHECK (char_length(remark) <= 500),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer,
  updated_by    integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id),
  CONSTRAINT order_splitting_rule_limit_ck CHECK (
    (split_by <> 'maxQty' OR max_qty IS NOT NULL) AND (split_by <> 'maxLines' OR max_lines IS NOT NULL))
);
CREATE UNIQUE INDEX order_splitting_rule_name_uq ON order_splitting_rule (tenant_id, warehouse_id, name);
CREATE UNIQUE INDEX order_splitting_rule_priority_uq ON order_splitting_rule (tenant_id, warehouse_id, priority);

-- Outbound strategies. allocation_order: dict outboundStrategy ('FIFO' oldest receipt first, 'LOT'
-- lowest batch first); bulk_first: ToC bulk (full-box) locations before scattered ones; order_type:
-- dict orderType (TOB 1, TOC 2; none = both); area_ids: storage areas stock may be allocated from, in
-- order (none = every allocatable area).
CREATE TABLE outbound_strategy (
  id                serial PRIMARY KEY,
  tenant_id         integer NOT NULL,
  warehouse_id      integer NOT NULL,
  name              text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  priority          integer NOT NULL CHECK (priority BETWEEN 1 AND 9999),
  status            smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  allocation_order  text NOT NULL DEFAULT 'FIFO' CHECK (allocation_order IN ('FIFO', 'LOT')),
  bulk_first        boolean NOT NULL DEFAULT false,
  order_type        smallint CHECK (order_type IN (1, 2)),
  area_ids          integer[],
  remark            text CHECK (char_length(remark) <= 500),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  created_by        integer,
  updated_by        integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX outbound_strategy_name_uq ON outbound_strategy (tenant_id, warehouse_id, name);
CREATE UNIQUE INDEX outbound_strategy_priority_uq ON outbound_strategy (tenant_id, warehouse_id, priority);
