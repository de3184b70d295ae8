// Recording an outbound exception (issue 21 part N; contract in /work/notes/h21-contracts.md). Most rows of
// the register are derived from the tables that already hold them (the view outbound_exception_register,
// migration 0061); this writes an event that no other table holds — e.g. a loading station refusal answered
// without rolling back — in the CALLER's transaction, pending until someone marks it processed.
// A refusal thrown as an AppError rolls the caller's transaction back (and this row with it): such
// refusals reach the register through their audit row instead (see the migration's header).
import { sql } from 'drizzle-orm'
import type { AppTx } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { rowsOf } from '../../db/rows'
import { EXCEPTION_KINDS, type ExceptionKind } from '../../../../commands/outbound-exceptions'

export interface ExceptionEvent {
  kind: ExceptionKind
  /** What the number is (ledger doc type style: 'containerLoading', 'outboundOrder' …). */
  docType: string
  /** The document the exception belongs to (jumps by number). */
  docNo: string
  /** What was scanned or refused (a box code, a shipment number, a container number). */
  refNo?: string | null
  /** The refusal's i18n key: the register shows it, translated with `params`, as "what happened". */
  messageKey: string
  params?: Record<string, unknown>
}

const clip = (s: string | null | undefined, max: number) => (s == null ? null : String(s).slice(0, max))

/** Writes one pending exception in the caller's transaction; returns its id. */
export async function recordException(tx: AppTx, auth: Pick<AuthContext, 'tenantId' | 'warehouseId' | 'userId' | 'username'>, e: ExceptionEvent): Promise<{ id: number }> {
  if (!(EXCEPTION_KINDS as readonly string[]).includes(e.kind)) throw new Error(`recordException: unknown kind ${e.kind}`)
  if (!e.docNo || !e.messageKey) throw new Error('recordException: docNo and messageKey are required')
  const [r] = rowsOf(await tx.execute(sql`
    INSERT INTO outbound_exception (tenant_id, warehouse_id, kind, doc_type, doc_no, ref_no, message_key, params, occurred_by, occurred_by_name)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${e.kind}, ${clip(e.docType, 40)}, ${clip(e.docNo, 40)}, ${clip(e.refNo, 80)}, ${clip(e.messageKey, 120)},
      ${JSON.stringify(e.params ?? {})}::jsonb, ${auth.userId}, ${auth.username})
    RETURNING id`))
  return { id: Number(r!.id) }
}
