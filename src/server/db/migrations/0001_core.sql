-- Core: tenancy, identity, menus and permissions, audit, idempotency, per-user settings.
-- Hand-written and committed so every schema change shows in review. The drizzle declarations in
-- src/server/db/schema mirror these tables; tests/contract/schema.test.ts proves they agree.

CREATE TABLE company (
  id          serial PRIMARY KEY,
  code        text NOT NULL UNIQUE,
  name        text NOT NULL,
  status      smallint NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tenant (
  id          integer PRIMARY KEY,
  code        text NOT NULL UNIQUE,
  name        text NOT NULL,
  company_id  integer REFERENCES company(id),
  status      smallint NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- warehouse_location: 1 domestic, 2 overseas (spec: warehouseLocation, 1 means domestic)
CREATE TABLE warehouse (
  id                      integer PRIMARY KEY,
  code                    text NOT NULL UNIQUE,
  name                    text NOT NULL,
  short_name              text,
  warehouse_location      smallint NOT NULL DEFAULT 1 CHECK (warehouse_location IN (1, 2)),
  state_code              text,
  virtual_warehouse_type  smallint,
  company_id              integer REFERENCES company(id),
  status                  smallint NOT NULL DEFAULT 1,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);

-- Which tenants operate in which warehouse (the warehouse-tenant pairs of the switcher).
CREATE TABLE warehouse_tenant (
  warehouse_id  integer NOT NULL REFERENCES warehouse(id),
  tenant_id     integer NOT NULL REFERENCES tenant(id),
  PRIMARY KEY (warehouse_id, tenant_id)
);

CREATE TABLE app_user (
  id              serial PRIMARY KEY,
  username        text NOT NULL UNIQUE,
  password_hash   text NOT NULL,
  employee_name   text NOT NULL,
  email           text,
  phone           text,
  avatar          text,
  introduction    text,
  weak_password   boolean NOT NULL DEFAULT false,
  status          smallint NOT NULL DEFAULT 1,
  tenant_id       integer REFERENCES tenant(id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

-- The warehouse-tenant pairs a user may work in.
CREATE TABLE user_access (
  user_id       integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  warehouse_id  integer NOT NULL,
  tenant_id     integer NOT NULL,
  sort          integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, warehouse_id, tenant_id),
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);

-- data_scope: 1 customize, 2 this level and sublevel, 3 this level (spec section 3 "Role")
CREATE TABLE role (
  id          serial PRIMARY KEY,
  code        text NOT NULL UNIQUE,
  name        text NOT NULL,
  data_scope  smallint NOT NULL DEFAULT 3,
  status      smallint NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_role (
  user_id  integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  role_id  integer NOT NULL REFERENCES role(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);

-- Menu tree: type M menu, B button, R redirect. A button carries the permission code (authority).
CREATE TABLE menu (
  id          integer PRIMARY KEY,
  parent_id   integer REFERENCES menu(id) ON DELETE CASCADE,
  type        char(1) NOT NULL CHECK (type IN ('M', 'B', 'R')),
  code        text NOT NULL,
  name        text NOT NULL,
  title       text NOT NULL,
  path        text NOT NULL DEFAULT '',
  component   text,
  redirect    text,
  icon        text,
  sort        integer NOT NULL DEFAULT 0,
  hidden      boolean NOT NULL DEFAULT false,
  authority   text,
  system      text NOT NULL DEFAULT 'WMS',
  iframe_url  text,
  meta        jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX menu_parent_idx ON menu(parent_id);

CREATE TABLE role_menu (
  role_id  integer NOT NULL REFERENCES role(id) ON DELETE CASCADE,
  menu_id  integer NOT NULL REFERENCES menu(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, menu_id)
);

-- A signed-in session. Access JWTs carry its id; logout and force-offline revoke it.
CREATE TABLE auth_session (
  id          uuid PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  device_id   text,
  ip          text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  last_seen   timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz,
  revoked_why text
);
CREATE INDEX auth_session_user_idx ON auth_session(user_id);

-- Rotating refresh tokens, stored as SHA-256 hashes. Reuse of a rotated token revokes the session.
CREATE TABLE refresh_token (
  token_hash   text PRIMARY KEY,
  session_id   uuid NOT NULL REFERENCES auth_session(id) ON DELETE CASCADE,
  expires_at   timestamptz NOT NULL,
  rotated_at   timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- Every mutating command leaves one row: who, when, where, what, digest of args, result.
CREATE TABLE audit_log (
  id            bigserial PRIMARY KEY,
  tenant_id     integer,
  warehouse_id  integer,
  user_id       integer,
  username      text,
  command_id    text NOT NULL,
  args_digest   text,
  summary       text,
  result        text NOT NULL CHECK (result IN ('ok', 'refused', 'error')),
  error_code    text,
  request_id    text,
  ip            text,
  duration_ms   integer,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_scope_idx ON audit_log(tenant_id, warehouse_id, created_at DESC);
CREATE INDEX audit_log_command_idx ON audit_log(command_id, created_at DESC);

-- Idempotency: a command delivered twice with one key is applied once; the first answer is replayed.
CREATE TABLE idempotency_key (
  user_id      integer NOT NULL,
  key          text NOT NULL,
  command_id   text NOT NULL,
  args_digest  text NOT NULL,
  response     jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- Per-user settings keyed by tableKey: favoriteRoutes, table column configs, UI preferences.
CREATE TABLE user_setting (
  user_id     integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  table_key   text NOT NULL,
  config      text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, table_key)
);

-- Platforms, sites and shops (full maintenance arrives with basic data; the cascader reads these).
CREATE TABLE platform (
  id          serial PRIMARY KEY,
  code        text NOT NULL UNIQUE,
  name        text NOT NULL,
  short_name  text,
  status      smallint NOT NULL DEFAULT 1
);
CREATE TABLE site (
  id           serial PRIMARY KEY,
  platform_id  integer NOT NULL REFERENCES platform(id),
  code         text NOT NULL,
  name         text NOT NULL,
  currency     text,
  country      text,
  status       smallint NOT NULL DEFAULT 1,
  UNIQUE (platform_id, code)
);
CREATE TABLE shop (
  id        serial PRIMARY KEY,
  site_id   integer NOT NULL REFERENCES site(id),
  code      text NOT NULL UNIQUE,
  name      text NOT NULL,
  status    smallint NOT NULL DEFAULT 1
);
