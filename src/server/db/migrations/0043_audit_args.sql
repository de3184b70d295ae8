-- The operation log says what happened in a sentence (issue 18): the command's title and the documents
-- it touched, taken from its arguments. The arguments as audited are kept beside the digest — secrets
-- masked, long values and lists cut (src/server/commands/audit-args.ts); older rows have none and name
-- the documents their summary mentions.
ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS args jsonb;
