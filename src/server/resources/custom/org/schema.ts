// Drizzle declaration of the org group's one non-resource table (0012_res_org.sql): the geographic
// reference lists behind /base/baseterrace|basestate|baseprovince|basecity|basecounty/list.
import { pgTable, serial, integer, smallint, text } from 'drizzle-orm/pg-core'

/** level 1 terrace (country/territory), 2 state/province, 3 city, 4 county. */
export const geoRegion = pgTable('geo_region', {
  id: serial('id').primaryKey(),
  level: smallint('level').notNull(),
  parentId: integer('parent_id'),
  countryCode: text('country_code').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
})
