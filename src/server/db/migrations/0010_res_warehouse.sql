-- Warehouse-side basic data (src/domain/resources/warehouse): warehouses (core table, extended here),
-- storage areas, storage area groups, shelves, locations, containers, job groups.
-- Columns follow resourceTable(def): snake_case of the field (or its `column`), enum with a numeric
-- dict → smallint, string dict → text, ref → integer, refMany → integer[], decimal → numeric(14,4).
-- Hard rules of spec section 5 are CHECK constraints too, so a wrong write fails even past the API.

-- Warehouses: area type is the existing warehouse_location (1 domestic, 2 overseas).
ALTER TABLE warehouse
  ADD COLUMN warehouse_type          text DEFAULT 'company' CHECK (warehouse_type IN ('company', 'vendor')),
  ADD COLUMN warehouse_function      text,
  ADD COLUMN address                 text,
  ADD COLUMN site_id                 integer REFERENCES site(id),
  ADD COLUMN physical_warehouse_id   integer REFERENCES warehouse(id),
  ADD COLUMN associated_warehouse_id integer REFERENCES warehouse(id),
  ADD COLUMN created_by              integer,
  ADD COLUMN updated_by              integer,
  ADD CONSTRAINT warehouse_status_check CHECK (status IN (0, 1));
-- Seeded warehouses carry their spec ids (26, 31, 168, 201); new ones are numbered from 1000 on.
CREATE SEQUENCE warehouse_id_seq START 1000 OWNED BY warehouse.id;
ALTER TABLE warehouse ALTER COLUMN id SET DEFAULT nextval('warehouse_id_seq');

-- Storage area types 1-9 (dict storageAreaType).
CREATE TABLE storage_area (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  code          text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name          text NOT NULL,
  area_type     smallint NOT NULL CHECK (area_type BETWEEN 1 AND 9),
  status        smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  remark        text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer,
  updated_by    integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX storage_area_code_uq ON storage_area (tenant_id, warehouse_id, code);
-- Target of the scoped references below: a shelf or location can only point at an area of its own scope.
CREATE UNIQUE INDEX storage_area_scope_uq ON storage_area (id, tenant_id, warehouse_id);

CREATE TABLE storage_area_group (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  code          text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name          text NOT NULL,
  area_ids      integer[] NOT NULL CHECK (cardinality(area_ids) > 0),
  remark        text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer,
  updated_by    integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX storage_area_group_code_uq ON storage_area_group (tenant_id, warehouse_id, code);

CREATE TABLE shelf (
  id               serial PRIMARY KEY,
  tenant_id        integer NOT NULL,
  warehouse_id     integer NOT NULL,
  code             text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  shelf_type       text NOT NULL CHECK (shelf_type IN ('light', 'heavy')),
  storage_area_id  integer NOT NULL,
  layers           integer NOT NULL CHECK (layers BETWEEN 1 AND 99),
  column_count     integer NOT NULL CHECK (column_count BETWEEN 1 AND 999),
  layer_weight     numeric(14,4) CHECK (layer_weight > 0),
  length           numeric(14,4) CHECK (length > 0),
  width            numeric(14,4) CHECK (width > 0),
  height           numeric(14,4) CHECK (height > 0),
  status           smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  created_by       integer,
  updated_by       integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id),
  CONSTRAINT shelf_area_fk FOREIGN KEY (storage_area_id, tenant_id, warehouse_id) REFERENCES storage_area(id, tenant_id, warehouse_id)
);
CREATE UNIQUE INDEX shelf_code_uq ON shelf (tenant_id, warehouse_id, code);
-- Target of location_shelf_fk: a location's shelf stands in the location's own storage area and warehouse.
CREATE UNIQUE INDEX shelf_scope_uq ON shelf (id, storage_area_id, tenant_id, warehouse_id);
CREATE INDEX shelf_area_idx ON shelf (storage_area_id);

-- Location code: letters, digits and '-' only (spec section 5). vendor_id refers to a supplier
-- (0012_res_org.sql, applied later: no foreign key).
CREATE TABLE location (
  id               serial PRIMARY KEY,
  tenant_id        integer NOT NULL,
  warehouse_id     integer NOT NULL,
  code             text NOT NULL CONSTRAINT location_code_ck CHECK (code ~ '^[A-Za-z0-9-]+$'),
  location_type    text NOT NULL CHECK (location_type IN ('fullBox', 'scattered', 'sample')),
  storage_area_id  integer NOT NULL,
  shelf_id         integer,
  floor            integer CHECK (floor BETWEEN 1 AND 99),
  status           smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  temporary        boolean NOT NULL DEFAULT false,
  vendor_id        integer,
  box_ceiling      integer CHECK (box_ceiling > 0),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  created_by       integer,
  updated_by       integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id),
  CONSTRAINT location_area_fk FOREIGN KEY (storage_area_id, tenant_id, warehouse_id) REFERENCES storage_area(id, tenant_id, warehouse_id),
  CONSTRAINT location_shelf_fk FOREIGN KEY (shelf_id, storage_area_id, tenant_id, warehouse_id) REFERENCES shelf(id, storage_area_id, tenant_id, warehouse_id)
);
-- Also the index of the default list order (scope + code).
CREATE UNIQUE INDEX location_code_uq ON location (tenant_id, warehouse_id, code);
CREATE INDEX location_area_idx ON location (tenant_id, warehouse_id, storage_area_id, code);
CREATE INDEX location_shelf_idx ON location (shelf_id);

-- Containers: six types, status 0 unused / 1 using / 2 on shelves / 3 taken off; trays need a pallet cap.
CREATE TABLE container (
  id                serial PRIMARY KEY,
  tenant_id         integer NOT NULL,
  warehouse_id      integer NOT NULL,
  code              text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  container_type    text NOT NULL CHECK (container_type IN ('tray', 'crate', 'materialBox', 'partsBox', 'virtualTray', 'other')),
  container_status  smallint NOT NULL DEFAULT 0 CHECK (container_status BETWEEN 0 AND 3),
  size              numeric(14,4) NOT NULL CHECK (size > 0),
  pallet_cap        integer CHECK (pallet_cap > 0),
  remark            text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  created_by        integer,
  updated_by        integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id),
  CONSTRAINT container_tray_cap_ck CHECK (container_type <> 'tray' OR pallet_cap IS NOT NULL)
);
CREATE UNIQUE INDEX container_code_uq ON container (tenant_id, warehouse_id, code);

-- Job groups: members are staff ids (0012_res_org.sql).
CREATE TABLE job_group (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL,
  warehouse_id  integer NOT NULL,
  number        text NOT NULL CHECK (number ~ '^[A-Z0-9-]+$'),
  name          text NOT NULL,
  member_ids    integer[],
  status        smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  remark        text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer,
  updated_by    integer,
  FOREIGN KEY (warehouse_id, tenant_id) REFERENCES warehouse_tenant(warehouse_id, tenant_id)
);
CREATE UNIQUE INDEX job_group_code_uq ON job_group (tenant_id, warehouse_id, number);
