-- The order list's SKU filter at 1M orders (issue 19, bench:outbound): the filter is a contains-search
-- (ILIKE '%code%', src/server/http/list.ts containsPattern) answered as an uncorrelated semi-join — the
-- pair's lines of the SKUs whose code matches (product_sku_code_trgm, migration 0019) → their order ids.
-- With order_id in the index those ids come from the index alone (an index-only scan: ~336 lines of a
-- SKU per million orders without touching the table; a broad pattern's 100k lines in ~90 ms instead of
-- ~300 ms). It replaces the (tenant, warehouse, sku) index, its prefix, which served the same lookups.
CREATE INDEX outbound_order_line_sku_order_idx ON outbound_order_line (tenant_id, warehouse_id, sku_id, order_id);
DROP INDEX outbound_order_line_sku_idx;
