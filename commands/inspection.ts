// Quality inspection (stock-in → test-list): record pass/fail quantities per line at the inspection
// station, complete, and generate the next document (spec section 4: only a completed pre-inbound
// inspection generates the shelving order; a completed post-inbound one the inspection transfer
// order). The server (src/server/areas/inbound/inspection.ts) re-checks every rule.
import { z } from 'zod'
import { defineCommand, type CommandDef } from '../src/domain/commands'
import { screenFieldLabels } from '../src/domain/validation'
import { enabledByMachine } from '../src/domain/states/machine'
import { inspectionMachine } from '../src/domain/states/inspection'

export const INSPECTION_PATH = '/stock-in/test-list'

const DocNo = z.string().trim().min(1).max(40)

export const InspectionRecordArgs = z.strictObject({
  inspectionNo: DocNo,
  /** The line (inspection_line.id) — or a scanned SKU code / UPC / FNSKU naming it. */
  lineId: z.number().int().positive().optional(),
  code: z.string().trim().min(1).max(80).optional(),
  pass: z.number().int().min(0).max(100_000).default(0),
  fail: z.number().int().min(0).max(100_000).default(0),
})
export type InspectionRecordArgs = z.infer<typeof InspectionRecordArgs>

export const InspectionCompleteArgs = z.strictObject({
  inspectionNo: DocNo,
  /** Undecided units pass (asked for confirmation first); without it undecided units refuse completion. */
  passRest: z.boolean().optional(),
})
export type InspectionCompleteArgs = z.infer<typeof InspectionCompleteArgs>

export const InspectionNoArgs = z.strictObject({ inspectionNo: DocNo })
export type InspectionNoArgs = z.infer<typeof InspectionNoArgs>

export const InspectionLineView = z.object({
  id: z.number().int(), skuId: z.number().int(), skuCode: z.string(), batchNo: z.string(), locationCode: z.string(), qty: z.number().int(), passQty: z.number().int(), failQty: z.number().int(),
})
export type InspectionLineView = z.infer<typeof InspectionLineView>
/** An inspection order as the station shows it: the answer of inbound.inspection.complete. */
export const InspectionView = z.object({
  id: z.number().int(), inspectionNo: z.string(), orderNo: z.string(), kind: z.number().int(), status: z.number().int(), qty: z.number().int(), passQty: z.number().int(), failQty: z.number().int(),
  generatedNo: z.string().nullable(), completedAt: z.string().nullable(), lines: z.array(InspectionLineView),
})
export type InspectionView = z.infer<typeof InspectionView>

/** The answer of inbound.inspection.record: the inspection after the count, the line counted, and what passed and failed. */
export const InspectionRecordResult = z.object({ inspection: InspectionView, lineId: z.number().int(), pass: z.number().int(), fail: z.number().int() })
export type InspectionRecordResult = z.infer<typeof InspectionRecordResult>
/** The answer of inbound.inspection.generate: the document generated from the inspection (a shelving task). */
export const InspectionGenerateResult = z.object({ inspectionNo: z.string(), generatedNo: z.string(), kind: z.number().int() })
export type InspectionGenerateResult = z.infer<typeof InspectionGenerateResult>

const selectedNo = (sel: readonly Record<string, unknown>[]) => (sel.length === 1 && typeof sel[0]?.inspectionNo === 'string' ? sel[0].inspectionNo : undefined)

/** The station's labels: refusals name their fields by these. */
const FIELDS = 'inbound:inspection.fields'

export const inspectionCommands: readonly CommandDef<any>[] = [
  defineCommand<InspectionRecordArgs>({
    id: 'inbound.inspection.record', title: 'commands:inbound.inspection.record', section: 'scan', permission: 'test-list:inspect',
    input: InspectionRecordArgs, output: InspectionRecordResult, server: true, keywords: ['inspect', 'QC', 'pass', 'fail'], enabled: enabledByMachine(inspectionMachine, 'inbound.inspection.record'), fieldLabel: screenFieldLabels(InspectionRecordArgs, FIELDS),
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(`${INSPECTION_PATH}?station=1`); return undefined }
      return rt.callServer<InspectionRecordResult>('inbound.inspection.record', args)
    },
  }),
  defineCommand<InspectionCompleteArgs>({
    id: 'inbound.inspection.complete', title: 'commands:inbound.inspection.complete', section: 'document', permission: 'test-list:inspect',
    input: InspectionCompleteArgs, output: InspectionView, server: true, keywords: ['inspect', 'QC', 'complete'], enabled: enabledByMachine(inspectionMachine, 'inbound.inspection.complete'), fieldLabel: screenFieldLabels(InspectionCompleteArgs, FIELDS),
    run: async (ctx, rt, args) => {
      const a = args ?? (selectedNo(ctx.selection) ? { inspectionNo: selectedNo(ctx.selection)! } : undefined)
      if (!a) { rt.navigate(`${INSPECTION_PATH}?station=1`); return undefined }
      const r = await rt.callServer<InspectionView>('inbound.inspection.complete', a)
      rt.toast('success', 'inbound:inspection.completed', { no: r.inspectionNo })
      return r
    },
  }),
  defineCommand<InspectionNoArgs>({
    id: 'inbound.inspection.generate', title: 'commands:inbound.inspection.generate', section: 'document', permission: 'test-list:generate',
    input: InspectionNoArgs, output: InspectionGenerateResult, server: true, keywords: ['inspect', 'QC', 'shelving', 'transfer', 'generate'], fieldLabel: screenFieldLabels(InspectionNoArgs, FIELDS),
    // No `selection`: the station runs it with its own document (the list with the selected row).
    when: (ctx) => ctx.route.startsWith(INSPECTION_PATH), enabled: enabledByMachine(inspectionMachine, 'inbound.inspection.generate'),
    run: async (ctx, rt, args) => {
      // From the station with its document, or from the list with the selected row.
      const no = args?.inspectionNo ?? selectedNo(ctx.selection)
      if (!no) { rt.toast('info', 'common:validation.selectExactlyOne'); return undefined }
      const a = { inspectionNo: no }
      const r = await rt.callServer<InspectionGenerateResult>('inbound.inspection.generate', a)
      rt.toast('success', 'inbound:inspection.generated', { no: r.generatedNo })
      return r
    },
  }),
  defineCommand<InspectionNoArgs>({
    id: 'inbound.inspection.open', title: 'commands:inbound.inspection.open', section: 'document', permission: 'menu:test-list',
    keywords: ['inspect', 'QC', 'station'],
    when: (ctx) => ctx.route.startsWith(INSPECTION_PATH),
    run: (ctx, rt) => {
      const no = selectedNo(ctx.selection)
      rt.navigate(no ? `${INSPECTION_PATH}?station=${encodeURIComponent(no)}` : `${INSPECTION_PATH}?station=1`)
    },
  }),
]
