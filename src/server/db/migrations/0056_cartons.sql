-- Boxes and packing (issue 21 "Boxes and packing", part I; ARCHITECTURE.md "Cartons are one model").
--
-- 1. Basic data (resources, src/domain/resources/product/packaging.ts): box (the shoe box a pair ships
--    in), packing_box (an outer carton type used at the packing station: tare weight, max weight) and
--    case (a master case of N shoe boxes). L × W × H in cm, weights in kg, volume in litres (dm³)
--    derived on every write (L × W × H / 1000); a case's shoe-box volume = boxes per case × its box's
--    volume (the figure the shipment limits of spec §5 count).
-- 2. The carton model: packing_task (ZX…, machine Unclaimed 0, Unpacked 1, Packed 2, Finish 3, Closed 4,
--    Lock 7, Stop 8) with its planned lines; carton (a packed box: code unique per pair, the task and the
--    document it belongs to, box i of n, box mark, dimensions, weight, status, the packing place it sits
--    on) and carton_item (its contents by SKU and batch). Stock: a scan moves the unit on the ledger from
--    the task's source location to the packing place under the task's number (reason 'pack', the box code
--    in its params); the carton rows say which box holds it. See src/server/areas/cartons/handlers.ts.

CREATE TABLE product_box (
  id          serial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id),
  code        text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name        text NOT NULL,
  length      numeric(14,4) NOT NULL CHECK (length > 0),
  width       numeric(14,4) NOT NULL CHECK (width > 0),
  height      numeric(14,4) NOT NULL CHECK (height > 0),
  weight      numeric(14,4) CHECK (weight > 0),
  volume      numeric(14,4) CHECK (volume >= 0),
  status      smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  created_by  integer,
  updated_by  integer,
  UNIQUE (tenant_id, code),
  UNIQUE (id, tenant_id)
);

CREATE TABLE product_packing_box (
  id          serial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id),
  code        text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name        text NOT NULL,
  length      numeric(14,4) NOT NULL CHECK (length > 0),
  width       numeric(14,4) NOT NULL CHECK (width > 0),
  height      numeric(14,4) NOT NULL CHECK (height > 0),
  weight      numeric(14,4) CHECK (weight > 0),
  max_weight  numeric(14,4) CHECK (max_weight > 0),
  volume      numeric(14,4) CHECK (volume >= 0),
  status      smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  created_by  integer,
  updated_by  integer,
  CONSTRAINT product_packing_box_max_weight_ck CHECK (max_weight IS NULL OR weight IS NULL OR max_weight >= weight),
  UNIQUE (tenant_id, code),
  UNIQUE (id, tenant_id)
);

CREATE TABLE product_case (
  id               serial PRIMARY KEY,
  tenant_id        integer NOT NULL REFERENCES tenant(id),
  code             text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name             text NOT NULL,
  box_id           integer,
  box_count        integer NOT NULL CHECK (box_count BETWEEN 1 AND 9999),
  length           numeric(14,4) NOT NULL CHECK (length > 0),
  width            numeric(14,4) NOT NULL CHECK (width > 0),
  height           numeric(14,4) NOT NULL CHECK (height > 0),
  weight           numeric(14,4) CHECK (weight > 0),
  volume           numeric(14,4) CHECK (volume >= 0),
  shoe_box_volume  numeric(14,4) CHECK (shoe_box_volume >= 0),
  status           smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  created_by       integer,
  updated_by       integer,
  CONSTRAINT product_case_box_fk FOREIGN KEY (box_id, tenant_id) REFERENCES product_box(id, tenant_id),
  UNIQUE (tenant_id, code),
  UNIQUE (id, tenant_id)
);

CREATE TABLE packing_task (
  id                  serial PRIMARY KEY,
  tenant_id           integer NOT NULL,
  warehouse_id        integer NOT NULL,
  task_no             text NOT NULL CHECK (task_no ~ '^[A-Z0-9-]+$'),
  status              smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3, 4, 7, 8)),
  -- The document the cartons belong to (a ToB order, a transfer …) as its number; null for a free task.
  doc_no              text CHECK (char_length(doc_no) <= 40),
  -- Where the goods to pack stand (a picked/staging location); the packing place the boxes sit on.
  source_location_id  integer NOT NULL REFERENCES location(id),
  pack_location_id    integer NOT NULL REFERENCES location(id),
  box_mark            text CHECK (char_length(box_mark) <= 100),
  claimed_by          integer,
  claimed_by_name     text,
  claimed_at          timestamptz,
  finished_at         timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  created_by          integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX packing_task_no_uq ON packing_task (tenant_id, warehouse_id, task_no);
CREATE INDEX packing_task_doc_idx ON packing_task (tenant_id, warehouse_id, doc_no);

CREATE TABLE packing_task_line (
  id          serial PRIMARY KEY,
  task_id     integer NOT NULL REFERENCES packing_task(id),
  line_no     integer NOT NULL CHECK (line_no >= 1),
  sku_id      integer NOT NULL,
  batch_no    text NOT NULL DEFAULT '',
  planned_qty integer NOT NULL CHECK (planned_qty >= 1),
  packed_qty  integer NOT NULL DEFAULT 0 CHECK (packed_qty >= 0),
  CONSTRAINT packing_task_line_over_ck CHECK (packed_qty <= planned_qty),
  UNIQUE (task_id, line_no),
  UNIQUE (task_id, sku_id, batch_no)
);

-- status: 1 open (being packed), 2 closed (weighed and measured); later stages (loaded, shipped) are the
-- loading and shipment parts' to add.
CREATE TABLE carton (
  id              serial PRIMARY KEY,
  tenant_id       integer NOT NULL,
  warehouse_id    integer NOT NULL,
  box_code        text NOT NULL CHECK (box_code ~ '^[A-Z0-9-]+$'),
  task_id         integer NOT NULL REFERENCES packing_task(id),
  doc_no          text,
  seq             integer NOT NULL CHECK (seq >= 1),
  box_total       integer CHECK (box_total >= seq),
  box_mark        text,
  mixed           boolean NOT NULL DEFAULT true,
  packing_box_id  integer REFERENCES product_packing_box(id),
  status          smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
  location_id     integer NOT NULL REFERENCES location(id),
  length          numeric(14,4) CHECK (length > 0),
  width           numeric(14,4) CHECK (width > 0),
  height          numeric(14,4) CHECK (height > 0),
  weight          numeric(14,4) CHECK (weight > 0),
  volume          numeric(14,4) CHECK (volume >= 0),
  closed_at       timestamptz,
  closed_by       integer,
  created_at      timestamptz NOT NULL DEFAULT now(),
  created_by      integer,
  CONSTRAINT carton_closed_measured_ck CHECK (status = 1 OR (length IS NOT NULL AND width IS NOT NULL AND height IS NOT NULL AND weight IS NOT NULL)),
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX carton_box_code_uq ON carton (tenant_id, warehouse_id, box_code);
CREATE UNIQUE INDEX carton_task_seq_uq ON carton (task_id, seq);
-- One open box per task at a time (the station packs into the box it scanned last).
CREATE UNIQUE INDEX carton_task_open_uq ON carton (task_id) WHERE status = 1;

CREATE TABLE carton_item (
  id            serial PRIMARY KEY,
  carton_id     integer NOT NULL REFERENCES carton(id),
  sku_id        integer NOT NULL,
  batch_no      text NOT NULL DEFAULT '',
  stock_status  smallint NOT NULL DEFAULT 1,
  qty           integer NOT NULL CHECK (qty >= 1),
  -- The product code the unit was scanned by (spec §5: consistent product code; X/B prefixes).
  scanned_code  text NOT NULL,
  UNIQUE (carton_id, sku_id, batch_no, stock_status)
);
