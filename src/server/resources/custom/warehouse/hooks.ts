// Rules of the warehouse group that read other tables, as resource hooks (run inside the command's
// transaction after the declaration's own checks). The database's composite foreign keys guard the
// same rules (0010_res_warehouse.sql); these give the operator a message naming the field first.
import { sql } from 'drizzle-orm'
import { defineResourceHooks } from '../../hooks'
import { rowsOf } from '../../../db/rows'
import { refuseField } from './errors'

/** A location's shelf must stand in the location's storage area. */
defineResourceHooks('location', {
  async beforeWrite({ tx }, values, before) {
    const shelfId = values.shelfId !== undefined ? values.shelfId : before?.shelfId
    const areaId = values.storageAreaId !== undefined ? values.storageAreaId : before?.storageAreaId
    if (shelfId === null || shelfId === undefined) return
    const rows = rowsOf(await tx.execute(sql`SELECT storage_area_id FROM shelf WHERE id = ${shelfId as number}`))
    if (rows.length && Number(rows[0].storage_area_id) !== Number(areaId)) throw refuseField('location', 'shelfId', 'res-warehouse:rules.shelfNotInArea')
  },
})

/** A shelf that holds locations keeps its storage area (its locations would leave their area). */
defineResourceHooks('shelf', {
  async beforeWrite({ tx }, values, before) {
    if (!before || values.storageAreaId === undefined || Number(values.storageAreaId) === Number(before.storageAreaId)) return
    const rows = rowsOf(await tx.execute(sql`SELECT 1 FROM location WHERE shelf_id = ${before.id as number} LIMIT 1`))
    if (rows.length) throw refuseField('shelf', 'storageAreaId', 'res-warehouse:rules.shelfHasLocations')
  },
})
