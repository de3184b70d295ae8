-- Product basic data (src/domain/resources/product): categories in three levels, brands, colors,
-- sizes, materials, styles, SKUs, platform SKUs (MSKU) and UPC requests. Every table is tenant-scoped.
-- Columns follow resourceTable(def): snake_case of the field, enum with a numeric dict → smallint,
-- string dict → text, ref → integer, refMany → integer[], json/files → jsonb, decimal → numeric(14,4).
-- References are composite (id, tenant_id) foreign keys, so a row can only point at a row of its own
-- tenant; hard rules of spec section 5 are CHECK constraints or triggers, so they hold past the API.

CREATE TABLE product_category_1 (
  id          serial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id),
  code        text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  created_by  integer,
  updated_by  integer,
  UNIQUE (tenant_id, code),
  UNIQUE (id, tenant_id)
);

CREATE TABLE product_category_2 (
  id          serial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id),
  code        text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name        text NOT NULL,
  parent_id   integer NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  created_by  integer,
  updated_by  integer,
  UNIQUE (tenant_id, code),
  UNIQUE (id, tenant_id),
  FOREIGN KEY (parent_id, tenant_id) REFERENCES product_category_1(id, tenant_id)
);
CREATE INDEX product_category_2_parent_idx ON product_category_2 (tenant_id, parent_id);

CREATE TABLE product_category_3 (
  id          serial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id),
  code        text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name        text NOT NULL,
  parent_id   integer NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  created_by  integer,
  updated_by  integer,
  UNIQUE (tenant_id, code),
  UNIQUE (id, tenant_id),
  FOREIGN KEY (parent_id, tenant_id) REFERENCES product_category_2(id, tenant_id)
);
CREATE INDEX product_category_3_parent_idx ON product_category_3 (tenant_id, parent_id);

CREATE TABLE product_brand (
  id          serial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id),
  code        text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  created_by  integer,
  updated_by  integer,
  UNIQUE (tenant_id, code),
  UNIQUE (id, tenant_id)
);

CREATE TABLE product_color (
  id          serial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id),
  code        text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  created_by  integer,
  updated_by  integer,
  UNIQUE (tenant_id, code),
  UNIQUE (id, tenant_id)
);

CREATE TABLE product_size (
  id             serial PRIMARY KEY,
  tenant_id      integer NOT NULL REFERENCES tenant(id),
  code           text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name           text NOT NULL,
  standard       text NOT NULL,
  last_standard  text,
  category_id    integer,
  sort           integer DEFAULT 0 CHECK (sort BETWEEN 0 AND 9999),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  created_by     integer,
  updated_by     integer,
  UNIQUE (tenant_id, code),
  UNIQUE (id, tenant_id),
  FOREIGN KEY (category_id, tenant_id) REFERENCES product_category_1(id, tenant_id)
);
-- GET /base/basesize/listSizeByCategoryAndShoeTree
CREATE INDEX product_size_category_idx ON product_size (tenant_id, category_id, last_standard);

-- Spec section 5: "material key 0-999".
CREATE TABLE product_material (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL REFERENCES tenant(id),
  material_key  integer NOT NULL CHECK (material_key BETWEEN 0 AND 999),
  name          text NOT NULL,
  name_en       text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer,
  updated_by    integer,
  UNIQUE (tenant_id, material_key),
  UNIQUE (id, tenant_id)
);

-- Styles. entry_status is derived (trigger below): 'complete' once retail price, L/T days, colors,
-- sizes and materials are all given. source 'pds' = from the product data system (read-only here).
CREATE TABLE product_style (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL REFERENCES tenant(id),
  style_no      text NOT NULL CHECK (style_no ~ '^[A-Z0-9-]+$'),
  name          text NOT NULL,
  brand_id      integer,
  category_id   integer NOT NULL,
  year          integer NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  season        text NOT NULL CHECK (season IN ('spring', 'summer', 'autumn', 'winter', 'allSeasons')),
  color_ids     integer[],
  size_ids      integer[],
  materials     jsonb CHECK (materials IS NULL OR jsonb_typeof(materials) = 'array'),
  retail_price  numeric(14,4) CHECK (retail_price >= 0),
  lt_days       integer CHECK (lt_days BETWEEN 0 AND 365),
  status        smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  entry_status  text NOT NULL DEFAULT 'incomplete' CHECK (entry_status IN ('complete', 'incomplete')),
  source        text NOT NULL DEFAULT 'local' CHECK (source IN ('local', 'pds')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer,
  updated_by    integer,
  UNIQUE (tenant_id, style_no),
  UNIQUE (id, tenant_id),
  FOREIGN KEY (brand_id, tenant_id) REFERENCES product_brand(id, tenant_id),
  FOREIGN KEY (category_id, tenant_id) REFERENCES product_category_3(id, tenant_id)
);
CREATE INDEX product_style_brand_idx ON product_style (tenant_id, brand_id);
CREATE INDEX product_style_category_idx ON product_style (tenant_id, category_id);

CREATE FUNCTION product_style_entry_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.entry_status := CASE
    WHEN NEW.retail_price IS NOT NULL AND NEW.lt_days IS NOT NULL
     AND coalesce(cardinality(NEW.color_ids), 0) > 0 AND coalesce(cardinality(NEW.size_ids), 0) > 0
     AND NEW.materials IS NOT NULL AND jsonb_typeof(NEW.materials) = 'array' AND jsonb_array_length(NEW.materials) > 0
    THEN 'complete' ELSE 'incomplete' END;
  RETURN NEW;
END $$;
CREATE TRIGGER product_style_entry_status BEFORE INSERT OR UPDATE ON product_style
  FOR EACH ROW EXECUTE FUNCTION product_style_entry_status();

-- SKUs: one per (style, color, size).
CREATE TABLE product_sku (
  id                serial PRIMARY KEY,
  tenant_id         integer NOT NULL REFERENCES tenant(id),
  sku_code          text NOT NULL CHECK (sku_code ~ '^[A-Z0-9-]+$'),
  style_id          integer NOT NULL,
  color_id          integer NOT NULL,
  size_id           integer NOT NULL,
  status            smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  master_image      text,
  auxiliary_images  jsonb,
  model_images      jsonb,
  weight            numeric(14,4) CHECK (weight >= 0),
  remark            text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  created_by        integer,
  updated_by        integer,
  UNIQUE (tenant_id, sku_code),
  UNIQUE (id, tenant_id),
  CONSTRAINT product_sku_matrix_key UNIQUE (tenant_id, style_id, color_id, size_id),
  FOREIGN KEY (style_id, tenant_id) REFERENCES product_style(id, tenant_id),
  FOREIGN KEY (color_id, tenant_id) REFERENCES product_color(id, tenant_id),
  FOREIGN KEY (size_id, tenant_id) REFERENCES product_size(id, tenant_id)
);
CREATE INDEX product_sku_color_idx ON product_sku (tenant_id, color_id);
CREATE INDEX product_sku_size_idx ON product_sku (tenant_id, size_id);
CREATE INDEX product_sku_status_idx ON product_sku (tenant_id, status, sku_code);

-- Platform SKUs (MSKU). platform/site/shop are global reference rows (core tables).
CREATE TABLE product_msku (
  id               serial PRIMARY KEY,
  tenant_id        integer NOT NULL REFERENCES tenant(id),
  plat_sku         text NOT NULL CHECK (char_length(plat_sku) BETWEEN 1 AND 30),
  sku_id           integer NOT NULL,
  platform_id      integer NOT NULL REFERENCES platform(id),
  site_id          integer NOT NULL REFERENCES site(id),
  shop_id          integer NOT NULL REFERENCES shop(id),
  upc              text CHECK (upc ~ '^[0-9]{12,13}$'),
  fnsku            text CHECK (fnsku ~ '^[A-Z0-9]{10}$'),
  asin             text,
  status           text NOT NULL DEFAULT 'waitOnSale' CHECK (status IN ('onSale', 'waitOnSale')),
  shipping_method  text CHECK (shipping_method IN ('platformFulfilled', 'merchantFulfilled', 'overseasWarehouse')),
  approval_status  smallint CHECK (approval_status BETWEEN 1 AND 4),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  created_by       integer,
  updated_by       integer,
  UNIQUE (tenant_id, plat_sku),
  UNIQUE (id, tenant_id),
  FOREIGN KEY (sku_id, tenant_id) REFERENCES product_sku(id, tenant_id)
);
CREATE INDEX product_msku_sku_idx ON product_msku (tenant_id, sku_id);
CREATE INDEX product_msku_shop_idx ON product_msku (tenant_id, shop_id);
CREATE INDEX product_msku_upc_idx ON product_msku (tenant_id, upc) WHERE upc IS NOT NULL;
CREATE INDEX product_msku_fnsku_idx ON product_msku (tenant_id, fnsku) WHERE fnsku IS NOT NULL;

-- Spec section 5: "Plat SKU over 30 characters has its leading part trimmed" — whatever path writes.
CREATE FUNCTION product_msku_trim_plat_sku() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.plat_sku := btrim(NEW.plat_sku);
  IF char_length(NEW.plat_sku) > 30 THEN NEW.plat_sku := right(NEW.plat_sku, 30); END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER product_msku_trim_plat_sku BEFORE INSERT OR UPDATE OF plat_sku ON product_msku
  FOR EACH ROW EXECUTE FUNCTION product_msku_trim_plat_sku();

-- UPC requests: status 0 draft, 1 pending review, 2 rejected, 3 approved (dict upcRequestStatus).
CREATE TABLE product_upc_request (
  id              serial PRIMARY KEY,
  tenant_id       integer NOT NULL REFERENCES tenant(id),
  request_type    text NOT NULL CHECK (request_type IN ('newUpc', 'inherit')),
  sku_id          integer NOT NULL,
  style_id        integer NOT NULL,
  color_id        integer NOT NULL,
  size_id         integer NOT NULL,
  msku_id         integer NOT NULL,
  source_msku_id  integer,
  upc             text NOT NULL CHECK (upc ~ '^[0-9]{12,13}$'),
  status          smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
  review_remark   text,
  submitted_at    timestamptz,
  reviewed_at     timestamptz,
  reviewed_by     integer,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  created_by      integer,
  updated_by      integer,
  CHECK (request_type <> 'inherit' OR source_msku_id IS NOT NULL),
  FOREIGN KEY (sku_id, tenant_id) REFERENCES product_sku(id, tenant_id),
  FOREIGN KEY (style_id, tenant_id) REFERENCES product_style(id, tenant_id),
  FOREIGN KEY (color_id, tenant_id) REFERENCES product_color(id, tenant_id),
  FOREIGN KEY (size_id, tenant_id) REFERENCES product_size(id, tenant_id),
  FOREIGN KEY (msku_id, tenant_id) REFERENCES product_msku(id, tenant_id),
  FOREIGN KEY (source_msku_id, tenant_id) REFERENCES product_msku(id, tenant_id)
);
CREATE INDEX product_upc_request_status_idx ON product_upc_request (tenant_id, status);
CREATE INDEX product_upc_request_msku_idx ON product_upc_request (tenant_id, msku_id);
