-- Orders packed into several parcels (issue 13 §3: face sheets bought / not bought / partly bought).
-- The review station's pack says how many parcels the order makes (one packing material each); the
-- carrier sells one face sheet per parcel, so an order's face sheet is partly bought while some of its
-- parcels have a waybill and others not (one failed, or still being purchased). At most one live face
-- sheet per parcel: the live unique index moves from the order to (order, parcel). A parcel's tracking
-- number names its order at the shipping scan (the order's own tracking_no is the first parcel's).
ALTER TABLE outbound_order ADD COLUMN parcel_count smallint NOT NULL DEFAULT 1 CHECK (parcel_count BETWEEN 1 AND 20);
ALTER TABLE face_sheet ADD COLUMN parcel_no smallint NOT NULL DEFAULT 1 CHECK (parcel_no BETWEEN 1 AND 20);
DROP INDEX face_sheet_live_uq;
CREATE UNIQUE INDEX face_sheet_live_uq ON face_sheet (order_id, parcel_no) WHERE status IN (1, 2, 3, 4);
CREATE INDEX face_sheet_tracking_idx ON face_sheet (tenant_id, warehouse_id, upper(tracking_no)) WHERE status = 3;
