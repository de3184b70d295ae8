// The sample out form's lines ("SKU quantity [location]", one per row): parsed into the command's lines;
// a quantity that is not a whole number is kept as NaN, so the command's own schema refuses that row.
import { describe, it, expect } from 'vitest'
import { parseLines } from '../../src/app/pages/samples/SampleOutForm'
import { CreateSampleOutArgs } from '../../commands/samples'

describe('sample out lines', () => {
  it('reads SKU, quantity and an optional location per row, blank rows skipped', () => {
    expect(parseLines('SKU-1 2 S-001\n\n  sku-2,3  \ntee-xl × 4')).toEqual([
      { skuCode: 'SKU-1', qty: 2, locationCode: 'S-001' },
      { skuCode: 'sku-2', qty: 3, locationCode: null },
      { skuCode: 'tee-xl', qty: 4, locationCode: null },
    ])
  })
  it('a row without a whole quantity is refused by the schema, naming the row', () => {
    const r = CreateSampleOutArgs.safeParse({ purpose: 'p', borrower: 'b', lines: parseLines('SKU-1 2\nSKU-2 two') })
    expect(r.success).toBe(false)
    expect(r.error!.issues[0]!.path).toEqual(['lines', 1, 'qty'])
  })
})
