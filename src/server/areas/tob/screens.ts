// Read routes the ToB screens need (issue 21, part M): the ToB picking tasks (the picking task list narrowed
// to tasks holding a ToB order, with the orders' expected container number) and the cartons of one order
// (box i of n, mark, dimensions, weight and contents — the order details' "Boxes" section, the packing list).
import { z } from 'zod'
import { sql } from 'drizzle-orm'
import type { Area } from '../../http/area'
import { defineRoute, registerRoutes } from '../../http/route'
import { listQuerySchema, outer, runList, type ListDef } from '../../http/list'
import { rowsOf } from '../../db/rows'
import { pickingTask } from '../../db/schema/index'
import { outboundSettings, taskList, type OutboundSettings } from '../outbound/picking'
import { importDryRun } from '../outbound/orders'
import { receiveOneFile } from '../../http/upload'
import { dictLabelKey, OrderType } from '../../../domain/dictionaries'
import { packingStationPath, PACKING_STATION_PATH, TOB_PERMISSIONS as P, TOB_UI_API } from '../../../../commands/tob-orders'
import { containsPattern, registerDocumentLookup } from '../search/registry'
import { DOC_PREFIX } from '../../inventory/doc-no'
import { translate } from '../../i18n'
import { badRequest, conflict, notFound } from '../../http/errors'
import { defineHandler } from '../../commands/registry'
import type { Queryable } from '../../db/client'
import { renderLabelsPdf, renderLabelsZpl, renderListPdf, listPaperOf, type CodeKind, type Label, type LabelPaper, type ListDocument } from '../../labels/render'
import { formatTime } from '../../../domain/format'
import type { Language } from '../../../domain/i18n'
import type { TobBoxLabelsArgs, TobBoxLabelsPrinted } from '../../../../commands/tob-orders'

const t = pickingTask
export function tobTaskList(s: OutboundSettings) {
  const base = taskList(s)
  const tob = sql`EXISTS (SELECT 1 FROM picking_task_line l JOIN outbound_order o ON o.id = l.order_id WHERE l.task_id = ${t.id} AND o.order_type = ${OrderType.TOB})`
  return {
    ...base,
    select: {
      ...base.select,
      expectedContainerNo: sql<string | null>`(SELECT min(o.expected_container_no) FROM picking_task_line l JOIN outbound_order o ON o.id = l.order_id WHERE l.task_id = ${outer(t.id)})`.as('expectedContainerNo'),
    },
    where: () => tob,
  } satisfies ListDef
}
const TASK_SHAPE = tobTaskList({ pickedLocationId: null, pickingTimeoutHours: 24, pickingSendingTimeoutHours: 48, notIssuedDays: 15, pickingRoute: 'corner' } as OutboundSettings)

// A packing task by its number (ZX…), whole or in part: the carton packing station on that task.
registerDocumentLookup({
  type: 'packingTask', titleKey: 'cartons:document', prefixes: [DOC_PREFIX.packingTask], permission: 'menu:tob-packing',
  group: 'document', opens: { path: `${PACKING_STATION_PATH}?task={no}`, testId: 'packing-station' },
  async search(db, auth, q, limit, lang) {
    const term = q.trim().toUpperCase()
    return rowsOf(await db.execute(sql`
      SELECT id, task_no, status, doc_no FROM packing_task WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND task_no ILIKE ${containsPattern(term)}
      ORDER BY (task_no = ${term}) DESC, id DESC LIMIT ${limit}`)).map((r) => ({
      type: 'packingTask', id: Number(r.id), number: String(r.task_no), status: Number(r.status),
      title: `${translate(lang, 'cartons:document')} · ${translate(lang, dictLabelKey('packingTaskStatus', String(r.status)))}${r.doc_no ? ` · ${String(r.doc_no)}` : ''}`,
      path: packingStationPath(String(r.task_no)),
    }))
  },
})

type Scope = { tenantId: number; warehouseId: number }
export interface OrderCartonRow {
  id: number; boxCode: string; taskNo: string; seq: number; boxTotal: number | null; boxMark: string | null; mixed: boolean; status: number
  weightKg: number | null; lengthCm: number | null; widthCm: number | null; heightCm: number | null; volumeL: number | null
  items: { skuCode: string; batchNo: string | null; qty: number }[]
}

/** The cartons of one order (carton.doc_no = the order number), box by box with their contents. */
export async function orderCartons(db: Queryable, auth: Scope, orderNo: string): Promise<OrderCartonRow[]> {
  const boxes = rowsOf(await db.execute(sql`
    SELECT c.id, c.box_code, p.task_no, c.seq, c.box_total, c.box_mark, c.mixed, c.status, c.weight, c.length, c.width, c.height, c.volume
    FROM carton c JOIN packing_task p ON p.id = c.task_id
    WHERE c.tenant_id = ${auth.tenantId} AND c.warehouse_id = ${auth.warehouseId} AND c.doc_no = ${orderNo} ORDER BY p.task_no, c.seq`))
  const ids = boxes.map((b) => Number(b.id))
  const items = ids.length ? rowsOf(await db.execute(sql`
    SELECT i.carton_id, s.sku_code, i.batch_no, sum(i.qty)::int AS qty FROM carton_item i JOIN product_sku s ON s.id = i.sku_id
    WHERE i.carton_id = ANY(${`{${ids.join(',')}}`}::int[]) GROUP BY i.carton_id, s.sku_code, i.batch_no ORDER BY i.carton_id, s.sku_code`)) : []
  return boxes.map((b) => ({
    id: Number(b.id), boxCode: String(b.box_code), taskNo: String(b.task_no), seq: Number(b.seq), boxTotal: num(b.box_total),
    boxMark: b.box_mark == null ? null : String(b.box_mark), mixed: b.mixed === true, status: Number(b.status),
    weightKg: num(b.weight), lengthCm: num(b.length), widthCm: num(b.width), heightCm: num(b.height), volumeL: num(b.volume),
    items: items.filter((i) => Number(i.carton_id) === Number(b.id)).map((i) => ({ skuCode: String(i.sku_code), batchNo: i.batch_no ? String(i.batch_no) : null, qty: Number(i.qty) })),
  }))
}

/** The order's head the label and the list name (404 naming it when the pair has no such order). */
async function orderHead(db: Queryable, auth: Scope, orderNo: string) {
  const [o] = rowsOf(await db.execute(sql`SELECT order_no, order_type, destination_warehouse, box_mark, expected_container_no, consignee_name, status FROM outbound_order
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND order_no = ${orderNo}`))
  if (!o) throw notFound('outbound:order.errors.notFound', { orderNo })
  return { orderNo: String(o.order_no), destination: o.destination_warehouse == null ? '' : String(o.destination_warehouse), boxMark: o.box_mark == null ? '' : String(o.box_mark),
    containerNo: o.expected_container_no == null ? '' : String(o.expected_container_no), consignee: String(o.consignee_name ?? '') }
}

/** PDF texts: the standard font draws no Chinese, so a zh caller's labels and lists are in English (as the picking list). */
const pdfLang = (lang: Language): Language => (lang === 'zh' ? 'en' : lang)
const contents = (b: OrderCartonRow) => b.items.map((i) => `${i.skuCode} x${i.qty}`)
const dims = (b: OrderCartonRow) => (b.lengthCm == null ? '' : `${b.lengthCm}x${b.widthCm}x${b.heightCm} cm`)

/** One label per closed box: the box code as its barcode; box mark, box i of n, order and destination, contents, weight and size. */
export function boxLabels(head: Awaited<ReturnType<typeof orderHead>>, boxes: readonly OrderCartonRow[], lang: Language): Label[] {
  const L = (k: string, p?: Record<string, unknown>) => translate(pdfLang(lang), `tob-ui:label.${k}`, p)
  return boxes.map((b) => {
    const items = contents(b)
    const shown = items.length > 4 ? [...items.slice(0, 3), L('more', { more: items.length - 3 })] : items
    return {
      code: b.boxCode,
      lines: [b.boxMark ?? head.boxMark, L('boxOf', { seq: b.seq, total: b.boxTotal ?? '?' }), `${head.orderNo} -> ${head.destination}`, ...shown,
        [b.weightKg == null ? '' : `${b.weightKg} kg`, dims(b)].filter(Boolean).join(' · ')].filter((x) => x !== ''),
    }
  })
}

/** The order's packing list: one row per box and SKU (box i of n, code, SKU, batch, quantity, weight, size), totals in the facts. */
export function packingListDocument(head: Awaited<ReturnType<typeof orderHead>>, boxes: readonly OrderCartonRow[], lang: Language, user: string): ListDocument {
  const l = pdfLang(lang)
  const L = (k: string, p?: Record<string, unknown>) => translate(l, `tob-ui:packingList.${k}`, p)
  const units = boxes.reduce((s, b) => s + b.items.reduce((x, i) => x + i.qty, 0), 0)
  const weight = boxes.reduce((s, b) => s + (b.weightKg ?? 0), 0)
  const volume = boxes.reduce((s, b) => s + (b.volumeL ?? 0), 0)
  return {
    title: `${L('title')} ${head.orderNo}`,
    code: head.orderNo,
    facts: [
      L('facts', { destination: head.destination || '-', boxMark: head.boxMark || '-', containerNo: head.containerNo || '-', consignee: head.consignee || '-' }),
      L('totals', { boxes: boxes.length, units, weight: Math.round(weight * 10_000) / 10_000, volume: Math.round(volume * 10_000) / 10_000, printedAt: formatTime(new Date()), user }),
    ],
    columns: [
      { title: L('columns.box'), width: 8 }, { title: L('columns.boxCode'), width: 16 }, { title: L('columns.sku'), width: 22 }, { title: L('columns.batch'), width: 8 },
      { title: L('columns.qty'), width: 6, right: true }, { title: L('columns.weight'), width: 8, right: true }, { title: L('columns.size'), width: 16 },
    ],
    rows: boxes.flatMap((b) => (b.items.length ? b.items : [{ skuCode: '-', batchNo: null, qty: 0 }]).map((i, k) => [
      k === 0 ? L('boxOf', { seq: b.seq, total: b.boxTotal ?? '?' }) : '', k === 0 ? b.boxCode : '', i.skuCode, i.batchNo ?? '', String(i.qty),
      k === 0 && b.weightKg != null ? String(b.weightKg) : '', k === 0 ? dims(b) : '',
    ])),
    footer: (page, pages) => `${head.orderNo} · ${L('page', { page, pages })}`,
  }
}

/** The order's boxes a label or list may show: closed ones of finished packing ("box i of n" is known), else refused naming why. */
async function closedBoxes(db: Queryable, auth: Scope, orderNo: string, only?: readonly string[] | null) {
  const head = await orderHead(db, auth, orderNo)
  let boxes = (await orderCartons(db, auth, head.orderNo)).filter((b) => b.status !== 1)
  if (only?.length) {
    const missing = only.find((c) => !boxes.some((b) => b.boxCode === c))
    if (missing) throw notFound('tob-ui:errors.boxNotOfOrder', { boxCode: missing, orderNo: head.orderNo })
    boxes = boxes.filter((b) => only.includes(b.boxCode))
  }
  if (!boxes.length) throw conflict('tob-ui:errors.noClosedBox', { orderNo: head.orderNo })
  const unfinished = boxes.find((b) => b.boxTotal == null)
  if (unfinished) throw conflict('tob-ui:errors.packingNotFinished', { orderNo: head.orderNo, taskNo: unfinished.taskNo })
  return { head, boxes }
}

defineHandler<TobBoxLabelsArgs>('outbound.tob.boxLabels', async ({ tx, auth, args, lang, setSummary }): Promise<TobBoxLabelsPrinted> => {
  const orderNo = String(args.orderNo).toUpperCase()
  const { head, boxes } = await closedBoxes(tx, auth, orderNo, args.boxCodes)
  // The printer named, else print setup's box label printer (and its template).
  const [setting] = rowsOf(await tx.execute(sql`SELECT printer_id, template_id FROM print_setting WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND doc_kind = 'box'`))
  const printerId = args.printerId ?? (setting ? Number(setting.printer_id) : null)
  if (!printerId) throw badRequest('outbound-label:errors.noPrinter', {}, [{ field: 'printerId', messageKey: 'outbound-label:errors.noPrinter' }])
  const [printer] = rowsOf(await tx.execute(sql`SELECT id, code, format, paper, connected, status FROM printer WHERE id = ${printerId} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`))
  if (!printer) throw badRequest('outbound-label:errors.printerNotFound', { id: printerId }, [{ field: 'printerId', messageKey: 'outbound-label:errors.printerNotFound', params: { id: printerId } }])
  if (Number(printer.status) !== 1) throw conflict('outbound-label:errors.printerDisabled', { printer: String(printer.code) })
  if (printer.connected !== true) throw conflict('outbound-label:errors.printerNotConnected', { printer: String(printer.code) })
  const [tpl] = setting?.template_id && !args.printerId ? rowsOf(await tx.execute(sql`SELECT paper, code_kind FROM print_template WHERE id = ${Number(setting.template_id)} AND status = 1`)) : []
  const format = String(printer.format) === 'zpl' ? 'zpl' : 'pdf'
  const labels = boxLabels(head, boxes, lang)
  const code = (tpl?.code_kind ?? 'barcode') as CodeKind
  const bytes = format === 'zpl' ? Buffer.byteLength(renderLabelsZpl(labels, code), 'utf8')
    : (await renderLabelsPdf(labels, (tpl?.paper ?? printer.paper) as LabelPaper, code, `Box labels ${head.orderNo}`)).length
  const [job] = rowsOf(await tx.execute(sql`
    INSERT INTO print_job (tenant_id, warehouse_id, printer_id, doc_kind, format, doc_refs, label_count, bytes, created_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${Number(printer.id)}, 'boxLabel', ${format}, ${`${head.orderNo}:${boxes.map((b) => b.boxCode).join(',')}`}, ${labels.length}, ${bytes}, ${auth.userId}) RETURNING id`))
  setSummary(`box labels ${head.orderNo} (${labels.length}) → ${String(printer.code)}`)
  return { orderNo: head.orderNo, printer: String(printer.code), format, labels: labels.length, bytes, jobId: Number(job!.id) }
})

const OrderNoParams = z.object({ orderNo: z.string().trim().min(1).max(40).transform((s) => s.toUpperCase()) })
const num = (v: unknown) => (v == null ? null : Number(v))

export const tobScreensArea: Area = (app, { db }) => {
  registerRoutes(app, [
    defineRoute({
      method: 'GET', url: TOB_UI_API.tasks, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.taskView,
      summary: 'ToB picking tasks: picking tasks holding a ToB order (filters as the picking task list), with the expected container number',
      query: listQuerySchema(TASK_SHAPE),
      handler: async ({ query, auth }) => runList(db, tobTaskList(await outboundSettings(db, auth)), query, auth),
    }),
    defineRoute({
      method: 'POST', url: TOB_UI_API.importDryRun, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.import, rawBody: true,
      summary: 'ToB order import dry run (multipart `file`, the outbound order sheet): a row without an order type is a ToB order; every bad row and cell at once; writes nothing',
      handler: async ({ auth, raw: req }) => importDryRun(db, auth, req.lang, (await receiveOneFile(req, 'template')).content, { orderType: OrderType.TOB }),
    }),
    defineRoute({
      method: 'GET', url: '/api/outbound/tob/orders/by-no/:orderNo/cartons', tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'The cartons of one order: box i of n, box mark, status, dimensions, weight, volume and contents', params: OrderNoParams,
      handler: async ({ params, auth }) => ({ cartons: await orderCartons(db, auth, params.orderNo) }),
    }),
    defineRoute({
      method: 'GET', url: '/api/outbound/tob/orders/by-no/:orderNo/packing-list.pdf', tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.print,
      summary: "An order's packing list as a PDF: every closed box (i of n, code, contents, weight, size) and the totals", params: OrderNoParams,
      handler: async ({ params, auth, raw }, reply) => {
        const { head, boxes } = await closedBoxes(db, auth, params.orderNo)
        const { bytes, pages } = await renderListPdf(packingListDocument(head, boxes, raw.lang, auth.username), listPaperOf('A4'))
        return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="packing-list-${head.orderNo}.pdf"`)
          .header('x-page-count', String(pages)).send(Buffer.from(bytes))
      },
    }),
  ])
}
