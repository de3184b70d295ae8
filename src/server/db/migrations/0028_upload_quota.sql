-- Per-user upload quota (issue 10): every stored upload first sums its uploader's stored bytes.
CREATE INDEX IF NOT EXISTS file_object_uploaded_by_idx ON file_object (uploaded_by) INCLUDE (size);
