// Product-group rules (pure): material composition, SKU matrix plan, plat SKU trim, UPC check digit,
// UPC request mismatches and transitions, the L/T import verdicts, and what the declarations derive.
import { describe, it, expect } from 'vitest'
import {
  canTransition, ltImportIssues, materialIssues, planMatrix, trimPlatSku, upcCheckDigitOk, upcRequestIssues, withCheckDigit, type UpcRequestFacts,
} from '../../src/domain/resources/product/rules'
import { PRODUCT_RESOURCES } from '../../src/domain/resources/product/index'
import { styleResource } from '../../src/domain/resources/product/style'
import { resourceSchemas, permissionOf } from '../../src/domain/resource'
import { MENU_BY_CODE } from '../../src/domain/menu/catalog'
import { UpcRequestStatus } from '../../src/domain/dictionaries'

describe('materials and proportions by part', () => {
  it('each part totals exactly 100% (hundredths, so thirds add up) and lists a material once', () => {
    expect(materialIssues([{ part: 'upper', materialId: 1, proportion: 100 }, { part: 'sole', materialId: 2, proportion: 60 }, { part: 'sole', materialId: 3, proportion: 40 }])).toEqual([])
    expect(materialIssues([{ part: 'shell', materialId: 1, proportion: 33.33 }, { part: 'shell', materialId: 2, proportion: 33.33 }, { part: 'shell', materialId: 3, proportion: 33.34 }])).toEqual([])
    expect(materialIssues([{ part: 'upper', materialId: 1, proportion: 70 }, { part: 'Upper ', materialId: 2, proportion: 20 }]))
      .toEqual([{ path: 'materials.1.proportion', messageKey: 'res-product:rules.materialTotal', params: { part: 'upper', total: 90 } }])
    expect(materialIssues([{ part: 'upper', materialId: 1, proportion: 50 }, { part: 'upper', materialId: 1, proportion: 50 }]))
      .toEqual([{ path: 'materials.1.materialId', messageKey: 'res-product:rules.duplicateMaterial', params: { part: 'upper' } }])
    expect(materialIssues(null)).toEqual([])
  })

  it('the style declaration refuses a bad composition through refine and a bad row through its schema', () => {
    expect(styleResource.refine!({ materials: [{ part: 'upper', materialId: 1, proportion: 99 }] })).toHaveLength(1)
    const create = resourceSchemas(styleResource).create
    const r = create.safeParse({ styleNo: 'SF-1', name: 'x', categoryId: 1, year: 2026, season: 'summer', status: 1, materials: [{ part: '', materialId: 1, proportion: 0 }] })
    expect(r.success).toBe(false)
  })
})

describe('SKU matrix', () => {
  const colors = new Map([[1, 'BLK'], [2, 'WHT']])
  const sizes = new Map([[10, 'EU40'], [11, 'EU41']])
  it('every color × size without a SKU, coded style-color-size', () => {
    const p = planMatrix({ styleNo: 'sf-1', colorIds: [1, 2], sizeIds: [10, 11] }, colors, sizes, [{ colorId: 1, sizeId: 10 }])
    expect(p.issues).toEqual([])
    expect(p.existing).toBe(1)
    expect(p.cells.map((c) => c.skuCode)).toEqual(['SF-1-BLK-EU41', 'SF-1-WHT-EU40', 'SF-1-WHT-EU41'])
  })
  it('a style without colors or sizes, or with unknown ones, is an issue rather than an empty result', () => {
    expect(planMatrix({ styleNo: 'S', colorIds: [], sizeIds: [10] }, colors, sizes, []).issues[0].messageKey).toBe('res-product:rules.matrixEmpty')
    expect(planMatrix({ styleNo: 'S', colorIds: [9], sizeIds: [10] }, colors, sizes, []).issues[0].messageKey).toBe('res-product:rules.colorNotOfStyle')
  })
})

describe('plat SKU and UPC', () => {
  it('a plat SKU over 30 characters loses its leading part', () => {
    expect(trimPlatSku('SHORT-1')).toBe('SHORT-1')
    const long = 'AMZ-US-LEGACY-SF2025-0001-BLK-EU40'
    expect(trimPlatSku(long)).toBe(long.slice(-30))
    expect(trimPlatSku(long)).toHaveLength(30)
    expect(trimPlatSku('x'.repeat(30))).toHaveLength(30)
  })
  it('GS1 check digits for UPC-A and EAN-13', () => {
    expect(upcCheckDigitOk('036000291452')).toBe(true) // a published UPC-A example
    expect(upcCheckDigitOk('036000291453')).toBe(false)
    expect(upcCheckDigitOk('4006381333931')).toBe(true) // a published EAN-13 example
    expect(upcCheckDigitOk('12345')).toBe(false)
    expect(withCheckDigit('03600029145')).toBe('036000291452')
  })
})

describe('UPC requests', () => {
  const base: UpcRequestFacts = {
    requestType: 'newUpc', styleId: 1, colorId: 2, sizeId: 3, upc: '036000291452',
    sku: { id: 7, styleId: 1, colorId: 2, sizeId: 3 }, msku: { id: 9, skuId: 7, upc: null },
  }
  it('a request matching its SKU and MSKU passes', () => expect(upcRequestIssues(base)).toEqual([]))
  it('each of style, color, size and MSKU mismatches names its field', () => {
    const issues = upcRequestIssues({ ...base, styleId: 5, colorId: 6, sizeId: 8, msku: { id: 9, skuId: 99, upc: null } })
    expect(issues.map((i) => [i.path, i.messageKey])).toEqual([
      ['styleId', 'res-product:rules.upcMismatch.style'], ['colorId', 'res-product:rules.upcMismatch.color'],
      ['sizeId', 'res-product:rules.upcMismatch.size'], ['mskuId', 'res-product:rules.upcMismatch.msku'],
    ])
  })
  it('a new UPC held by another article is refused; inheriting needs the source\'s own UPC of the same article', () => {
    expect(upcRequestIssues({ ...base, upcHeldBy: { id: 3, platSku: 'P-1' } })[0]).toMatchObject({ path: 'upc', messageKey: 'res-product:rules.upcTaken' })
    const inherit = { ...base, requestType: 'inherit' as const }
    expect(upcRequestIssues(inherit)[0]).toMatchObject({ path: 'sourceMskuId', messageKey: 'res-product:rules.sourceMskuRequired' })
    const source = { id: 4, skuId: 7, upc: '036000291452', sku: { styleId: 1, colorId: 2, sizeId: 3 } }
    expect(upcRequestIssues({ ...inherit, source })).toEqual([])
    expect(upcRequestIssues({ ...inherit, source: { ...source, upc: '4006381333931' } })[0]).toMatchObject({ path: 'upc', messageKey: 'res-product:rules.upcMismatch.upc' })
    expect(upcRequestIssues({ ...inherit, source: { ...source, sku: { styleId: 1, colorId: 5, sizeId: 3 } } })[0]).toMatchObject({ path: 'sourceMskuId', messageKey: 'res-product:rules.upcMismatch.color' })
  })
  it('review comes after submit: draft/rejected → pending → approved or rejected', () => {
    const { Draft, PendingReview, Rejected, Approved } = UpcRequestStatus
    expect(canTransition('submit', Draft)).toBe(true)
    expect(canTransition('submit', Rejected)).toBe(true)
    expect(canTransition('submit', PendingReview)).toBe(false)
    expect(canTransition('approve', Draft)).toBe(false)
    expect(canTransition('approve', PendingReview)).toBe(true)
    expect(canTransition('reject', PendingReview)).toBe(true)
    expect(canTransition('reject', Approved)).toBe(false)
  })
})

describe('L/T-days import', () => {
  const styles = new Map([
    ['A', { id: 1, entryStatus: 'incomplete', source: 'local' }],
    ['B', { id: 2, entryStatus: 'complete', source: 'local' }],
    ['C', { id: 3, entryStatus: 'incomplete', source: 'pds' }],
  ])
  it('only incomplete local styles; unknown, read-only and repeated styles are each reported by row', () => {
    const issues = ltImportIssues([
      { row: 2, styleNo: 'A', ltDays: 10 }, { row: 3, styleNo: 'B', ltDays: 10 }, { row: 4, styleNo: 'Z', ltDays: 10 },
      { row: 5, styleNo: 'C', ltDays: 10 }, { row: 6, styleNo: 'A', ltDays: 11 },
    ], styles)
    expect(issues.map((i) => [i.row, i.messageKey])).toEqual([
      [3, 'res-product:rules.ltOnlyIncomplete'], [4, 'res-product:rules.styleUnknown'],
      [5, 'res-product:rules.styleReadOnly'], [6, 'res-product:rules.duplicateStyleRow'],
    ])
  })
})

describe('declarations', () => {
  it('every product screen exists in the menu catalog and each extra action has its permission button', () => {
    for (const def of PRODUCT_RESOURCES) {
      expect(MENU_BY_CODE.get(def.menuCode)?.type, def.name).toBe('M')
      for (const a of def.actions ?? []) expect(MENU_BY_CODE.has(permissionOf(def, a.action)), `${def.name}.${a.action}`).toBe(true)
    }
    expect(permissionOf(styleResource, 'matrix')).toBe('style:matrix')
  })
  it('styles from the product data system are read-only, and a style import holds one style', () => {
    expect(styleResource.readOnlyRow).toMatchObject({ field: 'source', value: 'pds', messageKey: 'res-product:rules.styleReadOnly' })
    expect(styleResource.import).toMatchObject({ maxRows: 1, maxRowsKey: 'res-product:rules.oneStylePerImport' })
  })
})
