-- Count rules by ABC class and a value threshold (issue 20, part H; README "Counts").
--
-- abc_class: the rule takes the locations holding stock of SKUs of that class. Classes are never stored
-- by hand: they are computed on the fly from the ledger (src/server/areas/stock-count/abc.ts) — a SKU's
-- outbound units over the last 90 days in the warehouse (reasons ship − ship-cancel, otherOut), SKUs
-- sorted by units desc: A while the cumulative units before it are < 80 % of the total, B while < 95 %,
-- C the rest and every SKU with no movement.
--
-- "Not counted within N days" is the existing frequency_days (a location with a finished count task
-- reviewed within N days is not taken; never counted → taken); it is not duplicated.
--
-- threshold_value: a counted line whose |variance| × the SKU's style retail price exceeds it gets a
-- recount, like threshold_units / threshold_pct (no retail price → the value threshold does not apply
-- to that line). Copied from the rule to the plan when the plan is made (the plan may set its own).
ALTER TABLE count_rule ADD COLUMN abc_class text CHECK (abc_class IN ('A', 'B', 'C'));
ALTER TABLE count_rule ADD COLUMN threshold_value numeric(14,2) CHECK (threshold_value >= 0);
ALTER TABLE count_plan ADD COLUMN threshold_value numeric(14,2) CHECK (threshold_value >= 0);

-- The ABC computation reads the warehouse's outbound ledger rows of the last 90 days.
CREATE INDEX inventory_ledger_outbound_idx ON inventory_ledger (tenant_id, warehouse_id, created_at)
  WHERE reason IN ('ship', 'ship-cancel', 'otherOut');
