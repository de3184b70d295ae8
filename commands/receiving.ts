// Receiving (stock-in → harvest): one command per accepted scan. The station sends it through its scan
// queue (one Idempotency-Key per scan); from the palette it opens the station. The server re-checks
// every rule of spec §5/§8 (src/server/areas/inbound/receiving.ts) — the browser's view is never trusted.
import { z } from 'zod'
import { defineCommand, type CommandDef } from '../src/domain/commands'
import { screenFieldLabels } from '../src/domain/validation'

export const HARVEST_PATH = '/stock-in/harvest'

const optText = (max: number) => z.string().trim().max(max).optional()

export const ReceiveArgs = z.strictObject({
  orderNo: z.string().trim().min(1).max(60),
  /** SKU code, UPC or FNSKU (of a platform SKU of the line's SKU). */
  code: z.string().trim().min(1).max(80),
  /** Default 1; 0 or less is refused by the server with the spec's 'receiving number not 0'. */
  qty: z.number().int().max(100_000).optional(),
  batchNo: optText(40),
  boxNo: optText(60),
})
export type ReceiveArgs = z.infer<typeof ReceiveArgs>

/** The answer to an accepted scan: the line's and the order's new counts, and what finishing generated. */
export const ReceiveResult = z.object({
  orderNo: z.string(),
  status: z.number().int(),
  lineNo: z.number().int(),
  skuCode: z.string(),
  codeKind: z.enum(['sku', 'upc', 'fnsku']),
  qty: z.number().int(),
  batchNo: z.string(),
  boxNo: z.string().nullable(),
  lineReceived: z.number().int(),
  lineExpected: z.number().int(),
  orderReceived: z.number().int(),
  orderExpected: z.number().int(),
  receivedBoxes: z.number().int(),
  finished: z.boolean(),
  inspectionNo: z.string().optional(),
  shelvingTaskNo: z.string().optional(),
})
export type ReceiveResult = z.infer<typeof ReceiveResult>

/** GET /api/inbound/receiving/:code — the station's task view. */
export interface ReceivingLine {
  lineNo: number; skuId: number; skuCode: string; styleNo: string; colorName: string; sizeName: string; batchNo: string
  expectedQty: number; receivedQty: number; remaining: number; upcs: string[]; fnskus: string[]
}
export interface ReceivingTask {
  order: {
    id: number; orderNo: string; status: number; inboundType: number; inspectionMode: number; batchNo: string
    boxCount: number | null; expectedQty: number; receivedQty: number; receivedBoxes: number; remaining: number
  }
  /** Set when the scanned code was a box label of the order. */
  boxNo: string | null
  lines: ReceivingLine[]
  settings: { receivingLocationId: number | null; receivingLocationCode: string | null; minScanIntervalMs: number; forbidXbMix: boolean }
  /** Documents generated when receiving finished (inspection order or shelving task). */
  generated: { inspectionNo?: string; shelvingTaskNo?: string }
}

export const receivingCommands: readonly CommandDef<any>[] = [
  defineCommand<ReceiveArgs>({
    id: 'inbound.receive', title: 'commands:inbound.receive', section: 'scan', permission: 'harvest:receive', input: ReceiveArgs, output: ReceiveResult, server: true,
    // Refusals name the station's fields by its own labels.
    fieldLabel: screenFieldLabels(ReceiveArgs, 'inbound:receiving.fields'),
    keywords: ['harvest', 'receive', 'scan', 'RK'],
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(HARVEST_PATH); return undefined }
      return rt.callServer<ReceiveResult>('inbound.receive', args)
    },
  }),
]
