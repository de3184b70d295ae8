-- Indexes the list bench (bench/list-load.ts, 1M locations and 1M SKUs) showed missing.
-- The lists' free-text filter q is a contains-search (ILIKE '%…%'): a btree cannot serve it, so every
-- search read the whole table (PostgreSQL ~500 ms, PGlite ~900 ms for page 1 over 1M codes). A trigram
-- GIN index answers it in a few ms. pg_trgm is a trusted extension (PostgreSQL ≥ 13: a database owner
-- may create it); PGlite loads it from its contrib bundle (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX location_code_trgm ON location USING gin (code gin_trgm_ops);
CREATE INDEX product_sku_code_trgm ON product_sku USING gin (sku_code gin_trgm_ops);
