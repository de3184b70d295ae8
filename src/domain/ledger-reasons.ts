// Why a ledger row exists, as a code and its params — never an English sentence — so every explain and
// ledger table (the stock list's explain, an order's ledger rows) shows it in the operator's language:
// `stock:reason.<code>` with the params (`pick` → "Picked by task {{taskNo}}"), and the document as its
// kind (`stock:docType.<docType>`, e.g. "Sales outbound order") and NUMBER, never an internal id.
//
// Rows written before reasons were codes (migration 0041) hold free text ('pick JH…', 'demo opening
// stock', 'switch warehouse') or nothing; `ledgerReason` reads them into the same codes and params, so
// old and new rows read alike (the ledger is append-only: nothing is rewritten).

export type ReasonParams = Record<string, string | number>

/** Every reason code a ledger row may carry (each has `stock:reason.<code>` in every language). */
export const LEDGER_REASON_CODES = [
  'opening', 'receive', 'fail', 'shelve', 'scan', 'quickScan',
  'reserve', 'release', 'void', 'stop', 'terminate', 'split', 'merge', 'switchWarehouse',
  'pick', 'short', 'reissue', 'pack', 'ship', 'ship-cancel', 'return', 'other',
  'countSurplus', 'countLoss', 'countRelease',
  'sampleOut', 'sampleLend', 'sampleReturn', 'defectiveReport',
  'otherIn', 'otherOut',
  'move', 'moveReserved',
  'replenish',
] as const
export type LedgerReasonCode = (typeof LEDGER_REASON_CODES)[number]

/** The document kinds the ledger names (each has `stock:docType.<docType>`); others show as stored. */
export const LEDGER_DOC_TYPES = ['openingBalance', 'RK', 'QC', 'QT', 'SJ', 'return', 'quickInbound', 'outboundOrder', 'returnShelf', 'countTask', 'sampleOut', 'sampleMove', 'defectiveReport', 'moveOrder', 'replenishmentTask', 'packingTask', 'shipment', 'containerLoading', 'transferOrder'] as const

export interface LedgerReason { code: LedgerReasonCode; params: ReasonParams }

export const ledgerReasonKey = (code: string) => `stock:reason.${code}`
export const ledgerDocTypeKey = (docType: string) => `stock:docType.${docType}`

const KNOWN = new Set<string>(LEDGER_REASON_CODES)

/** Free text of rows written before codes → code + params. */
const LEGACY: readonly [RegExp, (m: RegExpExecArray) => LedgerReason][] = [
  [/^pick (\S+)$/, (m) => ({ code: 'pick', params: { taskNo: m[1]! } })],
  [/^short (\S+)$/, (m) => ({ code: 'short', params: { taskNo: m[1]! } })],
  [/^reissue (\S+)$/, (m) => ({ code: 'reissue', params: { diffNo: m[1]! } })],
  [/^return (\S+)$/, (m) => ({ code: 'return', params: { orderNo: m[1]! } })],
  [/^scan (.+)$/, (m) => ({ code: 'scan', params: { code: m[1]! } })],
  [/^(\S+) scan (.+)$/, (m) => ({ code: 'quickScan', params: { taskNo: m[1]!, code: m[2]! } })],
  [/^demo opening stock$/, () => ({ code: 'opening', params: {} })],
  [/^switch warehouse$/, () => ({ code: 'switchWarehouse', params: {} })],
]

export interface LedgerRowFacts {
  reason: string | null
  reasonParams?: ReasonParams | null
  docType: string
  deltaOnHand: number
  deltaLocked: number
}

/**
 * A row's reason as code + params: the stored code (with its params), a pre-0041 text read into its
 * code, or — nothing stored — what the row's document and deltas say (a receipt, a shelving move, a
 * reservation or its release). null when nothing can be said.
 */
export function ledgerReason(row: LedgerRowFacts): LedgerReason | null {
  const text = row.reason?.trim() ?? ''
  if (text) {
    if (KNOWN.has(text)) return { code: text as LedgerReasonCode, params: { ...(row.reasonParams ?? {}) } }
    for (const [re, make] of LEGACY) {
      const m = re.exec(text)
      if (m) return make(m)
    }
    return { code: 'other', params: { text } }
  }
  switch (row.docType) {
    case 'openingBalance': return { code: 'opening', params: {} }
    case 'RK': return { code: 'receive', params: {} }
    case 'SJ': case 'QT': return { code: 'shelve', params: {} }
    case 'outboundOrder':
      if (row.deltaOnHand === 0 && row.deltaLocked > 0) return { code: 'reserve', params: {} }
      if (row.deltaOnHand === 0 && row.deltaLocked < 0) return { code: 'release', params: {} }
      return null
    default: return null
  }
}
