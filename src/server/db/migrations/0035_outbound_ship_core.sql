-- Outbound (ToC retail) II (issue 13), the columns every later step shares on the order: where the order
-- stands in packing (dict packingStatus, spec section 4: ToBePacked 1 … OutOfStock 7), its face sheet
-- (dict faceSheetStatus: not bought 0, bought 1, partly bought 2 — the face_sheet rows of the carrier
-- step hold the detail; these mirror them for the grids), the tracking number the shipping scan finds it
-- by, the wall slot sorting put it in, the review/pack facts and the shipping time.
ALTER TABLE outbound_order
  ADD COLUMN packing_status       smallint NOT NULL DEFAULT 1 CHECK (packing_status BETWEEN 1 AND 7),
  ADD COLUMN face_sheet_status    smallint NOT NULL DEFAULT 0 CHECK (face_sheet_status IN (0, 1, 2)),
  ADD COLUMN tracking_no          text CHECK (char_length(tracking_no) <= 64),
  ADD COLUMN sort_slot            integer CHECK (sort_slot > 0),
  ADD COLUMN package_material_id  integer,
  ADD COLUMN weight_g             integer CHECK (weight_g > 0),
  ADD COLUMN length_mm            integer CHECK (length_mm > 0),
  ADD COLUMN width_mm             integer CHECK (width_mm > 0),
  ADD COLUMN height_mm            integer CHECK (height_mm > 0),
  ADD COLUMN reviewed_qty         integer NOT NULL DEFAULT 0 CHECK (reviewed_qty >= 0),
  ADD COLUMN reviewed_at          timestamptz,
  ADD COLUMN reviewed_by          integer,
  ADD COLUMN sorted_at            timestamptz,
  ADD COLUMN shipped_at           timestamptz;
ALTER TABLE outbound_order_line ADD COLUMN reviewed_qty integer NOT NULL DEFAULT 0 CHECK (reviewed_qty >= 0);
-- The shipping scan's lookup (tracking numbers are unique per carrier; an upper() match as for codes).
CREATE INDEX outbound_order_tracking_idx ON outbound_order (tenant_id, warehouse_id, upper(tracking_no)) WHERE tracking_no IS NOT NULL;
