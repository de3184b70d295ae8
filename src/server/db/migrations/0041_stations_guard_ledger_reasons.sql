-- Issue 18 §5 (stations, stock). Two changes:
--
-- 1. The minimum scan interval is now an explicit double-read guard, OFF unless a warehouse sets it: the
--    stations queue a gun's burst and apply every scan in order, and a guard that is on drops only a
--    second read of the SAME code within the interval, at the station, saying what it dropped. The old
--    default (250 ms, refusing any scan of an order within it as "scan too fast") is taken back to off;
--    a value a warehouse chose keeps its number and the new meaning.
ALTER TABLE inbound_setting ALTER COLUMN min_scan_interval_ms SET DEFAULT 0;
UPDATE inbound_setting SET min_scan_interval_ms = 0 WHERE min_scan_interval_ms = 250;

-- 2. A ledger row's reason is a code (receive, shelve, reserve, pick, pack, ship …) with its params
--    (the picking task, the return order …), translated by the client — never an English sentence.
--    Rows written before keep their text in `reason` with no params; the server reads them into codes
--    and params (src/domain/ledger-reasons.ts): the ledger is append-only, nothing is rewritten.
ALTER TABLE inventory_ledger ADD COLUMN reason_params jsonb;
