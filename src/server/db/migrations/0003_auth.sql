-- Auth area: the signing secret kept across restarts, and a version counter of role/permission grants
-- so the per-session permission cache notices a grant change on the very next request.

-- Named server secrets (e.g. 'jwt'): generated once on first start when JWT_SECRET is not set, so a
-- restart keeps every signed-in session valid.
CREATE TABLE server_secret (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- One row. Any change to roles, user roles, role grants or menu authorities bumps it; authenticate()
-- reads it in its single per-request query and reloads a user's permissions when it moved.
CREATE TABLE auth_grants_version (
  id       smallint PRIMARY KEY CHECK (id = 1),
  version  bigint NOT NULL
);
INSERT INTO auth_grants_version (id, version) VALUES (1, 1);

CREATE FUNCTION bump_auth_grants_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth_grants_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;

CREATE TRIGGER role_grants_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_grants_version();
CREATE TRIGGER user_role_grants_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_role
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_grants_version();
CREATE TRIGGER role_menu_grants_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_menu
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_grants_version();
CREATE TRIGGER menu_grants_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menu
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_grants_version();

-- Active sessions of a user (force-offline, "users online" counts) without scanning revoked ones.
CREATE INDEX auth_session_active_idx ON auth_session (user_id) WHERE revoked_at IS NULL;
-- Refresh tokens of a session (revocation sweeps).
CREATE INDEX refresh_token_session_idx ON refresh_token (session_id);
