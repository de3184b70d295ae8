-- ToB orders on the outbound order (issue 21, part J; spec section 3 "Outbound order" fields, section 5
-- required fields, section 9 enumerations). A ToB order (order_type 1) is the same outbound order as a
-- retail one, with these columns (NULL on ToC orders: intake refuses them there):
--   destination_warehouse  the receiving warehouse (overseas / marketplace / customer), required on ToB;
--   expected_container_no  the container it is planned into: batch assign picking needs one shared value;
--   logistics_provider     forwarder / carrier name;  channel  required on ToB;
--   business_type          dict businessType (sea, air, express, railway), required on ToB;
--   box_mark               required on ToB;  delivery_mode  dict deliveryMode (pickup, selfDelivery);
--   product_natures        dict productNature surcharges (charged, magnetic, wooden, textile, general, otherSurcharge);
--   marketplace_qty        the quantity the marketplace expects (a different total than the lines asks to confirm);
--   split_method           dict orderSplitBy, chosen on the order; warehouse_brushed: the warehouse refreshed
--                          the order (refresh inventory lock) — "a warehouse-brushed order cannot choose a
--                          split method again".
ALTER TABLE outbound_order ADD COLUMN destination_warehouse text CHECK (destination_warehouse IS NULL OR char_length(destination_warehouse) BETWEEN 1 AND 100);
ALTER TABLE outbound_order ADD COLUMN expected_container_no text CHECK (expected_container_no IS NULL OR char_length(expected_container_no) BETWEEN 1 AND 40);
ALTER TABLE outbound_order ADD COLUMN logistics_provider text CHECK (logistics_provider IS NULL OR char_length(logistics_provider) BETWEEN 1 AND 100);
ALTER TABLE outbound_order ADD COLUMN channel text CHECK (channel IS NULL OR char_length(channel) BETWEEN 1 AND 60);
ALTER TABLE outbound_order ADD COLUMN business_type text CHECK (business_type IN ('sea', 'air', 'express', 'railway'));
ALTER TABLE outbound_order ADD COLUMN box_mark text CHECK (box_mark IS NULL OR char_length(box_mark) BETWEEN 1 AND 200);
ALTER TABLE outbound_order ADD COLUMN delivery_mode text CHECK (delivery_mode IN ('pickup', 'selfDelivery'));
ALTER TABLE outbound_order ADD COLUMN product_natures text[] CHECK (product_natures IS NULL OR product_natures <@ ARRAY['charged', 'magnetic', 'wooden', 'textile', 'general', 'otherSurcharge']::text[]);
ALTER TABLE outbound_order ADD COLUMN marketplace_qty integer CHECK (marketplace_qty >= 0);
ALTER TABLE outbound_order ADD COLUMN split_method text CHECK (split_method IN ('stock', 'maxQty', 'maxLines'));
ALTER TABLE outbound_order ADD COLUMN warehouse_brushed boolean NOT NULL DEFAULT false;

-- Batch assign picking and the list filter look orders up by their expected container number.
CREATE INDEX outbound_order_container_idx ON outbound_order (tenant_id, warehouse_id, expected_container_no) WHERE expected_container_no IS NOT NULL;
