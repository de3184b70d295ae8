// The label mechanism's code128 (src/server/labels/code128.ts, vector bars in the PDF): texts of every
// shape — letters, digit runs odd and even at either end and inside, punctuation, lower case — drawn
// into a PDF on each paper and read back by ZXing from the bars the PDF draws; non-ASCII falls back to
// bwip-js's encoder and still reads. No database: the renderer alone.
import { describe, it, expect } from 'vitest'
import { renderLabelsPdf } from '../../src/server/labels/render'
import { code128Values } from '../../src/server/labels/code128'
import { pdfVectorBarcodes } from '../helpers/barcode'

const TEXTS = ['UPS514641000001', '1234', '12345', '0', 'A', 'SKU-ABC-42', 'RK2611260001-3', 'abc def', '9780201379624', 'X123456Y', 'FDX1234567Z89', '~!@#$%^&*()_+{}|:"<>?', 'Zapato talla 27', '12AB345678901']

describe('code128 bars a scanner reads', () => {
  it('encodes digit runs in code set C (shorter codes)', () => {
    expect(code128Values('123456')!.length).toBe(1 + 3 + 2)
    expect(code128Values('UPS514641000001')!.length).toBeLessThan(1 + 15 + 2)
    expect(code128Values('Ñandú')).toBeNull()
  })
  for (const paper of ['PackageLabel_Plain_Paper', 'A4_2', 'A4_4', 'Letter_6'] as const) {
    it(`reads back every text on ${paper}`, async () => {
      const pdf = await renderLabelsPdf(TEXTS.map((code) => ({ code, lines: [code] })), paper, 'barcode', 'codes')
      expect(await pdfVectorBarcodes(pdf)).toEqual(TEXTS)
    })
  }
  it('falls back to bwip-js outside printable ASCII', async () => {
    const pdf = await renderLabelsPdf([{ code: 'Ñandú-7', lines: ['x'] }], 'A4_2', 'barcode', 'codes')
    // bwip-js encodes the text's UTF-8 bytes (ZXing reports them as Latin-1 characters).
    expect(Buffer.from((await pdfVectorBarcodes(pdf))[0]!, 'latin1').toString('utf8')).toBe('Ñandú-7')
  })
})
