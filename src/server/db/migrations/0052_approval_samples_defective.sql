-- Issue 20 part E2: the one approval machine's records, sample out requests (YP…), sample lend/return
-- documents (YJ…) and defective reports (CP…). Approval status: dict approvalStatus (spec section 4:
-- PendingApproval 1, ApprovalRejected 2, ApprovalPassed 3, Completed 4). Machine:
-- src/domain/states/approval.ts; server module: src/server/approval; handlers: src/server/areas/samples.
-- Every stock change of these documents is a ledger row under the document's number.

-- One row per request for approval of a subject (any registered kind: 'sampleOut' today, shipment
-- approval later). A subject sent again after a rejection gets a new row (round + 1): the history stays.
CREATE TABLE approval_record (
  id               serial PRIMARY KEY,
  tenant_id        integer NOT NULL,
  warehouse_id     integer NOT NULL,
  subject_kind     text NOT NULL CHECK (char_length(subject_kind) BETWEEN 1 AND 40),
  subject_id       integer NOT NULL,
  subject_no       text NOT NULL CHECK (char_length(subject_no) BETWEEN 1 AND 40),
  round            integer NOT NULL DEFAULT 1 CHECK (round >= 1),
  status           smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3, 4)),
  four_eyes        boolean NOT NULL DEFAULT true,
  initiator_id     integer NOT NULL,
  initiator_name   text NOT NULL,
  requested_at     timestamptz NOT NULL DEFAULT now(),
  approver_id      integer,
  approver_name    text,
  opinion          text CHECK (char_length(opinion) <= 500),
  decided_at       timestamptz,
  completed_at     timestamptz,
  -- Four eyes, the last line of defence: the approver is never the initiator where it is asked.
  CHECK (NOT four_eyes OR approver_id IS NULL OR approver_id <> initiator_id),
  CHECK ((status = 1) = (approver_id IS NULL))
);
CREATE UNIQUE INDEX approval_record_round_uq ON approval_record (tenant_id, warehouse_id, subject_kind, subject_id, round);
-- At most one live (pending or passed) record per subject.
CREATE UNIQUE INDEX approval_record_live_uq ON approval_record (tenant_id, warehouse_id, subject_kind, subject_id) WHERE status IN (1, 3);
CREATE INDEX approval_record_no_idx ON approval_record (tenant_id, warehouse_id, subject_no);

-- Sample out (stock-out/sample-out-management): samples leave the warehouse for a borrower. Made =
-- PendingApproval with its lines' Sample stock reserved; approved → ApprovalPassed (still reserved);
-- rejected → ApprovalRejected (reservation released); handed over → Completed (the reserved stock leaves
-- through the ledger, reason sampleOut).
CREATE TABLE sample_out (
  id                   serial PRIMARY KEY,
  tenant_id            integer NOT NULL,
  warehouse_id         integer NOT NULL,
  out_no               text NOT NULL CHECK (out_no ~ '^[A-Z0-9-]+$'),
  status               smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3, 4)),
  purpose              text NOT NULL CHECK (char_length(purpose) BETWEEN 1 AND 200),
  borrower             text NOT NULL CHECK (char_length(borrower) BETWEEN 1 AND 100),
  expected_return_date date,
  remark               text CHECK (char_length(remark) <= 200),
  total_qty            integer NOT NULL CHECK (total_qty > 0),
  line_count           integer NOT NULL CHECK (line_count > 0),
  created_by           integer NOT NULL,
  created_by_name      text NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  approver_name        text,
  opinion              text,
  decided_at           timestamptz,
  completed_by_name    text,
  completed_at         timestamptz
);
CREATE UNIQUE INDEX sample_out_no_uq ON sample_out (tenant_id, warehouse_id, out_no);

CREATE TABLE sample_out_line (
  id               serial PRIMARY KEY,
  sample_out_id    integer NOT NULL REFERENCES sample_out (id),
  line_no          integer NOT NULL,
  location_id      integer NOT NULL,
  sku_id           integer NOT NULL,
  batch_no         text NOT NULL DEFAULT '',
  qty              integer NOT NULL CHECK (qty > 0),
  reservation_id   integer,
  UNIQUE (sample_out_id, line_no)
);

-- Samples lent and returned (in-house-work/sample-manager), one document per move: 'lend' takes
-- normal stock into the sample area as Sample stock, 'return' gives Sample stock back as normal stock.
CREATE TABLE sample_move (
  id                 serial PRIMARY KEY,
  tenant_id          integer NOT NULL,
  warehouse_id       integer NOT NULL,
  move_no            text NOT NULL CHECK (move_no ~ '^[A-Z0-9-]+$'),
  kind               text NOT NULL CHECK (kind IN ('lend', 'return')),
  sku_id             integer NOT NULL,
  from_location_id   integer NOT NULL,
  to_location_id     integer NOT NULL,
  qty                integer NOT NULL CHECK (qty > 0),
  remark             text CHECK (char_length(remark) <= 200),
  created_by         integer NOT NULL,
  created_by_name    text NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sample_move_no_uq ON sample_move (tenant_id, warehouse_id, move_no);

-- Defective reports (in-house-work/defective, listed by defective-reported): goods found defective are
-- moved to a location of a Defective area with stock status Defective (allocation never takes it).
CREATE TABLE defective_report (
  id                 serial PRIMARY KEY,
  tenant_id          integer NOT NULL,
  warehouse_id       integer NOT NULL,
  report_no          text NOT NULL CHECK (report_no ~ '^[A-Z0-9-]+$'),
  sku_id             integer NOT NULL,
  from_location_id   integer NOT NULL,
  to_location_id     integer NOT NULL,
  qty                integer NOT NULL CHECK (qty > 0),
  reason             text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 40),
  remark             text CHECK (char_length(remark) <= 200),
  photo_url          text CHECK (char_length(photo_url) <= 500),
  created_by         integer NOT NULL,
  created_by_name    text NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX defective_report_no_uq ON defective_report (tenant_id, warehouse_id, report_no);
