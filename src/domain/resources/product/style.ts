// Styles (spec section 3: year, season, section number, colors, sizes, materials and proportions by
// part, retail price, L/T days, status, entry status). Rules: materials per part total 100% with no
// duplicate material (refine); styles from the product data system are read-only here (readOnlyRow);
// one style per single import (import.maxRows); the L/T-days import updates incomplete-entry styles
// only (action `leadtime`). Action `matrix` generates the style's SKUs, color × size.
import { defineResource } from '../../resource'
import {
  GenerateMatrixArgs, GenerateMatrixResult, UpdatedCount, LT_DRY_RUN_URL, LT_TEMPLATE_URL, LtImportArgs, ONE_STYLE_PER_IMPORT_KEY, STYLE_READ_ONLY_KEY, StyleMaterials, materialIssues, type MaterialRow,
} from './rules'

export const styleResource = defineResource({
  name: 'style',
  table: 'product_style',
  scope: 'tenant',
  menuCode: 'style',
  component: 'commodity/style',
  ns: 'res-product',
  fields: {
    /** The spec's "section number" (款号): the style number. */
    styleNo: { kind: 'code', required: true, unique: true, maxLength: 40, width: 130 },
    name: { kind: 'text', required: true, maxLength: 120, width: 200 },
    brandId: { kind: 'ref', ref: 'brand' },
    categoryId: { kind: 'ref', ref: 'categoryThree', required: true },
    year: { kind: 'int', required: true, min: 2000, max: 2100, width: 70 },
    season: { kind: 'enum', dict: 'season', required: true },
    colorIds: { kind: 'refMany', ref: 'color', hideInList: true },
    sizeIds: { kind: 'refMany', ref: 'size', hideInList: true },
    materials: { kind: 'json', item: StyleMaterials, hideInList: true },
    retailPrice: { kind: 'decimal', min: 0, max: 1_000_000 },
    ltDays: { kind: 'int', min: 0, max: 365, width: 80 },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
    /** Derived by the database: complete once price, L/T days, colors, sizes and materials are all given. */
    entryStatus: { kind: 'enum', dict: 'styleEntryStatus', readOnly: true },
    /** local | pds (product data system); set by the system, never by a form. */
    source: { kind: 'enum', dict: 'styleSource', readOnly: true, default: 'local' },
  },
  list: {
    columns: ['styleNo', 'name', 'brandId', 'categoryId', 'year', 'season', 'retailPrice', 'ltDays', 'status', 'entryStatus', 'source'],
    filters: { q: 'text', brandId: 'ref', categoryId: 'ref', season: 'enum', year: 'numberRange', status: 'enum', entryStatus: 'enum', source: 'enum' },
    search: ['styleNo', 'name'],
    defaultSort: 'styleNo:asc',
  },
  form: [['styleNo', 'name'], ['brandId', 'categoryId'], ['year', 'season'], ['colorIds'], ['sizeIds'], ['materials'], ['retailPrice', 'ltDays'], ['status']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  import: {
    columns: ['styleNo', 'name', 'brandId', 'categoryId', 'year', 'season', 'retailPrice', 'ltDays'],
    key: 'styleNo',
    maxRows: 1,
    maxRowsKey: ONE_STYLE_PER_IMPORT_KEY,
  },
  refine: (v) => materialIssues(v.materials as MaterialRow[] | null | undefined),
  readOnlyRow: { field: 'source', value: 'pds', messageKey: STYLE_READ_ONLY_KEY },
  actions: [
    { action: 'matrix', title: 'res-product:style.actions.matrix', index: 1, input: GenerateMatrixArgs, output: GenerateMatrixResult, selection: 'many' },
    {
      action: 'leadtime', title: 'res-product:style.actions.leadtime', index: 2, input: LtImportArgs, output: UpdatedCount,
      sheet: { template: LT_TEMPLATE_URL, dryRun: LT_DRY_RUN_URL, doneKey: 'res-product:style.result.leadtime' },
    },
  ],
  specPaths: { list: '/base/basestyle/list' },
  lookup: 'styleNo',
  label: 'styleNo',
})
