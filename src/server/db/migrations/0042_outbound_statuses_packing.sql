-- Issue 18, outbound: the order's status codes of spec section 4, and the packing fields of section 3.
--
-- Statuses. Terminate produced DeficiencyOver 5 ("completed (short)"); the spec names the terminated
-- status in its rules (switch warehouse: "draft, validated, invalidated or terminated"; review:
-- "outbound terminated"): terminate now produces StopTransport 8 "terminated", and 5 means what its
-- name says — shipped short. Every order at 5 so far was terminated (nothing else produced 5).
-- Validate reserving nothing now leaves the order validated (Approve 6, waiting for stock) instead of in
-- force with nothing held: orders in force that hold nothing, are in no wave and have nothing picked
-- are those.
UPDATE outbound_order SET status = 8 WHERE status = 5;
UPDATE outbound_order SET status = 6 WHERE status = 1 AND allocated_qty = 0 AND picked_qty = 0 AND (wave_no IS NULL OR wave_no = '');

-- Packing (spec section 3 "Packing: length, width, height, weight, photo, packing list number, box
-- code"): the pack step stores the packing list number, the box code and a photo (an uploaded file,
-- purpose 'photo') on the order beside its weight and dimensions.
ALTER TABLE outbound_order ADD COLUMN packing_list_no text CHECK (packing_list_no IS NULL OR char_length(packing_list_no) BETWEEN 1 AND 40);
ALTER TABLE outbound_order ADD COLUMN box_code text CHECK (box_code IS NULL OR char_length(box_code) BETWEEN 1 AND 40);
ALTER TABLE outbound_order ADD COLUMN packing_photo_id uuid REFERENCES file_object (id);

-- The wave's picking list (spec section 5: "one wave list printed at a time"): how often and when it
-- was printed last, shown on the wave.
ALTER TABLE wave ADD COLUMN list_printed_count integer NOT NULL DEFAULT 0;
ALTER TABLE wave ADD COLUMN list_printed_at timestamptz;

-- Print setup and templates know the picking list (printed on a PDF printer; print_job.doc_kind is free text).
ALTER TABLE print_template DROP CONSTRAINT IF EXISTS print_template_doc_kind_check;
ALTER TABLE print_template ADD CONSTRAINT print_template_doc_kind_check CHECK (doc_kind IN ('faceSheet', 'box', 'sku', 'fnsku', 'pickingList'));
ALTER TABLE print_setting DROP CONSTRAINT IF EXISTS print_setting_doc_kind_check;
ALTER TABLE print_setting ADD CONSTRAINT print_setting_doc_kind_check CHECK (doc_kind IN ('faceSheet', 'box', 'sku', 'fnsku', 'pickingList'));
-- Demo pairs (those with the seeded laser printer): picking lists go to it.
INSERT INTO print_setting (tenant_id, warehouse_id, doc_kind, printer_id, copies)
SELECT p.tenant_id, p.warehouse_id, 'pickingList', p.id, 1 FROM printer p WHERE p.code = 'LASER-01' AND p.format = 'pdf'
ON CONFLICT DO NOTHING;
