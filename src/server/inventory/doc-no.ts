// Document numbers: <PREFIX><yyMMdd><seq>, e.g. RK2611220001 — short enough to type into the palette,
// unique per tenant and warehouse (the list's unique index on the number is the backstop).
import { sql } from 'drizzle-orm'
import type { AppTx } from '../db/client'
import { rowsOf } from '../db/rows'

/** Prefixes in use; one per document kind (keep them distinct: numbers are searched across kinds). */
export const DOC_PREFIX = {
  inboundOrder: 'RK',
  inspection: 'QC',
  inspectionTransfer: 'QT',
  shelvingTask: 'SJ',
  returnOrder: 'TH',
  quickInbound: 'KR',
  releaseStrip: 'FX',
  outboundOrder: 'CK',
  mergedOrder: 'HB',
  wave: 'BC',
  pickingTask: 'JH',
  pickDiff: 'CY',
  handover: 'JJ',
  returnShelf: 'HJ',
  sortingTask: 'FJ',
  countPlan: 'PD',
  countTask: 'PT',
  auditPlan: 'JC',
  auditChecklist: 'JD',
  sampleOut: 'YP',
  sampleMove: 'YJ',
  defectiveReport: 'CP',
  moveOrder: 'YK',
  stockAllot: 'TP',
  replenishmentTask: 'BH',
  packingTask: 'ZX',
  shipment: 'FY',
  transferOrder: 'DB',
  containerLoading: 'ZG',
} as const

export async function nextDocNo(tx: AppTx, scope: { tenantId: number; warehouseId: number }, prefix: string, now = new Date()): Promise<string> {
  const day = now.toISOString().slice(0, 10)
  const [row] = rowsOf(await tx.execute(sql`
    INSERT INTO doc_sequence (tenant_id, warehouse_id, prefix, day, last_value)
    VALUES (${scope.tenantId}, ${scope.warehouseId}, ${prefix}, ${day}, 1)
    ON CONFLICT (tenant_id, warehouse_id, prefix, day) DO UPDATE SET last_value = doc_sequence.last_value + 1
    RETURNING last_value`))
  return `${prefix}${day.slice(2).replaceAll('-', '')}${String(row!.last_value).padStart(4, '0')}`
}
