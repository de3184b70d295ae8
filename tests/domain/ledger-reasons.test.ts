// Ledger reasons as codes + params (issue 18 §5): every code and every document kind the ledger names
// reads in zh, en and es-MX (real translations, the params the code carries); the free text rows written
// before codes read into the same codes; a row with nothing stored says what its document and deltas say.
import { describe, it, expect } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LEDGER_DOC_TYPES, LEDGER_REASON_CODES, ledgerReason } from '../../src/domain/ledger-reasons'

const stock = (lang: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', 'locales', lang, 'stock.json'), 'utf8')) as { reason: Record<string, string>; docType: Record<string, string> }
const params = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

describe('ledger reasons', () => {
  it('every code and document kind is translated in the three languages, with the same params', () => {
    const [en, zh, es] = ['en', 'zh', 'es-MX'].map(stock)
    for (const code of LEDGER_REASON_CODES) {
      for (const l of [en, zh, es]) expect(l!.reason[code], code).toBeTruthy()
      expect(params(zh!.reason[code]!), code).toEqual(params(en!.reason[code]!))
      // Not copies of the English (the "other" note aside, which wraps stored text).
      expect(zh!.reason[code], code).not.toBe(en!.reason[code])
      expect(es!.reason[code], code).not.toBe(en!.reason[code])
    }
    for (const d of LEDGER_DOC_TYPES) for (const l of [en, zh, es]) expect(l!.docType[d], d).toBeTruthy()
    expect(en!.reason.pick).toBe('Picked by task {{taskNo}}')
  })

  it('reads stored codes with their params, old free text into the same codes, and empty reasons from the row', () => {
    const row = (reason: string | null, extra: Partial<Parameters<typeof ledgerReason>[0]> = {}) =>
      ledgerReason({ reason, docType: 'outboundOrder', deltaOnHand: 0, deltaLocked: 0, ...extra })
    expect(row('pick', { reasonParams: { taskNo: 'JH2601010001' } })).toEqual({ code: 'pick', params: { taskNo: 'JH2601010001' } })
    expect(row('pick JH2601010001')).toEqual({ code: 'pick', params: { taskNo: 'JH2601010001' } })
    expect(row('short JH2601010002')).toEqual({ code: 'short', params: { taskNo: 'JH2601010002' } })
    expect(row('reissue CY2601010001')).toEqual({ code: 'reissue', params: { diffNo: 'CY2601010001' } })
    expect(row('return CK2601010001')).toEqual({ code: 'return', params: { orderNo: 'CK2601010001' } })
    expect(row('scan 0012345')).toEqual({ code: 'scan', params: { code: '0012345' } })
    expect(row('KR2601010001 scan X00ABC')).toEqual({ code: 'quickScan', params: { taskNo: 'KR2601010001', code: 'X00ABC' } })
    expect(row('demo opening stock')).toEqual({ code: 'opening', params: {} })
    expect(row('switch warehouse')).toEqual({ code: 'switchWarehouse', params: {} })
    expect(row('ship-cancel')).toEqual({ code: 'ship-cancel', params: {} })
    expect(row('some words nobody coded')).toEqual({ code: 'other', params: { text: 'some words nobody coded' } })
    // Nothing stored: the document and the deltas say it.
    expect(row(null, { deltaLocked: 2 })).toEqual({ code: 'reserve', params: {} })
    expect(row(null, { deltaLocked: -2 })).toEqual({ code: 'release', params: {} })
    expect(row(null, { docType: 'RK', deltaOnHand: 1 })).toEqual({ code: 'receive', params: {} })
    expect(row(null, { docType: 'SJ', deltaOnHand: -1 })).toEqual({ code: 'shelve', params: {} })
    expect(row(null, { docType: 'openingBalance', deltaOnHand: 5 })).toEqual({ code: 'opening', params: {} })
    expect(row(null, { docType: 'TEST', deltaOnHand: 5 })).toBeNull()
  })
})
