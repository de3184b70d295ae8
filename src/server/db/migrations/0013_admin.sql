-- Administration (spec section 7 "Administration", section 6): role remarks, a user's department,
-- tenants and dictionary items maintained as resources, app versions, the mail outbox the
-- verification-code e-mails go to, and the codes themselves. Drizzle mirrors: schema/core.ts (role,
-- app_user, tenant), schema/shell.ts (dict_item), schema/admin.ts (mail_outbox, verification_code);
-- app_version is derived from its resource declaration (src/domain/resources/admin/app-version.ts).

-- Roles: "identification" is role.code; data_scope 1 customize, 2 this level and sublevel, 3 this level.
ALTER TABLE role ADD COLUMN remark text;
ALTER TABLE role ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE role ADD CONSTRAINT role_data_scope_check CHECK (data_scope IN (1, 2, 3));
ALTER TABLE role ADD CONSTRAINT role_code_format CHECK (code ~ '^[A-Za-z][A-Za-z0-9_-]{1,31}$');

-- Users belong to a tenant and an organisation (department). No foreign key: departments are the
-- organisation area's table; a deleted department leaves the user without one rather than blocking.
ALTER TABLE app_user ADD COLUMN dept_id integer;

-- Tenants become a resource (screen system-manage/tenant): the standard audit columns, and ids for new
-- tenants from a sequence that starts above the seeded ones (the demo seeds ids 1 and 2 explicitly).
ALTER TABLE tenant ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE tenant ADD COLUMN created_by integer;
ALTER TABLE tenant ADD COLUMN updated_by integer;
CREATE SEQUENCE tenant_id_seq START WITH 1000 OWNED BY tenant.id;
ALTER TABLE tenant ALTER COLUMN id SET DEFAULT nextval('tenant_id_seq');

-- Dictionary items become a resource (screen system-manage/datadictionary/basicdate): a surrogate id
-- for the generic endpoints (the natural key stays the primary key), per-language labels an
-- administrator may set (they win over the bundled translation of label_key), and audit columns.
-- Items an administrator adds have no translation key: label_key defaults to ''.
ALTER TABLE dict_item ADD COLUMN id serial NOT NULL;
ALTER TABLE dict_item ADD CONSTRAINT dict_item_id_key UNIQUE (id);
ALTER TABLE dict_item ALTER COLUMN label_key SET DEFAULT '';
ALTER TABLE dict_item ADD COLUMN label_zh text;
ALTER TABLE dict_item ADD COLUMN label_en text;
ALTER TABLE dict_item ADD COLUMN label_es_mx text;
ALTER TABLE dict_item ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE dict_item ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE dict_item ADD COLUMN created_by integer;
ALTER TABLE dict_item ADD COLUMN updated_by integer;
ALTER TABLE dict_item ADD CONSTRAINT dict_item_code_format CHECK (dict_code ~ '^[A-Za-z][A-Za-z0-9_]{0,63}$');

-- App versions (screen /versions): the PDA app packages (apk/wgt up to 50 MB, uploaded through
-- POST /api/files/upload?purpose=app; file_url is its /api/files/<id> address).
CREATE TABLE app_version (
  id              serial PRIMARY KEY,
  version_number  text NOT NULL,
  app_id          text NOT NULL,
  description     text NOT NULL CHECK (length(btrim(description)) > 0),
  file_url        text,
  file_name       text,
  status          smallint NOT NULL DEFAULT 1,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  created_by      integer,
  updated_by      integer
);
CREATE UNIQUE INDEX app_version_app_version_key ON app_version (app_id, version_number);

-- Outgoing e-mail. There is no mail relay in this product: messages stay here and an administrator
-- reads them on the users screen (the verification code by e-mail of spec section 9).
CREATE TABLE mail_outbox (
  id          serial PRIMARY KEY,
  to_address  text NOT NULL,
  subject     text NOT NULL,
  body        text NOT NULL,
  purpose     text NOT NULL,
  -- The message is also kept as its i18n key parameters, so the outbox reads in the reader's language.
  params      jsonb NOT NULL DEFAULT '{}'::jsonb,
  user_id     integer REFERENCES app_user(id) ON DELETE SET NULL,
  created_by  integer,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC);

-- The last verification code sent to a user (hashed; one live code per user; it expires).
CREATE TABLE verification_code (
  user_id     integer PRIMARY KEY REFERENCES app_user(id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
