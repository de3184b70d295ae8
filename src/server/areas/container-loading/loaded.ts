// "A box is loaded" (issue 21 contract K1 ↔ K2, /work/notes/h21-contracts.md): a row in container_load_box
// for its carton (carton.loading_no mirrors it). Spec §5 "Batch shipping needs all selected documents
// loaded in the container": shipping a sea/railway shipment asks this first.
import { sql } from 'drizzle-orm'
import type { Queryable } from '../../db/client'
import { rowsOf } from '../../db/rows'

/** The boxes among `cartonIds` that are not loaded into any container (empty: all loaded). */
export async function cartonsNotLoaded(q: Queryable, cartonIds: readonly number[]): Promise<{ cartonId: number; boxCode: string }[]> {
  const ids = [...new Set(cartonIds)]
  if (!ids.length) return []
  return rowsOf(await q.execute(sql`
    SELECT c.id, c.box_code FROM carton c
    WHERE c.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) AND NOT EXISTS (SELECT 1 FROM container_load_box lb WHERE lb.carton_id = c.id)
    ORDER BY c.id`)).map((r) => ({ cartonId: Number(r.id), boxCode: String(r.box_code) }))
}
