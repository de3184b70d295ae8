-- Issue 19 §3 L1: a platform order number is unique per warehouse-tenant pair, not per tenant. The
-- feed, the order form and the import look for an existing order of that number in the caller's pair
-- only (src/server/areas/outbound/orders.ts findBySource), so a warehouse is never answered with
-- another warehouse's document, and the same marketplace order can be pushed to two warehouses.
DROP INDEX IF EXISTS outbound_order_source_uq;
CREATE UNIQUE INDEX IF NOT EXISTS outbound_order_source_uq ON outbound_order (tenant_id, warehouse_id, platform, source_no) WHERE source_no IS NOT NULL;
