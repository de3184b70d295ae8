// The stations' scan parsers and step routing (src/app/station/define.ts): every station declared on
// the kit, inbound and outbound, routes a scan by what the current step takes; a document number of
// the server's format (prefix + yymmdd + a day sequence of 4 or more digits) is read as that document,
// a location as the location resource allows it, and what a step does not take is refused before any
// call to the server.
import { describe, expect, it } from 'vitest'
import { classifyScan, SCAN_PARSERS } from '../../src/app/station/define'
import { RECEIVING_STATION } from '../../src/app/pages/inbound/receiving/ReceivingPage'
import { SHELVING_STATION } from '../../src/app/pages/inbound/shelving/ShelvingStationPage'
import { INSPECTION_STATION } from '../../src/app/pages/inbound/inspection/InspectionPage'
import { RETURNS_STATION } from '../../src/app/pages/inbound/returns/ReturnsPage'
import { QUICK_STATION } from '../../src/app/pages/inbound/quick/QuickInboundPage'
import { RETURN_SHELF_STATION } from '../../src/app/pages/outbound/shipping/ReturnShelfStation'
import { SHIPPING_STATION } from '../../src/app/pages/outbound/shipping/ShippingStation'
import { LOCATION_CODE_RE } from '../../src/domain/resources/warehouse/rules'

describe('scan parsers', () => {
  it('read document numbers as the server makes them, a day sequence past 9 999 included', () => {
    expect(SCAN_PARSERS.inboundOrder('RK2611270001')).toBe(true)
    expect(SCAN_PARSERS.inboundOrder('RK2611270001-3')).toBe(true) // a box label
    expect(SCAN_PARSERS.inboundOrder('RK26112700001')).toBe(true)
    expect(SCAN_PARSERS.inboundOrder('RK261127')).toBe(false)
    expect(SCAN_PARSERS.outboundOrder('CK26112710000')).toBe(true)
    expect(SCAN_PARSERS.shelvingTask('QT2611270002')).toBe(true)
    expect(SCAN_PARSERS.shelvingTask('SJ2611270002')).toBe(true)
    expect(SCAN_PARSERS.inspection('QC2611270002')).toBe(true)
    expect(SCAN_PARSERS.returnOrder('TH2611270002')).toBe(true)
    expect(SCAN_PARSERS.quickInbound('KR2611270002')).toBe(true)
    expect(SCAN_PARSERS.quickInbound('TH2611270002')).toBe(false)
  })

  it('read a location as the location resource allows its code (with or without a dash, at most 40)', () => {
    for (const code of ['A-01-02', 'PAK-01', 'A0102', 'Z9']) {
      expect(LOCATION_CODE_RE.test(code)).toBe(true)
      expect(SCAN_PARSERS.location(code)).toBe(true)
    }
    expect(SCAN_PARSERS.location('A-')).toBe(false)
    expect(SCAN_PARSERS.location('A 01')).toBe(false)
    expect(SCAN_PARSERS.location('A'.repeat(41))).toBe(false)
  })
})

describe('step routing', () => {
  it('receiving: the order step takes an inbound order or its box label only; the item step also a SKU', () => {
    expect(classifyScan(RECEIVING_STATION, 'order', ' rk2611270001 ')).toEqual({ kind: 'inboundOrder', code: 'RK2611270001' })
    expect(classifyScan(RECEIVING_STATION, 'order', 'SKU-001')).toBeNull()
    expect(classifyScan(RECEIVING_STATION, 'item', 'RK2611270001-2')).toEqual({ kind: 'inboundOrder', code: 'RK2611270001-2' })
    expect(classifyScan(RECEIVING_STATION, 'item', 'NOPE-0000')).toEqual({ kind: 'sku', code: 'NOPE-0000' })
    expect(classifyScan(RECEIVING_STATION, 'item', '   ')).toBeNull()
  })

  it('shelving: a task number at any step, a location at the location step, a SKU after it', () => {
    expect(classifyScan(SHELVING_STATION, 'task', 'A-01-01')).toBeNull()
    expect(classifyScan(SHELVING_STATION, 'location', 'SJ2611270001')?.kind).toBe('shelvingTask')
    expect(classifyScan(SHELVING_STATION, 'location', 'A0101')?.kind).toBe('location')
    expect(classifyScan(SHELVING_STATION, 'location', 'A 01')).toBeNull()
    expect(classifyScan(SHELVING_STATION, 'sku', 'A0101')?.kind).toBe('sku')
  })

  it('inspection, returns and quick inbound: their own document only at the document step', () => {
    expect(classifyScan(INSPECTION_STATION, 'doc', 'QC2611270001')?.kind).toBe('inspection')
    expect(classifyScan(INSPECTION_STATION, 'doc', 'TH2611270001')).toBeNull()
    expect(classifyScan(RETURNS_STATION, 'doc', 'TH2611270001')?.kind).toBe('returnOrder')
    expect(classifyScan(RETURNS_STATION, 'doc', 'KR2611270001')).toBeNull()
    expect(classifyScan(RETURNS_STATION, 'item', 'KR2611270001')?.kind).toBe('sku')
    expect(classifyScan(QUICK_STATION, 'doc', 'KR2611270001')?.kind).toBe('quickInbound')
    expect(classifyScan(QUICK_STATION, 'item', 'X00ABCDEF1')?.kind).toBe('sku')
  })

  it('outbound: the return-to-shelf location step takes a dash-less location; shipping takes orders and tracking numbers', () => {
    expect(classifyScan(RETURN_SHELF_STATION, 'location', 'B0203')?.kind).toBe('location')
    expect(classifyScan(SHIPPING_STATION, 'parcel', 'CK2611270001')?.kind).toBe('outboundOrder')
    expect(classifyScan(SHIPPING_STATION, 'parcel', 'SIM1234567890')?.kind).toBe('tracking')
    expect(classifyScan(SHIPPING_STATION, 'parcel', 'ab')).toBeNull()
  })
})
