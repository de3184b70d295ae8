// Stock allot documents (TP…, commands/stock-allot.ts) by number, whole or in part → the stock allot screen
// filtered to that number (?no=): the quotas that document set, with what the shops' orders hold now.
import { sql } from 'drizzle-orm'
import { rowsOf } from '../../../db/rows'
import { DOC_PREFIX } from '../../../inventory/doc-no'
import { translate } from '../../../i18n'
import { containsPattern, registerDocumentLookup } from '../registry'
import { STOCK_ALLOT_PERMISSIONS, stockAllotDocPath } from '../../../../../commands/stock-allot'

registerDocumentLookup({
  type: 'stockAllot', titleKey: 'stockAllot:document', prefixes: [DOC_PREFIX.stockAllot], permission: STOCK_ALLOT_PERMISSIONS.view,
  group: 'document', opens: { path: stockAllotDocPath('{no}'), testId: 'stock-allot-doc' },
  async search(db, auth, q, limit, lang) {
    const term = q.trim().toUpperCase()
    return rowsOf(await db.execute(sql`
      SELECT d.id, d.allot_no, s.sku_code FROM stock_allot d JOIN product_sku s ON s.id = d.sku_id
      WHERE d.tenant_id = ${auth.tenantId} AND d.warehouse_id = ${auth.warehouseId} AND d.allot_no ILIKE ${containsPattern(term)}
      ORDER BY (d.allot_no = ${term}) DESC, d.id DESC LIMIT ${limit}`)).map((r) => ({
      type: 'stockAllot', id: Number(r.id), number: String(r.allot_no),
      title: `${translate(lang, 'stockAllot:document')} · ${String(r.sku_code)}`, path: stockAllotDocPath(encodeURIComponent(String(r.allot_no))),
    }))
  },
})
