-- One outbound exception register (issue 21 "One exception register", part N; spec §2 stock-out-abnormal
-- list, §4 handling "pending, processed", §8 "outbound terminated, no review, handle exception").
--
-- The register is a VIEW over the tables that already hold each exception — no second source of truth:
--   stopped  — outbound orders stopped or terminated (StopTransport 8): outbound_order (+ its return-to-
--              shelf task, the action that resolves it when goods were picked);
--   pickDiff — pick differences (CY…): pick_diff, whose own status is its handling (resolved = processed);
--   review   — (a) the review station refused a terminated order ("outbound terminated, no review, handle
--              exception"): the refused attempt's audit row (audit_log result 'refused', error_code
--              outbound:review.errors.terminated — refusals are audited after the rollback, so the trace
--              exists although the command wrote nothing), one row per order; (b) an order picked short
--              for good that must be reviewed at the exception station (processed once packed);
--   loading  — container-loading station refusals: the refused station scans' audit rows (command
--              containers.loading.scan: its arguments name the loading document and the code), and rows
--              recorded with recordException (a refusal answered without rolling back).
-- The small table outbound_exception holds what no other table does: the handling state and note of a
-- derived row (source_key = the derived row's key) and recorded events (source_key NULL).

CREATE TABLE outbound_exception (
  id               serial PRIMARY KEY,
  tenant_id        integer NOT NULL,
  warehouse_id     integer NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('stopped', 'pickDiff', 'review', 'loading')),
  -- A derived row's key (its row_key in the view) when this row only carries its handling; NULL: an event recorded here.
  source_key       text CHECK (char_length(source_key) <= 80),
  doc_type         text CHECK (char_length(doc_type) <= 40),
  doc_no           text CHECK (char_length(doc_no) <= 40),
  ref_no           text CHECK (char_length(ref_no) <= 80),
  message_key      text CHECK (char_length(message_key) <= 120),
  params           jsonb,
  occurred_at      timestamptz NOT NULL DEFAULT now(),
  occurred_by      integer,
  occurred_by_name text,
  status           smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  note             text CHECK (char_length(note) <= 300),
  handled_at       timestamptz,
  handled_by       integer,
  handled_by_name  text,
  CHECK (source_key IS NOT NULL OR (doc_no IS NOT NULL AND message_key IS NOT NULL)),
  CHECK (status = 0 OR handled_at IS NOT NULL),
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX outbound_exception_source_uq ON outbound_exception (tenant_id, warehouse_id, source_key) WHERE source_key IS NOT NULL;
CREATE INDEX outbound_exception_scope_idx ON outbound_exception (tenant_id, warehouse_id, status, occurred_at DESC);

-- The refused attempts the register reads (review and loading stations), without scanning the audit trail.
CREATE INDEX audit_log_refused_exc_idx ON audit_log (tenant_id, warehouse_id, created_at DESC)
  WHERE result = 'refused' AND (error_code = 'outbound:review.errors.terminated' OR command_id = 'containers.loading.scan');

-- Stopped orders: the return-to-shelf task of the order's intercept (the latest one).
CREATE INDEX IF NOT EXISTS return_shelf_task_order_idx ON return_shelf_task (order_id);
CREATE INDEX IF NOT EXISTS outbound_order_stopped_idx ON outbound_order (tenant_id, warehouse_id, closed_at) WHERE status = 8;

-- Where the exception limits of spec §9 that have no setting yet are kept (with the other outbound timeouts).
ALTER TABLE outbound_setting ADD COLUMN container_loading_timeout_hours integer NOT NULL DEFAULT 24
  CHECK (container_loading_timeout_hours BETWEEN 1 AND 8760);

CREATE VIEW outbound_exception_register AS
WITH handling AS (
  SELECT tenant_id, warehouse_id, source_key, status, note, handled_at, handled_by_name FROM outbound_exception WHERE source_key IS NOT NULL
)
-- Stopped / terminated orders
SELECT o.tenant_id, o.warehouse_id, 'stopped:' || o.order_no AS row_key, 'stopped'::text AS kind,
  'outboundOrder'::text AS doc_type, o.order_no AS doc_no, o.order_no AS order_no, rt.task_no AS ref_no,
  CASE WHEN o.picked_qty > 0 THEN 'exceptions:what.stoppedPicked' ELSE 'exceptions:what.stopped' END AS message_key,
  jsonb_build_object('orderNo', o.order_no, 'reason', coalesce(o.stop_reason, ''), 'pickedQty', o.picked_qty) AS params,
  coalesce(o.closed_at, o.updated_at) AS occurred_at, u.username AS occurred_by_name,
  coalesce(h.status, 0)::smallint AS status, h.note, h.handled_at, h.handled_by_name,
  CASE WHEN coalesce(h.status, 0) = 1 THEN NULL WHEN rt.task_no IS NOT NULL AND rt.status <> 2 THEN 'returnShelf' ELSE 'handle' END AS action,
  CASE WHEN rt.task_no IS NOT NULL AND rt.status <> 2 THEN rt.task_no END AS action_no
FROM outbound_order o
LEFT JOIN LATERAL (SELECT t.task_no, t.status FROM return_shelf_task t WHERE t.order_id = o.id ORDER BY t.id DESC LIMIT 1) rt ON true
LEFT JOIN app_user u ON u.id = o.updated_by
LEFT JOIN handling h ON h.tenant_id = o.tenant_id AND h.warehouse_id = o.warehouse_id AND h.source_key = 'stopped:' || o.order_no
WHERE o.status = 8
UNION ALL
-- Pick differences (their own handling: resolved = processed)
SELECT d.tenant_id, d.warehouse_id, 'pickDiff:' || d.diff_no, 'pickDiff',
  'pickDiff', d.diff_no, o.order_no, l.code,
  'exceptions:what.pickDiff',
  jsonb_build_object('orderNo', o.order_no, 'skuCode', s.sku_code, 'locationCode', l.code, 'shortQty', d.short_qty),
  d.created_at, u.username,
  d.status, d.remark, d.resolved_at, d.resolved_by_name,
  CASE WHEN d.status = 0 THEN 'resolveDiff' END, CASE WHEN d.status = 0 THEN d.diff_no END
FROM pick_diff d
JOIN outbound_order o ON o.id = d.order_id
JOIN product_sku s ON s.id = d.sku_id
JOIN location l ON l.id = d.location_id
LEFT JOIN app_user u ON u.id = d.created_by
UNION ALL
-- Review refused: the order was terminated (one row per order, its latest attempt)
SELECT a.tenant_id, a.warehouse_id, 'review:' || a.order_no, 'review',
  'outboundOrder', a.order_no, a.order_no, NULL,
  'exceptions:what.reviewTerminated',
  jsonb_build_object('orderNo', a.order_no, 'attempts', a.attempts),
  a.created_at, a.username,
  coalesce(h.status, 0)::smallint, h.note, h.handled_at, h.handled_by_name,
  CASE WHEN coalesce(h.status, 0) = 1 THEN NULL WHEN rt.task_no IS NOT NULL AND rt.status <> 2 THEN 'returnShelf' ELSE 'handle' END,
  CASE WHEN rt.task_no IS NOT NULL AND rt.status <> 2 THEN rt.task_no END
FROM (
  SELECT DISTINCT ON (x.tenant_id, x.warehouse_id, x.error_params->>'orderNo') x.tenant_id, x.warehouse_id, x.error_params->>'orderNo' AS order_no,
    x.created_at, x.username, count(*) OVER (PARTITION BY x.tenant_id, x.warehouse_id, x.error_params->>'orderNo') AS attempts
  FROM audit_log x
  WHERE x.result = 'refused' AND x.error_code = 'outbound:review.errors.terminated' AND x.error_params ? 'orderNo' AND x.tenant_id IS NOT NULL AND x.warehouse_id IS NOT NULL
  ORDER BY x.tenant_id, x.warehouse_id, x.error_params->>'orderNo', x.created_at DESC, x.id DESC
) a
LEFT JOIN outbound_order o ON o.tenant_id = a.tenant_id AND o.warehouse_id = a.warehouse_id AND o.order_no = a.order_no
LEFT JOIN LATERAL (SELECT t.task_no, t.status FROM return_shelf_task t WHERE t.order_id = o.id ORDER BY t.id DESC LIMIT 1) rt ON true
LEFT JOIN handling h ON h.tenant_id = a.tenant_id AND h.warehouse_id = a.warehouse_id AND h.source_key = 'review:' || a.order_no
UNION ALL
-- Picked short for good: reviewed at the exception station only (processed once packed or closed)
SELECT o.tenant_id, o.warehouse_id, 'review:X' || o.order_no, 'review',
  'outboundOrder', o.order_no, o.order_no, x.diff_no,
  'exceptions:what.exceptionStation',
  jsonb_build_object('orderNo', o.order_no, 'diffNo', x.diff_no, 'shortQty', x.short_left),
  x.resolved_at, x.resolved_by_name,
  (CASE WHEN o.status = 2 AND o.packing_status <> 3 THEN 0 ELSE 1 END)::smallint, NULL, CASE WHEN o.status = 2 AND o.packing_status <> 3 THEN NULL ELSE o.updated_at END, NULL,
  CASE WHEN o.status = 2 AND o.packing_status <> 3 THEN 'reviewException' END, CASE WHEN o.status = 2 AND o.packing_status <> 3 THEN o.order_no END
FROM (
  SELECT DISTINCT ON (d.order_id) d.order_id, d.diff_no, d.resolved_at, d.resolved_by_name, d.short_qty - coalesce(d.resolved_qty, 0) AS short_left
  FROM pick_diff d WHERE d.status = 1 AND coalesce(d.resolved_qty, 0) < d.short_qty
  ORDER BY d.order_id, d.resolved_at DESC NULLS LAST, d.id DESC
) x
JOIN outbound_order o ON o.id = x.order_id
UNION ALL
-- Loading station refusals: the refused scans' audit rows (their arguments name the loading document and
-- the scanned code; the refusal's key and params say what was refused). Refusals of the request itself
-- (permission, malformed arguments: errors:*, commands:*) are not loading exceptions.
SELECT a.tenant_id, a.warehouse_id, 'loading:A' || a.id, 'loading',
  'containerLoading', coalesce(a.args->>'loadingNo', a.error_params->>'loadingNo'), a.error_params->>'orderNo',
  coalesce(a.args->>'code', a.error_params->>'code', a.error_params->>'boxCode'),
  a.error_code, a.error_params,
  a.created_at, a.username,
  coalesce(h.status, 0)::smallint, h.note, h.handled_at, h.handled_by_name,
  CASE WHEN coalesce(h.status, 0) = 0 THEN 'handle' END, NULL
FROM audit_log a
LEFT JOIN handling h ON h.tenant_id = a.tenant_id AND h.warehouse_id = a.warehouse_id AND h.source_key = 'loading:A' || a.id
WHERE a.result = 'refused' AND a.command_id = 'containers.loading.scan' AND a.tenant_id IS NOT NULL AND a.warehouse_id IS NOT NULL
  AND a.error_code NOT LIKE 'errors:%' AND a.error_code NOT LIKE 'commands:%'
  AND (a.args ? 'loadingNo' OR a.error_params ? 'loadingNo')
UNION ALL
-- Events recorded with recordException
SELECT e.tenant_id, e.warehouse_id, e.kind || ':R' || e.id, e.kind,
  e.doc_type, e.doc_no, e.params->>'orderNo', e.ref_no,
  e.message_key, e.params,
  e.occurred_at, e.occurred_by_name,
  e.status, e.note, e.handled_at, e.handled_by_name,
  CASE WHEN e.status = 0 THEN 'handle' END, NULL
FROM outbound_exception e WHERE e.source_key IS NULL;
