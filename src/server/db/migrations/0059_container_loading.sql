-- Container loading (issue 21 "Shipments and containers", part K2; src/domain/container-loading.ts).
--
-- container_loading: the loading document (ZG…) of one shipping container — its number (unique among the
-- documents not yet shipped: "container not unique" otherwise), size with capacity volume (m³) and max
-- payload (kg), AGL transport or not, seal number; status 0 waiting load → 1 loaded → 2 closed, then
-- shipped (shipped_at: its boxes shipped through the ledger under the ZG number).
-- container_load_box: which box (carton) is loaded into which container. UNIQUE (carton_id): a box is in
-- at most one container — two stations scanning the same box at once, exactly one wins (the other gets
-- the refusal naming the container). "A box is loaded" (for shipping sea shipments) = a row here.

CREATE TABLE container_loading (
  id                serial PRIMARY KEY,
  tenant_id         integer NOT NULL,
  warehouse_id      integer NOT NULL,
  loading_no        text NOT NULL CHECK (loading_no ~ '^[A-Z0-9-]+$'),
  container_no      text NOT NULL CHECK (container_no ~ '^[A-Z0-9-]{4,40}$'),
  container_size    text NOT NULL CHECK (container_size IN ('20GP', '40GP', '40HQ', '45HQ')),
  capacity_volume   numeric(12,3) NOT NULL CHECK (capacity_volume > 0),
  max_weight        numeric(12,3) NOT NULL CHECK (max_weight > 0),
  agl               boolean NOT NULL DEFAULT false,
  -- The transport the container leaves on (basic data, table below); an AGL transport makes the container AGL.
  transport_id      integer,
  seal_no           text CHECK (char_length(seal_no) <= 40),
  remark            text CHECK (char_length(remark) <= 200),
  status            smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  created_at        timestamptz NOT NULL DEFAULT now(),
  created_by        integer,
  created_by_name   text,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  loaded_at         timestamptz,
  closed_at         timestamptz,
  closed_by_name    text,
  shipped_at        timestamptz,
  shipped_by_name   text,
  CONSTRAINT container_loading_shipped_ck CHECK (shipped_at IS NULL OR status = 2),
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX container_loading_no_uq ON container_loading (tenant_id, warehouse_id, loading_no);
-- A container number is in one document at a time until that document is shipped.
CREATE UNIQUE INDEX container_loading_open_container_uq ON container_loading (tenant_id, warehouse_id, container_no) WHERE shipped_at IS NULL;
CREATE INDEX container_loading_status_idx ON container_loading (tenant_id, warehouse_id, status, id);

CREATE TABLE container_load_box (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  loading_id    integer NOT NULL REFERENCES container_loading(id),
  carton_id     integer NOT NULL REFERENCES carton(id),
  loaded_at     timestamptz NOT NULL DEFAULT now(),
  loaded_by     integer,
  loaded_by_name text
);
CREATE UNIQUE INDEX container_load_box_carton_uq ON container_load_box (carton_id);
CREATE INDEX container_load_box_loading_idx ON container_load_box (loading_id, id);

-- transport (stock-out → ToB → ship-management → transport): the transports containers leave on — a vessel,
-- a train or a truck — as basic data of the warehouse (a resource: src/domain/resources/outbound/transport.ts):
-- number, vessel/vehicle, business type, forwarder, AGL (an AGL transport carries AGL containers only: spec §5
-- "no mixed containers for AGL transport"), departure and delivery dates ("Departure/delivery date cannot be
-- earlier than departure date": CHECK + the resource's rule, naming deliveryDate).
CREATE TABLE transport (
  id              serial PRIMARY KEY,
  tenant_id       integer NOT NULL,
  warehouse_id    integer NOT NULL,
  code            text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name            text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  business_type   text CHECK (business_type IN ('sea', 'air', 'express', 'railway')),
  forwarder       text CHECK (char_length(forwarder) <= 100),
  agl             boolean NOT NULL DEFAULT false,
  departure_date  date,
  delivery_date   date,
  status          smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  remark          text CHECK (char_length(remark) <= 500),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  created_by      integer,
  updated_by      integer,
  CONSTRAINT transport_delivery_ck CHECK (delivery_date IS NULL OR departure_date IS NULL OR delivery_date >= departure_date),
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id),
  UNIQUE (tenant_id, warehouse_id, code)
);
