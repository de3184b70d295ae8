-- Scans and order lines name goods by SKU code, UPC or FNSKU in any case; the lookup compares upper(...)
-- (src/server/areas/inbound/orders.ts resolveCodes), which the plain column indexes cannot serve: every
-- pick scan and feed push read the whole SKU table (measured by bench:outbound: 34 ms a lookup under
-- load, 0.9 ms with these).
CREATE INDEX IF NOT EXISTS product_sku_upper_code_idx ON product_sku (tenant_id, upper(sku_code));
CREATE INDEX IF NOT EXISTS product_msku_upper_upc_idx ON product_msku (tenant_id, upper(upc)) WHERE upc IS NOT NULL;
CREATE INDEX IF NOT EXISTS product_msku_upper_fnsku_idx ON product_msku (tenant_id, upper(fnsku)) WHERE fnsku IS NOT NULL;
