-- Face sheets (shipping labels bought from carriers), carriers' adapter settings and printing (issue 13 §3).
--
-- Carriers (basic data) gain the adapter that talks to them — only the built-in carrier SIMULATOR
-- (src/server/integrations/carriers/simulator.ts) exists — whether they refuse consignees without a
-- phone (spec section 8 "no consignee phone (only one carrier supported)") and the share of the
-- simulator's purchases that fail ("add-order failed, cancel postage and buy again").
ALTER TABLE carrier
  ADD COLUMN adapter              text NOT NULL DEFAULT 'simulator' CHECK (adapter IN ('simulator')),
  ADD COLUMN requires_phone       boolean NOT NULL DEFAULT false,
  ADD COLUMN sim_failure_percent  integer NOT NULL DEFAULT 0 CHECK (sim_failure_percent BETWEEN 0 AND 100),
  ADD COLUMN account_no           text CHECK (char_length(account_no) <= 40);

-- One row per purchase attempt of an order's face sheet. status (dict waybillState): 1 queued (the
-- worker has not reached the carrier yet), 2 purchasing (the carrier took the order; polling its
-- waybill), 3 bought, 4 failed, 5 cancelled (postage cancelled). At most one live row per order (the
-- partial unique index): a retried or concurrent purchase can never make a second one, and the
-- carrier's side is keyed by the row (client_ref FS<id>), so a retried call never buys twice.
CREATE TABLE face_sheet (
  id                 serial PRIMARY KEY,
  tenant_id          integer NOT NULL,
  warehouse_id       integer NOT NULL,
  order_id           integer NOT NULL REFERENCES outbound_order(id),
  order_no           text NOT NULL,
  carrier_id         integer NOT NULL REFERENCES carrier(id),
  status             smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 5),
  carrier_ref        text CHECK (char_length(carrier_ref) <= 64),
  tracking_no        text CHECK (char_length(tracking_no) <= 64),
  label              jsonb,
  error_key          text,
  error_params       jsonb,
  polls              integer NOT NULL DEFAULT 0,
  requested_at       timestamptz NOT NULL DEFAULT now(),
  expected_ready_at  timestamptz,
  next_at            timestamptz NOT NULL DEFAULT now(),
  bought_at          timestamptz,
  cancelled_at       timestamptz,
  printed_count      integer NOT NULL DEFAULT 0,
  created_by         integer,
  cancelled_by       integer,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 3 OR tracking_no IS NOT NULL)
);
CREATE UNIQUE INDEX face_sheet_live_uq ON face_sheet (order_id) WHERE status IN (1, 2, 3, 4);
CREATE INDEX face_sheet_due_idx ON face_sheet (next_at) WHERE status IN (1, 2);
CREATE INDEX face_sheet_order_idx ON face_sheet (order_id, id);

-- The carrier simulator's own books (what a real carrier keeps on its side): one shipment per client
-- reference, so a purchase retried with the same reference returns the shipment it already made.
CREATE TABLE carrier_sim_shipment (
  id            serial PRIMARY KEY,
  carrier_code  text NOT NULL,
  client_ref    text NOT NULL,
  order_no      text NOT NULL,
  tracking_no   text NOT NULL,
  fails         boolean NOT NULL DEFAULT false,
  ready_at      timestamptz NOT NULL,
  cancelled_at  timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX carrier_sim_shipment_ref_uq ON carrier_sim_shipment (carrier_code, client_ref);
CREATE UNIQUE INDEX carrier_sim_shipment_tracking_uq ON carrier_sim_shipment (tracking_no);

-- Printers of a warehouse (printer management): PDF (laser) or ZPL (thermal), their paper, and the
-- simulated connection (connected = the printer answers; spec section 8 "printer not connected").
CREATE TABLE printer (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  code          text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  format        text NOT NULL DEFAULT 'pdf' CHECK (format IN ('pdf', 'zpl')),
  paper         text NOT NULL DEFAULT 'PackageLabel_Plain_Paper' CHECK (paper IN ('PackageLabel_Plain_Paper', 'A4_2', 'A4_4', 'Letter_6')),
  address       text CHECK (char_length(address) <= 200),
  connected     boolean NOT NULL DEFAULT true,
  status        smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer,
  updated_by    integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX printer_code_uq ON printer (tenant_id, warehouse_id, code);

-- Print templates: per document kind, the paper, barcode or QR, and the output format.
CREATE TABLE print_template (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  doc_kind      text NOT NULL CHECK (doc_kind IN ('faceSheet', 'box', 'sku', 'fnsku')),
  paper         text NOT NULL DEFAULT 'PackageLabel_Plain_Paper' CHECK (paper IN ('PackageLabel_Plain_Paper', 'A4_2', 'A4_4', 'Letter_6')),
  code_kind     text NOT NULL DEFAULT 'barcode' CHECK (code_kind IN ('barcode', 'qrcode')),
  format        text NOT NULL DEFAULT 'pdf' CHECK (format IN ('pdf', 'zpl')),
  remark        text CHECK (char_length(remark) <= 500),
  status        smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer,
  updated_by    integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX print_template_name_uq ON print_template (tenant_id, warehouse_id, name);

-- Print setup: per document kind, the printer and template used when none is named.
CREATE TABLE print_setting (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  doc_kind      text NOT NULL CHECK (doc_kind IN ('faceSheet', 'box', 'sku', 'fnsku')),
  printer_id    integer NOT NULL REFERENCES printer(id),
  template_id   integer REFERENCES print_template(id),
  copies        integer NOT NULL DEFAULT 1 CHECK (copies BETWEEN 1 AND 10),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer,
  updated_by    integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX print_setting_kind_uq ON print_setting (tenant_id, warehouse_id, doc_kind);

-- What was sent to a (simulated) printer: the spool, for the operator and the tests.
CREATE TABLE print_job (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  printer_id    integer NOT NULL REFERENCES printer(id),
  doc_kind      text NOT NULL,
  format        text NOT NULL,
  doc_refs      text NOT NULL,
  label_count   integer NOT NULL,
  bytes         integer NOT NULL,
  created_by    integer,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX print_job_printer_idx ON print_job (printer_id, id);
