-- The operation log shows a refusal in the reader's language with the values it names (issue 11): the
-- message key's parameters are kept beside it (older rows have none and show '…' in their place).
ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS error_params jsonb;
