// Status moves by name (issue 18, src/domain/states/status-text.ts): an audit summary's `0→1` moves are
// found (and nothing else is), each machine's status dictionary names every status the machine has —
// in zh, en and es-MX — and a command id leads to its document's machine and dictionary.
import { describe, it, expect } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DOCUMENT_MACHINES } from '../../src/domain/states'
import { MACHINE_STATUS_DICT, machineOfCommand, statusDictOfCommand, statusMoveParts, statusMovesText } from '../../src/domain/states/status-text'
import { dictValues } from '../../src/domain/resource'

const dictOf = (lang: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', 'locales', lang, 'dict.json'), 'utf8')) as Record<string, Record<string, string>>

describe('status moves in a summary', () => {
  it('splits the moves out of the text, in order', () => {
    expect(statusMoveParts('CK2611220001 0→1, CK2611220002 0→1 short=2')).toEqual([
      { text: 'CK2611220001 ' }, { from: 0, to: 1 }, { text: ', CK2611220002 ' }, { from: 0, to: 1 }, { text: ' short=2' },
    ])
    expect(statusMovesText('CK1 7→10', (s) => `S${s}`)).toBe('CK1 S7 → S10')
  })

  it('leaves arrows that are not status moves alone', () => {
    for (const s of ['JH1 SKU-1 A-01 → B-02 +3', 'CK1 → CK2+CK3 (sku)', 'quick KR1 finished → SJ2611220001', 'FJ1 X → slot 12 CK1 +1', 'A-01→02', 'v1.2→3']) {
      expect(statusMoveParts(s), s).toEqual([{ text: s }])
    }
  })
})

describe('machine status dictionaries', () => {
  it('name an existing machine and every status it has, in every language', () => {
    const names = new Set(DOCUMENT_MACHINES.map((m) => m.name))
    for (const [machine, dict] of Object.entries(MACHINE_STATUS_DICT)) {
      expect(names.has(machine), machine).toBe(true)
      const m = DOCUMENT_MACHINES.find((x) => x.name === machine)!
      const values = dictValues(dict)?.values ?? []
      expect(m.statuses.map(String).filter((s) => !values.includes(s)), `${machine}: statuses missing in ${dict}`).toEqual([])
      for (const lang of ['zh', 'en', 'es-MX']) {
        const labels = dictOf(lang)[dict] ?? {}
        expect(m.statuses.filter((s) => !labels[String(s)]), `${lang} ${dict}`).toEqual([])
      }
    }
  })

  it('lead from a command to its document’s dictionary', () => {
    expect(machineOfCommand('outbound.order.validate')?.name).toBe('outboundOrder')
    expect(statusDictOfCommand('outbound.order.void')).toBe('outboundOrderStatus')
    expect(statusDictOfCommand('admin.user.resetPassword')).toBeUndefined()
  })
})
