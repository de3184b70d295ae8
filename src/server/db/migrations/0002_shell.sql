-- Shell: dictionaries, notices and feedback (the notification service), uploaded files, button →
-- print-template bindings and the deployed-version marker. Mirrored in src/server/db/schema/shell.ts.

-- Dictionary values (spec: "Dictionary"). Seeded from src/domain/dictionaries.ts; label_key is the
-- i18n key the console translates, dict_label the stored fallback text.
CREATE TABLE dict_item (
  dict_code   text NOT NULL,
  dict_value  text NOT NULL,
  dict_label  text NOT NULL,
  label_key   text NOT NULL,
  sort        integer NOT NULL DEFAULT 0,
  status      smallint NOT NULL DEFAULT 1,
  PRIMARY KEY (dict_code, dict_value)
);

-- notice_type: 1 ReleaseNotice, 2 SystemAnnouncement. reader_id NULL = every user of the source.
CREATE TABLE notice (
  id                serial PRIMARY KEY,
  notice_type       smallint NOT NULL CHECK (notice_type IN (1, 2)),
  notice_title      text NOT NULL,
  notice_content    text,
  announce_content  text,
  detailed_links    text,
  notice_source     text NOT NULL DEFAULT 'WMS',
  reader_id         integer REFERENCES app_user(id) ON DELETE CASCADE,
  effective_begin   timestamptz NOT NULL DEFAULT now(),
  effective_end     timestamptz,
  create_time       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notice_source_idx ON notice(notice_source, effective_begin DESC);

-- A notice is unread for a reader until it has a row here (its closeTime).
CREATE TABLE notice_read (
  notice_id   integer NOT NULL REFERENCES notice(id) ON DELETE CASCADE,
  user_id     integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  close_time  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notice_id, user_id)
);
CREATE INDEX notice_read_user_idx ON notice_read(user_id);

-- feedback_status: 0 pending, 10 accepted, 20 demand, 90 finished. feedback_file: JSON array of URLs.
CREATE TABLE feedback (
  id                  serial PRIMARY KEY,
  feedback_content    text NOT NULL CHECK (length(btrim(feedback_content)) BETWEEN 1 AND 500),
  feedback_file       jsonb NOT NULL DEFAULT '[]'::jsonb,
  feedback_status     smallint NOT NULL DEFAULT 0,
  remark              text,
  feedback_user_id    integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  feedback_user_name  text NOT NULL,
  notice_source       text NOT NULL DEFAULT 'WMS',
  create_time         timestamptz NOT NULL DEFAULT now(),
  update_time         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_user_idx ON feedback(feedback_user_id, create_time DESC);

-- Uploaded files, kept in the database so one backup holds everything. The id is a random UUID:
-- the download URL is a capability (images and links in the browser cannot send the bearer header).
CREATE TABLE file_object (
  id            uuid PRIMARY KEY,
  name          text NOT NULL,
  content_type  text NOT NULL,
  size          integer NOT NULL CHECK (size >= 0),
  purpose       text NOT NULL,
  content       bytea NOT NULL,
  uploaded_by   integer REFERENCES app_user(id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- Which print template (and resource) a button uses, per warehouse and tenant.
CREATE TABLE button_template_binding (
  tenant_id      integer NOT NULL,
  warehouse_id   integer NOT NULL,
  button_code    text NOT NULL,
  template_code  text NOT NULL,
  resource_id    text,
  updated_by     integer,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, warehouse_id, button_code)
);

-- Small server facts that must survive restarts (the last started version, for the version push).
CREATE TABLE shell_meta (
  key         text PRIMARY KEY,
  value       text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
