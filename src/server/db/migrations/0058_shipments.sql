-- ToB shipments (issue 21 "Shipments and containers", part K1; spec §3 Shipment fields, §4 Shipment
-- NotShipped 0, Shipped 1, InTransit 2, PartiallyShipped 3, ShippingTerminated 4, approval not approved 0 /
-- approved 1).
--
-- 1. Cartons ship: status 3 = shipped (by shipCartons, src/server/areas/shipments/ship-cartons.ts — the one
--    function that takes a box's contents out through the ledger), with the document that shipped it. The
--    container-loading part (K2) marks a box loaded (loading_no, loaded_at); a sea/railway shipment ships
--    only once every box of it is loaded.
-- 2. shipment (FY…): generated from the closed boxes of ToB orders, split by limits (boxes, gross weight,
--    volume); shipment_carton: which boxes it holds — a box is in at most one shipment (UNIQUE carton_id).
ALTER TABLE carton DROP CONSTRAINT IF EXISTS carton_status_check;
ALTER TABLE carton ADD CONSTRAINT carton_status_check CHECK (status IN (1, 2, 3));
ALTER TABLE carton ADD COLUMN shipped_at timestamptz;
ALTER TABLE carton ADD COLUMN ship_doc_type text;
ALTER TABLE carton ADD COLUMN ship_doc_no text;
ALTER TABLE carton ADD COLUMN loading_no text;
ALTER TABLE carton ADD COLUMN loaded_at timestamptz;
ALTER TABLE carton ADD CONSTRAINT carton_shipped_ck CHECK ((status = 3) = (shipped_at IS NOT NULL AND ship_doc_no IS NOT NULL));
CREATE INDEX carton_doc_idx ON carton (tenant_id, warehouse_id, doc_no);

CREATE TABLE shipment (
  id                serial PRIMARY KEY,
  tenant_id         integer NOT NULL,
  warehouse_id      integer NOT NULL,
  shipment_no       text NOT NULL CHECK (shipment_no ~ '^[A-Z0-9-]+$'),
  status            smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3, 4)),
  approval          smallint NOT NULL DEFAULT 0 CHECK (approval IN (0, 1)),
  business_type     text NOT NULL CHECK (business_type IN ('sea', 'air', 'express', 'railway')),
  channel           text,
  destination_warehouse text,
  container_no      text CHECK (container_no IS NULL OR container_no ~ '^[A-Z0-9-]{1,40}$'),
  port              text CHECK (port IS NULL OR char_length(port) BETWEEN 1 AND 60),
  shipping_method   text CHECK (shipping_method IS NULL OR char_length(shipping_method) BETWEEN 1 AND 60),
  forwarder         text CHECK (forwarder IS NULL OR char_length(forwarder) BETWEEN 1 AND 100),
  bill_of_lading    text CHECK (bill_of_lading IS NULL OR char_length(bill_of_lading) BETWEEN 1 AND 60),
  seal_no           text CHECK (seal_no IS NULL OR char_length(seal_no) BETWEEN 1 AND 60),
  tracking_no       text CHECK (tracking_no IS NULL OR char_length(tracking_no) BETWEEN 1 AND 60),
  departure_at      timestamptz,
  arrival_at        timestamptz,
  box_count         integer NOT NULL DEFAULT 0 CHECK (box_count >= 0),
  gross_weight      numeric(14,4) NOT NULL DEFAULT 0 CHECK (gross_weight >= 0),
  volume            numeric(14,4) NOT NULL DEFAULT 0 CHECK (volume >= 0),
  shipped_boxes     integer NOT NULL DEFAULT 0 CHECK (shipped_boxes >= 0 AND shipped_boxes <= box_count),
  approved_by       integer,
  approved_at       timestamptz,
  shipped_at        timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  created_by        integer,
  updated_by        integer,
  -- "Departure/delivery date cannot be earlier than departure date".
  CONSTRAINT shipment_arrival_ck CHECK (arrival_at IS NULL OR departure_at IS NULL OR arrival_at >= departure_at),
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX shipment_no_uq ON shipment (tenant_id, warehouse_id, shipment_no);
CREATE INDEX shipment_status_idx ON shipment (tenant_id, warehouse_id, status);

CREATE TABLE shipment_carton (
  id            serial PRIMARY KEY,
  shipment_id   integer NOT NULL REFERENCES shipment(id),
  carton_id     integer NOT NULL REFERENCES carton(id),
  order_id      integer REFERENCES outbound_order(id),
  seq           integer NOT NULL CHECK (seq >= 1),
  UNIQUE (carton_id),
  UNIQUE (shipment_id, seq)
);
CREATE INDEX shipment_carton_order_idx ON shipment_carton (order_id);
