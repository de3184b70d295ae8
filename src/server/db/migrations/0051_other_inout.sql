-- Other inbound and other outbound (issue 20, "Other inbound, other outbound"): no tables of their own —
-- an other inbound order is an inbound order of type Other (dict inboundType 7) with its reason, received
-- and shelved by the inbound flow (RK…); an other outbound order is an outbound order of type Other
-- (dict orderType 3) with its reason and the stock status it takes (Normal 1 by default, Defective 2 for a
-- defective outbound, Sample 3), allocated, picked and shipped by the outbound flow (CK…).
-- Reasons: dict otherInboundReason / otherOutboundReason (src/domain/dictionaries.ts).

ALTER TABLE inbound_order DROP CONSTRAINT IF EXISTS inbound_order_inbound_type_check;
ALTER TABLE inbound_order ADD CONSTRAINT inbound_order_inbound_type_check CHECK (inbound_type BETWEEN 1 AND 7);
ALTER TABLE inbound_order ADD COLUMN other_reason text CHECK (other_reason IS NULL OR char_length(other_reason) BETWEEN 1 AND 40);
-- An other inbound order always says why.
ALTER TABLE inbound_order ADD CONSTRAINT inbound_order_other_reason_ck CHECK (inbound_type <> 7 OR other_reason IS NOT NULL);

ALTER TABLE outbound_order DROP CONSTRAINT IF EXISTS outbound_order_order_type_check;
ALTER TABLE outbound_order ADD CONSTRAINT outbound_order_order_type_check CHECK (order_type IN (1, 2, 3));
ALTER TABLE outbound_order ADD COLUMN other_reason text CHECK (other_reason IS NULL OR char_length(other_reason) BETWEEN 1 AND 40);
-- The stock status allocation takes for this order: Normal 1 for every sales order; an other outbound may ask Defective 2 or Sample 3.
ALTER TABLE outbound_order ADD COLUMN stock_status smallint NOT NULL DEFAULT 1 CHECK (stock_status IN (1, 2, 3));
ALTER TABLE outbound_order ADD CONSTRAINT outbound_order_other_reason_ck CHECK (order_type <> 3 OR other_reason IS NOT NULL);
ALTER TABLE outbound_order ADD CONSTRAINT outbound_order_stock_status_ck CHECK (order_type = 3 OR stock_status = 1);
CREATE INDEX outbound_order_other_idx ON outbound_order (tenant_id, warehouse_id, status, created_at) WHERE order_type = 3;
