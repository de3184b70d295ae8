-- Idempotency keys are claimed per user AND warehouse-tenant pair: the same key sent in another
-- warehouse is another command, not a replay of the first. Keys stored before this migration belong to
-- no pair (0, 0, the column default): a retry of one of them within its 24 h runs again, in its pair, once.
ALTER TABLE idempotency_key ADD COLUMN tenant_id integer NOT NULL DEFAULT 0;
ALTER TABLE idempotency_key ADD COLUMN warehouse_id integer NOT NULL DEFAULT 0;
ALTER TABLE idempotency_key DROP CONSTRAINT idempotency_key_pkey;
ALTER TABLE idempotency_key ADD PRIMARY KEY (user_id, tenant_id, warehouse_id, key);
