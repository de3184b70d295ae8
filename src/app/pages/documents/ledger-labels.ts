// A ledger row as every explain and ledger table shows it (the stock list's explain, an order's ledger
// rows): the document by its kind in words and its NUMBER (never an internal id such as
// `outboundOrder`), and the reason translated from its code and params (src/domain/ledger-reasons.ts).
import { i18next } from '../../i18n'
import { ledgerDocTypeKey, ledgerReasonKey } from '../../../domain/ledger-reasons'

/** The document kind in the current language; a kind with no translation shows as stored. */
export function docTypeLabel(docType: string): string {
  const key = ledgerDocTypeKey(docType)
  return i18next.exists(key) ? i18next.t(key) : docType
}

/** The reason in the current language ('—' without one). */
export function reasonLabel(code: string | null, params: Record<string, string | number> = {}): string {
  if (!code) return '—'
  const key = ledgerReasonKey(code)
  return i18next.exists(key) ? String(i18next.t(key, params as never)) : code
}
