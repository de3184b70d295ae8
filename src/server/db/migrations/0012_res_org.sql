-- Organisation & commercial basic data (src/domain/resources/org): companies, platforms, sites and
-- shops (core tables, extended here), departments, staff, suppliers, forwarders, carriers, exchange
-- rates and daily rates; plus the geographic reference lists (states, provinces, cities, counties,
-- "terraces" = countries/territories) behind /base/basestate/list and friends.
-- Columns follow resourceTable(def): snake_case of the field (or its `column`), enum with a numeric
-- dict → smallint, string dict → text, ref → integer, decimal → numeric(14,4), json/files → jsonb.
-- Hard rules of spec section 5 are CHECK constraints too, so a wrong write fails even past the API.

-- Companies ---------------------------------------------------------------------------------------
ALTER TABLE company
  ADD COLUMN short_name  text,
  ADD COLUMN tax_id      text CHECK (tax_id ~ '^[A-Z0-9-]{6,30}$'),
  ADD COLUMN address     text,
  ADD COLUMN phone       text,
  ADD COLUMN email       text,
  ADD COLUMN logo        text,
  ADD COLUMN created_by  integer,
  ADD COLUMN updated_by  integer,
  ADD CONSTRAINT company_code_check CHECK (code ~ '^[A-Z0-9-]+$'),
  ADD CONSTRAINT company_status_check CHECK (status IN (0, 1));

-- Platforms (spec section 9: the seven marketplaces are seeded) -------------------------------------
ALTER TABLE platform
  ADD COLUMN picture        text,
  ADD COLUMN logo           text,
  ADD COLUMN platform_type  text DEFAULT 'marketplace' CHECK (platform_type IN ('marketplace', 'overseasWarehouse')),
  ADD COLUMN sku_rules      text,
  ADD COLUMN created_at     timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at     timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN created_by     integer,
  ADD COLUMN updated_by     integer,
  ADD CONSTRAINT platform_code_check CHECK (code ~ '^[A-Z0-9-]+$'),
  ADD CONSTRAINT platform_status_check CHECK (status IN (0, 1));
-- WINIT and GOODCANG sell overseas-warehouse services, not goods.
UPDATE platform SET platform_type = 'overseasWarehouse' WHERE code IN ('WINIT', 'GOODCANG');

-- Sites: currency ISO 4217 (3 letters), country ISO 3166 (2 letters) -------------------------------
ALTER TABLE site
  ADD COLUMN full_name   text,
  ADD COLUMN logo        text,
  ADD COLUMN channel     text,
  ADD COLUMN created_at  timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at  timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN created_by  integer,
  ADD COLUMN updated_by  integer,
  ADD CONSTRAINT site_code_check CHECK (code ~ '^[A-Z0-9-]+$'),
  ADD CONSTRAINT site_currency_check CHECK (currency ~ '^[A-Z]{3}$'),
  ADD CONSTRAINT site_country_check CHECK (country ~ '^[A-Z]{2}$'),
  ADD CONSTRAINT site_status_check CHECK (status IN (0, 1));
UPDATE site SET full_name = name WHERE full_name IS NULL;

-- Shops: registration entity = a company; consignors = the tenants whose goods the shop sells on
-- consignment ([{tenantId, remark}], no tenant twice — 'duplicate consignment relation').
ALTER TABLE shop
  ADD COLUMN abbreviation            text,
  ADD COLUMN registration_entity_id  integer REFERENCES company(id),
  ADD COLUMN consignment             boolean DEFAULT false,
  ADD COLUMN consignors              jsonb DEFAULT '[]'::jsonb CHECK (consignors IS NULL OR jsonb_typeof(consignors) = 'array'),
  ADD COLUMN created_at              timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at              timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN created_by              integer,
  ADD COLUMN updated_by              integer,
  ADD CONSTRAINT shop_code_check CHECK (code ~ '^[A-Z0-9-]+$'),
  ADD CONSTRAINT shop_status_check CHECK (status IN (0, 1));

-- Departments: a tree (company → department → group). ----------------------------------------------
CREATE TABLE department (
  id           serial PRIMARY KEY,
  code         text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name         text NOT NULL,
  -- RESTRICT: a department with sub-departments cannot be deleted (department_parent_id_fkey).
  parent_id    integer CONSTRAINT department_parent_id_fkey REFERENCES department(id),
  dept_type    smallint NOT NULL CHECK (dept_type IN (1, 2, 3)),
  company_id   integer REFERENCES company(id),
  leader       text,
  phone        text,
  sort         integer DEFAULT 0 CHECK (sort >= 0),
  status       smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  created_by   integer,
  updated_by   integer,
  CONSTRAINT department_parent_self CHECK (parent_id IS NULL OR parent_id <> id)
);
CREATE UNIQUE INDEX department_code_uq ON department (code);
CREATE INDEX department_parent_idx ON department (parent_id);

-- A department cannot be moved under itself or one of its descendants.
CREATE FUNCTION department_no_cycle() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.parent_id IS NOT NULL AND EXISTS (
    WITH RECURSIVE up(id, parent_id) AS (
      SELECT d.id, d.parent_id FROM department d WHERE d.id = NEW.parent_id
      UNION
      SELECT d.id, d.parent_id FROM department d JOIN up ON d.id = up.parent_id
    ) SELECT 1 FROM up WHERE up.id = NEW.id
  ) THEN
    RAISE EXCEPTION 'department % cannot be placed under its own descendant %', NEW.id, NEW.parent_id
      USING ERRCODE = '23514', CONSTRAINT = 'department_parent_cycle', TABLE = 'department';
  END IF;
  RETURN NEW;
END
$fn$;
CREATE TRIGGER department_no_cycle BEFORE INSERT OR UPDATE OF parent_id ON department
  FOR EACH ROW EXECUTE FUNCTION department_no_cycle();

-- Staff: username without Chinese characters (letters, digits, . _ @ -), phone required. -------------
CREATE TABLE staff (
  id              serial PRIMARY KEY,
  username        text NOT NULL CHECK (username ~ '^[A-Za-z0-9][A-Za-z0-9._@-]{2,31}$'),
  name            text NOT NULL,
  nickname        text,
  email           text CHECK (email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  avatar          text,
  phone           text NOT NULL,
  -- RESTRICT: a department that still has staff cannot be deleted (staff_department_id_fkey).
  department_id   integer NOT NULL CONSTRAINT staff_department_id_fkey REFERENCES department(id),
  join_date       date,
  working_status  smallint NOT NULL DEFAULT 1 CHECK (working_status IN (0, 1)),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  created_by      integer,
  updated_by      integer
);
CREATE UNIQUE INDEX staff_username_uq ON staff (username);
CREATE INDEX staff_department_idx ON staff (department_id);

-- Suppliers (per tenant): tax id and bank card required (spec section 5). --------------------------
CREATE TABLE supplier (
  id                 serial PRIMARY KEY,
  tenant_id          integer NOT NULL REFERENCES tenant(id),
  code               text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name               text NOT NULL,
  supplier_type      text NOT NULL CHECK (supplier_type IN ('manufacturer', 'distributor', 'serviceProvider')),
  tax_id             text NOT NULL CHECK (tax_id ~ '^[A-Z0-9-]{6,30}$'),
  bank_name          text,
  bank_card          text NOT NULL CHECK (bank_card ~ '^[0-9]{8,30}$'),
  address            text,
  return_address     text,
  pay_type           text CHECK (pay_type IN ('prepayment', 'monthlySettlement', 'cashOnDelivery')),
  minimum_purchase   integer CHECK (minimum_purchase >= 0),
  tax_rate           numeric(14,4) CHECK (tax_rate >= 0 AND tax_rate <= 100),
  certificate_files  jsonb DEFAULT '[]'::jsonb,
  status             smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  created_by         integer,
  updated_by         integer
);
CREATE UNIQUE INDEX supplier_code_uq ON supplier (tenant_id, code);

-- Freight forwarders (per tenant); contacts = [{name, phone, email}]. --------------------------------
CREATE TABLE forwarder (
  id              serial PRIMARY KEY,
  tenant_id       integer NOT NULL REFERENCES tenant(id),
  code            text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name            text NOT NULL,
  forwarder_type  text CHECK (forwarder_type IN ('sea', 'air', 'express', 'railway')),
  tax_id          text CHECK (tax_id ~ '^[A-Z0-9-]{6,30}$'),
  contacts        jsonb DEFAULT '[]'::jsonb CHECK (contacts IS NULL OR jsonb_typeof(contacts) = 'array'),
  status          smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  created_by      integer,
  updated_by      integer
);
CREATE UNIQUE INDEX forwarder_code_uq ON forwarder (tenant_id, code);

-- Carriers (company-wide); service channels = [{code, name}]. ---------------------------------------
CREATE TABLE carrier (
  id                serial PRIMARY KEY,
  code              text NOT NULL CHECK (code ~ '^[A-Z0-9-]+$'),
  name              text NOT NULL,
  carrier_type      text CHECK (carrier_type IN ('express', 'parcel', 'freight', 'postal')),
  service_channels  jsonb DEFAULT '[]'::jsonb CHECK (service_channels IS NULL OR jsonb_typeof(service_channels) = 'array'),
  status            smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  created_by        integer,
  updated_by        integer
);
CREATE UNIQUE INDEX carrier_code_uq ON carrier (code);

-- Exchange rates, "based on USD as 1 with RMB rate": rate = units of the currency per 1 target
-- currency (USD); rmb_rate = yuan per 1 unit of the currency. At most one main currency.
CREATE TABLE exchange_rate (
  id               serial PRIMARY KEY,
  currency_name    text NOT NULL,
  currency_code    text NOT NULL CHECK (currency_code ~ '^[A-Z]{3}$'),
  symbol           text,
  main_currency    boolean DEFAULT false,
  target_currency  text NOT NULL DEFAULT 'USD' CHECK (target_currency ~ '^[A-Z]{3}$'),
  rate             numeric(14,4) NOT NULL CHECK (rate > 0),
  rmb_rate         numeric(14,4) CHECK (rmb_rate > 0),
  rate_date        date,
  use_date         date,
  sync_mode        text NOT NULL DEFAULT 'manual' CHECK (sync_mode IN ('manual', 'automatic')),
  status           smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  created_by       integer,
  updated_by       integer,
  -- The base currency is worth exactly 1 of itself.
  CONSTRAINT exchange_rate_base_one CHECK (currency_code <> target_currency OR rate = 1)
);
CREATE UNIQUE INDEX exchange_rate_code_uq ON exchange_rate (currency_code);
CREATE UNIQUE INDEX exchange_rate_main_uq ON exchange_rate (main_currency) WHERE main_currency;

-- Daily rates: one row per currency and date (manual entry or filled by the sync action).
CREATE TABLE daily_rate (
  id           serial PRIMARY KEY,
  currency_id  integer NOT NULL REFERENCES exchange_rate(id),
  rate_date    date NOT NULL,
  rate         numeric(14,4) NOT NULL CHECK (rate > 0),
  rmb_rate     numeric(14,4) CHECK (rmb_rate > 0),
  sync_mode    text NOT NULL DEFAULT 'manual' CHECK (sync_mode IN ('manual', 'automatic')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  created_by   integer,
  updated_by   integer
);
CREATE UNIQUE INDEX daily_rate_currency_date_uq ON daily_rate (currency_id, rate_date);
CREATE INDEX daily_rate_date_idx ON daily_rate (rate_date DESC);

-- Geographic reference lists: level 1 terrace (country/territory), 2 state/province, 3 city, 4 county.
-- Reference data (not demo data): present on every database.
CREATE TABLE geo_region (
  id            serial PRIMARY KEY,
  level         smallint NOT NULL CHECK (level BETWEEN 1 AND 4),
  parent_id     integer REFERENCES geo_region(id),
  country_code  text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  code          text NOT NULL,
  name          text NOT NULL,
  name_en       text NOT NULL,
  CHECK ((level = 1) = (parent_id IS NULL))
);
CREATE UNIQUE INDEX geo_region_code_uq ON geo_region (country_code, level, code);
CREATE INDEX geo_region_parent_idx ON geo_region (parent_id);

INSERT INTO geo_region (level, country_code, code, name, name_en) VALUES
  (1, 'CN', 'CN', '中国', 'China'),
  (1, 'US', 'US', 'United States', 'United States'),
  (1, 'MX', 'MX', 'México', 'Mexico');

INSERT INTO geo_region (level, parent_id, country_code, code, name, name_en)
SELECT 2, c.id, v.country, v.code, v.name, v.name_en
FROM (VALUES
  ('CN', 'GD', '广东省', 'Guangdong'), ('CN', 'ZJ', '浙江省', 'Zhejiang'), ('CN', 'JS', '江苏省', 'Jiangsu'),
  ('CN', 'FJ', '福建省', 'Fujian'), ('CN', 'SH', '上海市', 'Shanghai'), ('CN', 'BJ', '北京市', 'Beijing'),
  ('US', 'CA', 'California', 'California'), ('US', 'NJ', 'New Jersey', 'New Jersey'), ('US', 'TX', 'Texas', 'Texas'),
  ('US', 'NY', 'New York', 'New York'), ('US', 'GA', 'Georgia', 'Georgia'), ('US', 'WA', 'Washington', 'Washington'),
  ('MX', 'JAL', 'Jalisco', 'Jalisco'), ('MX', 'CMX', 'Ciudad de México', 'Mexico City'), ('MX', 'NLE', 'Nuevo León', 'Nuevo León'),
  ('MX', 'MEX', 'Estado de México', 'State of Mexico'), ('MX', 'BCN', 'Baja California', 'Baja California')
) AS v(country, code, name, name_en)
JOIN geo_region c ON c.level = 1 AND c.code = v.country;

INSERT INTO geo_region (level, parent_id, country_code, code, name, name_en)
SELECT 3, s.id, v.country, v.code, v.name, v.name_en
FROM (VALUES
  ('CN', 'GD', 'DG', '东莞市', 'Dongguan'), ('CN', 'GD', 'SZ', '深圳市', 'Shenzhen'), ('CN', 'GD', 'GZ', '广州市', 'Guangzhou'),
  ('CN', 'ZJ', 'YW', '义乌市', 'Yiwu'), ('CN', 'ZJ', 'HZ', '杭州市', 'Hangzhou'),
  ('US', 'CA', 'LA', 'Los Angeles', 'Los Angeles'), ('US', 'CA', 'ONT', 'Ontario', 'Ontario'), ('US', 'NJ', 'EWR', 'Newark', 'Newark'),
  ('US', 'TX', 'DAL', 'Dallas', 'Dallas'),
  ('MX', 'JAL', 'GDL', 'Guadalajara', 'Guadalajara'), ('MX', 'JAL', 'ZAP', 'Zapopan', 'Zapopan'), ('MX', 'CMX', 'CDMX', 'Ciudad de México', 'Mexico City'),
  ('MX', 'NLE', 'MTY', 'Monterrey', 'Monterrey')
) AS v(country, state, code, name, name_en)
JOIN geo_region s ON s.level = 2 AND s.country_code = v.country AND s.code = v.state;

INSERT INTO geo_region (level, parent_id, country_code, code, name, name_en)
SELECT 4, c.id, v.country, v.code, v.name, v.name_en
FROM (VALUES
  ('CN', 'DG', 'DG-CA', '长安镇', 'Chang''an'), ('CN', 'DG', 'DG-HM', '虎门镇', 'Humen'), ('CN', 'SZ', 'SZ-BA', '宝安区', 'Bao''an'),
  ('CN', 'YW', 'YW-FT', '福田街道', 'Futian'),
  ('US', 'LA', 'LA-COUNTY', 'Los Angeles County', 'Los Angeles County'), ('US', 'ONT', 'SB-COUNTY', 'San Bernardino County', 'San Bernardino County'),
  ('US', 'EWR', 'ESSEX', 'Essex County', 'Essex County'),
  ('MX', 'GDL', 'GDL-CENTRO', 'Guadalajara Centro', 'Guadalajara Centre'), ('MX', 'ZAP', 'ZAP-MUN', 'Zapopan', 'Zapopan'),
  ('MX', 'CDMX', 'CDMX-CUA', 'Cuauhtémoc', 'Cuauhtémoc')
) AS v(country, city, code, name, name_en)
JOIN geo_region c ON c.level = 3 AND c.country_code = v.country AND c.code = v.city;
