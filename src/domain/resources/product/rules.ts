// Product-group rules (spec sections 5 and 8), pure: used by the declarations' refine(), the custom
// server handlers (src/server/resources/custom/product) and the browser's pre-flight checks.
import { z } from 'zod'
import { UpcRequestStatus } from '../../dictionaries'

// ---------------------------------------------------------------------------------------------
// Style materials: "Material proportions for same style part sum to 100%, no duplicate material."
export const MaterialRow = z.object({
  part: z.string().trim().min(1, 'errors:field.required').max(40),
  materialId: z.number().int().positive(),
  /** Percent of the part, up to 2 decimals. */
  proportion: z.number().gt(0, 'errors:field.tooSmall').max(100),
}).strict()
export type MaterialRow = z.infer<typeof MaterialRow>
export const StyleMaterials = z.array(MaterialRow).max(30)

export const MATERIAL_TOTAL_KEY = 'res-product:rules.materialTotal'
export const DUPLICATE_MATERIAL_KEY = 'res-product:rules.duplicateMaterial'

export interface RuleIssue { path: string; messageKey: string; params?: Record<string, unknown> }

/** Parts are compared trimmed and case-insensitively ("Upper" and "upper " are one part). */
const partKey = (p: string) => p.trim().toLowerCase()

/**
 * Every part must total exactly 100% (compared in hundredths of a percent, so 33.33+33.33+33.34 is
 * exact) and list each material once. Issues point at the offending row: the last row of a part
 * whose total is wrong, the second occurrence of a duplicate.
 */
export function materialIssues(materials: readonly MaterialRow[] | null | undefined): RuleIssue[] {
  if (!materials?.length) return []
  const issues: RuleIssue[] = []
  const parts = new Map<string, { total: number; last: number; name: string; seen: Set<number> }>()
  materials.forEach((m, i) => {
    const k = partKey(m.part)
    let p = parts.get(k)
    if (!p) parts.set(k, p = { total: 0, last: i, name: m.part.trim(), seen: new Set() })
    p.total += Math.round(m.proportion * 100)
    p.last = i
    if (p.seen.has(m.materialId)) issues.push({ path: `materials.${i}.materialId`, messageKey: DUPLICATE_MATERIAL_KEY, params: { part: p.name } })
    p.seen.add(m.materialId)
  })
  for (const p of parts.values()) {
    if (p.total !== 10000) issues.push({ path: `materials.${p.last}.proportion`, messageKey: MATERIAL_TOTAL_KEY, params: { part: p.name, total: p.total / 100 } })
  }
  return issues
}

// ---------------------------------------------------------------------------------------------
// Styles entered in the product data system are read-only here (spec section 8).
export const STYLE_READ_ONLY_KEY = 'res-product:rules.styleReadOnly'
/** Spec section 5: "One style per single import". */
export const ONE_STYLE_PER_IMPORT_KEY = 'res-product:rules.oneStylePerImport'
/** Spec section 4: "Only incomplete-entry styles can be imported for L/T update." */
export const LT_ONLY_INCOMPLETE_KEY = 'res-product:rules.ltOnlyIncomplete'
export const LT_STYLE_UNKNOWN_KEY = 'res-product:rules.styleUnknown'
export const LT_DUPLICATE_ROW_KEY = 'res-product:rules.duplicateStyleRow'

/** The sheet's endpoints (served by src/server/resources/custom/product/routes.ts). */
export const LT_DRY_RUN_URL = '/api/product/style/leadtime/dry-run'
export const LT_TEMPLATE_URL = '/api/product/style/leadtime/template'

export const LT_DAYS_MAX = 365
export const LtImportRow = z.object({
  /** Sheet row number (header = row 1), echoed in the verdicts. */
  row: z.number().int().min(2),
  styleNo: z.string().trim().min(1, 'errors:field.required').max(40),
  ltDays: z.number().int().min(0).max(LT_DAYS_MAX),
}).strict()
export type LtImportRow = z.infer<typeof LtImportRow>
/** Args of `resource.style.leadtime`: the rows of a dry run, re-validated on commit. */
export const LtImportArgs = z.object({ rows: z.array(LtImportRow).min(1).max(5000) }).strict()
export type LtImportArgs = z.infer<typeof LtImportArgs>

export interface LtStyleFacts { id: number; entryStatus: string; source: string }
export interface LtIssue { row: number; field: 'styleNo' | 'ltDays'; messageKey: string; params?: Record<string, unknown> }

/**
 * The L/T-days import: each row names an existing style of the tenant by its style number; only
 * styles whose entry is incomplete (and that are not read-only) may be updated; a style twice in one
 * sheet is refused (which value would win is not the operator's guess to make).
 */
export function ltImportIssues(rows: readonly LtImportRow[], styles: ReadonlyMap<string, LtStyleFacts>): LtIssue[] {
  const issues: LtIssue[] = []
  const firstRow = new Map<string, number>()
  for (const r of rows) {
    const no = r.styleNo.trim()
    const prior = firstRow.get(no)
    if (prior !== undefined) { issues.push({ row: r.row, field: 'styleNo', messageKey: LT_DUPLICATE_ROW_KEY, params: { row: prior } }); continue }
    firstRow.set(no, r.row)
    const s = styles.get(no)
    if (!s) issues.push({ row: r.row, field: 'styleNo', messageKey: LT_STYLE_UNKNOWN_KEY, params: { styleNo: no } })
    else if (s.source === 'pds') issues.push({ row: r.row, field: 'styleNo', messageKey: STYLE_READ_ONLY_KEY, params: { styleNo: no } })
    else if (s.entryStatus !== 'incomplete') issues.push({ row: r.row, field: 'styleNo', messageKey: LT_ONLY_INCOMPLETE_KEY, params: { styleNo: no } })
  }
  return issues
}

// ---------------------------------------------------------------------------------------------
// SKU matrix: style × color × size.
/** SKU code of one cell of a style's matrix, e.g. STF24001-BLK-EU40. */
export const skuCodeOf = (styleNo: string, colorCode: string, sizeCode: string) => `${styleNo}-${colorCode}-${sizeCode}`.toUpperCase()

/** Args of `resource.style.matrix`: the selected styles; each gets every color × size it lacks. */
export const GenerateMatrixArgs = z.object({ ids: z.array(z.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(50) }).strict()
export type GenerateMatrixArgs = z.infer<typeof GenerateMatrixArgs>
export const GenerateMatrixResult = z.object({
  created: z.number().int(), existing: z.number().int(),
  styles: z.array(z.object({ styleId: z.number().int(), styleNo: z.string(), created: z.number().int(), existing: z.number().int() })),
})
export type GenerateMatrixResult = z.infer<typeof GenerateMatrixResult>
/** The answer of an action that updates rows in place (L/T days import …): how many. */
export const UpdatedCount = z.object({ updated: z.number().int() })

export const MATRIX_COLOR_NOT_OF_STYLE_KEY = 'res-product:rules.colorNotOfStyle'
export const MATRIX_SIZE_NOT_OF_STYLE_KEY = 'res-product:rules.sizeNotOfStyle'
export const MATRIX_EMPTY_KEY = 'res-product:rules.matrixEmpty'
export const SKU_COMBINATION_TAKEN_KEY = 'res-product:rules.skuCombinationTaken'

/**
 * The cells to create: every (color, size) of the chosen subsets (default: all of the style's) that
 * has no SKU yet. Colors/sizes outside the style are issues, not silently dropped.
 */
export function planMatrix(
  style: { styleNo: string; colorIds: readonly number[]; sizeIds: readonly number[] },
  colors: ReadonlyMap<number, string>, sizes: ReadonlyMap<number, string>,
  existing: readonly { colorId: number; sizeId: number }[],
  pick: { colorIds?: readonly number[]; sizeIds?: readonly number[] } = {},
): { issues: RuleIssue[]; cells: { colorId: number; sizeId: number; skuCode: string }[]; existing: number } {
  const issues: RuleIssue[] = []
  const colorIds = pick.colorIds ?? style.colorIds
  const sizeIds = pick.sizeIds ?? style.sizeIds
  colorIds.forEach((id, i) => { if (!style.colorIds.includes(id) || !colors.has(id)) issues.push({ path: `colorIds.${i}`, messageKey: MATRIX_COLOR_NOT_OF_STYLE_KEY, params: { id } }) })
  sizeIds.forEach((id, i) => { if (!style.sizeIds.includes(id) || !sizes.has(id)) issues.push({ path: `sizeIds.${i}`, messageKey: MATRIX_SIZE_NOT_OF_STYLE_KEY, params: { id } }) })
  if (!colorIds.length || !sizeIds.length) issues.push({ path: colorIds.length ? 'sizeIds' : 'colorIds', messageKey: MATRIX_EMPTY_KEY })
  if (issues.length) return { issues, cells: [], existing: 0 }
  const have = new Set(existing.map((e) => `${e.colorId}/${e.sizeId}`))
  const cells: { colorId: number; sizeId: number; skuCode: string }[] = []
  let already = 0
  for (const c of new Set(colorIds)) {
    for (const s of new Set(sizeIds)) {
      if (have.has(`${c}/${s}`)) { already++; continue }
      cells.push({ colorId: c, sizeId: s, skuCode: skuCodeOf(style.styleNo, colors.get(c)!, sizes.get(s)!) })
    }
  }
  return { issues, cells, existing: already }
}

// ---------------------------------------------------------------------------------------------
// Platform SKU: "Plat SKU over 30 characters has its leading part trimmed" (spec section 5). The
// database applies the same rule in a trigger, so every path that writes an MSKU agrees.
export const PLAT_SKU_MAX = 30
export function trimPlatSku(platSku: string): string {
  const s = platSku.trim()
  return s.length > PLAT_SKU_MAX ? s.slice(s.length - PLAT_SKU_MAX) : s
}

// ---------------------------------------------------------------------------------------------
// UPC: 12 digits (UPC-A) or 13 (EAN-13) with a valid GS1 check digit.
export const UPC_RE = /^\d{12,13}$/
export const UPC_FORMAT_KEY = 'res-product:rules.upcFormat'
export const UPC_CHECK_DIGIT_KEY = 'res-product:rules.upcCheckDigit'
export function upcCheckDigitOk(code: string): boolean {
  if (!UPC_RE.test(code)) return false
  const digits = [...code].map(Number)
  const check = digits.pop()!
  // GS1: from the right (excluding the check digit), weights 3,1,3,1…
  let sum = 0
  for (let i = digits.length - 1, w = 3; i >= 0; i--, w = w === 3 ? 1 : 3) sum += digits[i] * w
  return (10 - (sum % 10)) % 10 === check
}
/** Completes 11 or 12 digits with their GS1 check digit (seed and tests). */
export function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (upcCheckDigitOk(body + d)) return body + d
  throw new Error(`not a UPC body: ${body}`)
}

// ---------------------------------------------------------------------------------------------
// UPC requests (new UPC / inherited UPC) and their review: "New UPC and inherited UPC approvals go
// to review after submit"; "inherit-UPC and link-SKU mismatch errors (style, color, size, MSKU, UPC)".
export const UPC_MISMATCH = {
  style: 'res-product:rules.upcMismatch.style',
  color: 'res-product:rules.upcMismatch.color',
  size: 'res-product:rules.upcMismatch.size',
  msku: 'res-product:rules.upcMismatch.msku',
  upc: 'res-product:rules.upcMismatch.upc',
} as const
export const UPC_TAKEN_KEY = 'res-product:rules.upcTaken'
export const UPC_SOURCE_REQUIRED_KEY = 'res-product:rules.sourceMskuRequired'
export const UPC_BAD_STATUS_KEY = 'res-product:rules.upcRequestStatus'

export interface UpcRequestFacts {
  requestType: 'newUpc' | 'inherit'
  styleId: number; colorId: number; sizeId: number; upc: string
  /** The linked SKU as stored. */
  sku: { id: number; styleId: number; colorId: number; sizeId: number }
  /** The MSKU receiving the UPC, as stored. */
  msku: { id: number; skuId: number; upc: string | null }
  /** Inherit: the MSKU whose UPC is inherited, as stored (undefined when not found). */
  source?: { id: number; skuId: number; upc: string | null; sku: { styleId: number; colorId: number; sizeId: number } }
  /** A listing of another SKU of the tenant already holding the (new) UPC: one UPC names one article. */
  upcHeldBy?: { id: number; platSku: string }
}

/**
 * Every mismatch between what the request claims and what is stored, each naming its field. The
 * claimed style/color/size must be the linked SKU's; the MSKU must be a listing of that SKU; an
 * inherited UPC must be the source MSKU's own UPC and the source must sell the same style, color and
 * size; a new UPC must not be held by another listing.
 */
export function upcRequestIssues(f: UpcRequestFacts): RuleIssue[] {
  const issues: RuleIssue[] = []
  if (f.sku.styleId !== f.styleId) issues.push({ path: 'styleId', messageKey: UPC_MISMATCH.style })
  if (f.sku.colorId !== f.colorId) issues.push({ path: 'colorId', messageKey: UPC_MISMATCH.color })
  if (f.sku.sizeId !== f.sizeId) issues.push({ path: 'sizeId', messageKey: UPC_MISMATCH.size })
  if (f.msku.skuId !== f.sku.id) issues.push({ path: 'mskuId', messageKey: UPC_MISMATCH.msku })
  if (f.requestType === 'inherit') {
    if (!f.source) issues.push({ path: 'sourceMskuId', messageKey: UPC_SOURCE_REQUIRED_KEY })
    else {
      if (f.source.upc !== f.upc) issues.push({ path: 'upc', messageKey: UPC_MISMATCH.upc })
      const s = f.source.sku
      if (s.styleId !== f.sku.styleId && !issues.some((i) => i.path === 'styleId')) issues.push({ path: 'sourceMskuId', messageKey: UPC_MISMATCH.style })
      else if (s.colorId !== f.sku.colorId) issues.push({ path: 'sourceMskuId', messageKey: UPC_MISMATCH.color })
      else if (s.sizeId !== f.sku.sizeId) issues.push({ path: 'sourceMskuId', messageKey: UPC_MISMATCH.size })
    }
  } else if (f.upcHeldBy) {
    issues.push({ path: 'upc', messageKey: UPC_TAKEN_KEY, params: { platSku: f.upcHeldBy.platSku } })
  }
  return issues
}

export type UpcReviewAction = 'submit' | 'approve' | 'reject'
/** From which statuses each review action may start, and where it leads. */
export const UPC_TRANSITIONS: Record<UpcReviewAction, { from: readonly number[]; to: number }> = {
  submit: { from: [UpcRequestStatus.Draft, UpcRequestStatus.Rejected], to: UpcRequestStatus.PendingReview },
  approve: { from: [UpcRequestStatus.PendingReview], to: UpcRequestStatus.Approved },
  reject: { from: [UpcRequestStatus.PendingReview], to: UpcRequestStatus.Rejected },
}
export const canTransition = (action: UpcReviewAction, status: number) => UPC_TRANSITIONS[action].from.includes(status)

export const UpcReviewArgs = z.object({ ids: z.array(z.number().int().positive()).min(1).max(50) }).strict()
export type UpcReviewArgs = z.infer<typeof UpcReviewArgs>
export const UpcRejectArgs = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(50),
  remark: z.string().trim().min(1, 'errors:field.required').max(500),
}).strict()
export type UpcRejectArgs = z.infer<typeof UpcRejectArgs>
export const UpcReviewResult = z.object({ done: z.array(z.number().int()) })
export type UpcReviewResult = z.infer<typeof UpcReviewResult>
