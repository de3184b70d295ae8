-- Document numbers (inbound orders, inspections, shelving tasks, returns, …): <PREFIX><yyMMdd><4+ digits>,
-- one counter per tenant, warehouse, prefix and day, taken with an upsert so concurrent commands
-- never hand out the same number (the row lock of the upsert serializes them).
CREATE TABLE doc_sequence (
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  prefix        text NOT NULL CHECK (prefix ~ '^[A-Z]{2,4}$'),
  day           date NOT NULL,
  last_value    integer NOT NULL CHECK (last_value > 0),
  PRIMARY KEY (tenant_id, warehouse_id, prefix, day)
);
