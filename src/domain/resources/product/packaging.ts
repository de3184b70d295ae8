// Boxes as basic data (issue 21 "Boxes and packing"; spec §2 basic data: box, packing-box, case):
//  - box: the shoe box a pair ships in — its volume is the "shoe-box volume" the shipment limits count;
//  - packingBox: an outer carton type used at the packing station (tare weight, max gross weight);
//  - case: a master case of N shoe boxes of one box type (its shoe-box volume = N × the box's volume).
// L × W × H in cm, weights in kg ("above 0 with up to 4 decimals"), volume in litres (dm³) — derived on
// every write (L × W × H / 1000, never typed: src/server/resources/custom/product/packaging-hooks.ts).
import { defineResource, type FieldDef } from '../../resource'

const dim = (): FieldDef => ({ kind: 'decimal', required: true, min: 0.0001, max: 10_000, width: 90 })
const kg = (): FieldDef => ({ kind: 'decimal', min: 0.0001, max: 100_000, width: 90 })
const derived = (): FieldDef => ({ kind: 'decimal', readOnly: true, width: 100 })
const base = {
  code: { kind: 'code', required: true, unique: true, maxLength: 32, width: 120 } as FieldDef,
  name: { kind: 'text', required: true, maxLength: 60 } as FieldDef,
}
const status = { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 } as const

export const boxResource = defineResource({
  name: 'box',
  table: 'product_box',
  scope: 'tenant',
  menuCode: 'box',
  component: 'commodity/box',
  ns: 'res-product',
  fields: {
    ...base,
    length: dim(), width: dim(), height: dim(),
    weight: kg(),
    volume: derived(),
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: { columns: ['code', 'name', 'length', 'width', 'height', 'weight', 'volume', 'status'], filters: { q: 'text', status: 'enum' }, search: ['code', 'name'], defaultSort: 'code:asc' },
  form: [['code', 'name'], ['length', 'width', 'height'], ['weight', 'status']],
  status,
  import: { columns: ['code', 'name', 'length', 'width', 'height', 'weight'], key: 'code' },
})

export const packingBoxResource = defineResource({
  name: 'packingBox',
  table: 'product_packing_box',
  scope: 'tenant',
  menuCode: 'packing-box',
  component: 'commodity/packing-box',
  ns: 'res-product',
  fields: {
    ...base,
    length: dim(), width: dim(), height: dim(),
    /** Tare weight of the empty carton. */
    weight: kg(),
    /** Most a packed carton of this type may weigh (gross): closing a box above it is refused. */
    maxWeight: kg(),
    volume: derived(),
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: { columns: ['code', 'name', 'length', 'width', 'height', 'weight', 'maxWeight', 'volume', 'status'], filters: { q: 'text', status: 'enum' }, search: ['code', 'name'], defaultSort: 'code:asc' },
  form: [['code', 'name'], ['length', 'width', 'height'], ['weight', 'maxWeight'], ['status']],
  status,
  import: { columns: ['code', 'name', 'length', 'width', 'height', 'weight', 'maxWeight'], key: 'code' },
  constraints: { product_packing_box_max_weight_ck: { field: 'maxWeight', messageKey: 'res-product:packingBox.rules.maxWeightBelowTare', status: 400 } },
  refine: (v) => (v.maxWeight != null && v.weight != null && Number(v.maxWeight) < Number(v.weight)
    ? [{ path: 'maxWeight', messageKey: 'res-product:packingBox.rules.maxWeightBelowTare' }]
    : []),
})

export const caseResource = defineResource({
  name: 'case',
  table: 'product_case',
  scope: 'tenant',
  menuCode: 'case',
  component: 'commodity/case',
  ns: 'res-product',
  fields: {
    ...base,
    boxId: { kind: 'ref', ref: 'box' },
    /** Shoe boxes per case. */
    boxCount: { kind: 'int', required: true, min: 1, max: 9999 },
    length: dim(), width: dim(), height: dim(),
    weight: kg(),
    volume: derived(),
    /** boxCount × the box's volume (litres); null without a box type. */
    shoeBoxVolume: derived(),
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: { columns: ['code', 'name', 'boxId', 'boxCount', 'length', 'width', 'height', 'weight', 'volume', 'shoeBoxVolume', 'status'], filters: { q: 'text', boxId: 'ref', status: 'enum' }, search: ['code', 'name'], defaultSort: 'code:asc' },
  form: [['code', 'name'], ['boxId', 'boxCount'], ['length', 'width', 'height'], ['weight', 'status']],
  status,
  import: { columns: ['code', 'name', 'boxId', 'boxCount', 'length', 'width', 'height', 'weight'], key: 'code' },
  constraints: { product_case_box_fk: { field: 'boxId', messageKey: 'res-product:case.rules.boxUnknown', status: 400 } },
})
