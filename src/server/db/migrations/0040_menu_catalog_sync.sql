-- Menu catalog sync (issue 18): on every start the server brings the menu table in line with the
-- catalog (src/domain/menu/catalog.ts, src/server/db/menu-sync.ts). One row per catalog menu row: the
-- catalog's values as last written, so the next sync can tell a catalog change (apply it) from an
-- administrator's edit in the menu editor (keep it), and a row the catalog dropped (remove it if safe)
-- from a row an administrator added. Empty on a database from before: its catalog rows are brought
-- to the catalog on the first start.
CREATE TABLE menu_catalog_sync (
  id         integer PRIMARY KEY,
  synced     jsonb NOT NULL,
  synced_at  timestamptz NOT NULL DEFAULT now()
);
