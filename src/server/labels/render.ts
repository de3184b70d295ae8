// The one label mechanism (spec section 9: papers PackageLabel_Plain_Paper, A4_2, A4_4, Letter_6 with
// 1, 2, 4 or 6 labels per page; barcode or QR). Inbound box / SKU / FNSKU labels and outbound face
// sheets are both lists of Label — a code and its text lines — rendered here:
//   PDF  — pdf-lib pages of the paper, the labels in a grid; code128 as vector bars of bwip-js's
//          encoding, QR as a bwip-js PNG (one image per distinct text);
//   ZPL  — one ^XA…^XZ format per label for thermal printers (4×6 in at 203 dpi), the code as the
//          printer's own ^BC (code128) or ^BQ (QR) so the printer draws bars a scanner reads.
// Texts on a PDF label are drawn with the standard font (WinAnsi: no CJK glyphs; others become '?').
import { PDFDocument, StandardFonts, rgb, type PDFImage, type PDFPage, type PDFFont } from 'pdf-lib'
import bwipjs from 'bwip-js/node'
import { LABEL_PAPERS, BARCODE_KINDS } from '../../domain/dictionaries'
import { code128Modules } from './code128'

export type LabelPaper = (typeof LABEL_PAPERS)[number]
export type CodeKind = (typeof BARCODE_KINDS)[number]
export type LabelFormat = 'pdf' | 'zpl'

/** One label: the code its barcode / QR carries and the text lines under it (the first in bold). */
export interface Label { code: string; lines: string[] }

const MM = 72 / 25.4
/** Page size (points) and grid (columns × rows) per paper. */
export const PAPERS: Record<LabelPaper, { w: number; h: number; cols: number; rows: number }> = {
  PackageLabel_Plain_Paper: { w: 100 * MM, h: 150 * MM, cols: 1, rows: 1 },
  A4_2: { w: 595.28, h: 841.89, cols: 1, rows: 2 },
  A4_4: { w: 595.28, h: 841.89, cols: 2, rows: 2 },
  Letter_6: { w: 612, h: 792, cols: 2, rows: 3 },
}
/** Labels per page of each paper (cols × rows). */
export const perPage = (paper: LabelPaper) => PAPERS[paper].cols * PAPERS[paper].rows

/** Only what the standard font can draw (WinAnsi); anything else becomes '?'. */
export const printable = (s: string) => s.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?')

/** The PNG of a code as bwip-js draws it for the PDF (also what the barcode test decodes). */
export function codePng(text: string, code: CodeKind): Promise<Buffer> {
  const opts: Parameters<typeof bwipjs.toBuffer>[0] = code === 'qrcode'
    ? { bcid: 'qrcode', text, scale: 4 }
    : { bcid: 'code128', text, scale: 3, height: 12, includetext: false, paddingwidth: 10, paddingheight: 2 }
  return bwipjs.toBuffer(opts)
}

/** Code128 bars of a text (./code128.ts; bwip-js beyond printable ASCII): x and width in modules, the 10-module quiet zones included in `modules`. */
export function code128Bars(text: string): { modules: number; bars: { x: number; w: number }[] } {
  const own = code128Modules(text)
  if (own) return own
  // Outside printable ASCII: bwip-js's encoder (its extended code sets).
  const svg = bwipjs.toSVG({ bcid: 'code128', text, scale: 1, height: 10, includetext: false, paddingwidth: 10 })
  const modules = Number(/viewBox="0 0 ([\d.]+) /.exec(svg)![1])
  const bars: { x: number; w: number }[] = []
  for (const m of svg.matchAll(/stroke-width="([\d.]+)" d="([^"]+)"/g)) {
    const w = Number(m[1])
    for (const x of m[2]!.matchAll(/M([\d.]+) /g)) bars.push({ x: Number(x[1]) - w / 2, w })
  }
  return { modules, bars: bars.sort((a, b) => a.x - b.x) }
}

async function codeImage(pdf: PDFDocument, cache: Map<string, PDFImage>, text: string, code: CodeKind): Promise<PDFImage> {
  const hit = cache.get(text)
  if (hit) return hit
  const img = await pdf.embedPng(await codePng(text, code))
  cache.set(text, img)
  return img
}

function drawLabel(page: PDFPage, font: PDFFont, bold: PDFFont, img: PDFImage | null, label: Label, x: number, y: number, w: number, h: number, code: CodeKind) {
  const pad = Math.min(w, h) * 0.06
  page.drawRectangle({ x: x + pad / 2, y: y + pad / 2, width: w - pad, height: h - pad, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 0.5 })
  const innerW = w - 2 * pad
  // Code in the upper part: QR square (an image), barcode wide (vector bars: sharp on any printer, and
  // no image to encode — several times faster than a PNG per code).
  const codeH = code === 'qrcode' ? Math.min(innerW, h * 0.5) : h * 0.3
  if (img) {
    page.drawImage(img, { x: x + (w - codeH) / 2, y: y + h - pad - codeH, width: codeH, height: codeH })
  } else {
    const { modules, bars } = code128Bars(label.code)
    // At most 2.5 pt (0.9 mm) a module: a short code stays a barcode, not a few planks across the label.
    const codeW = Math.min(innerW, codeH * 4.3, modules * 2.5)
    const k = codeW / modules
    const left = x + (w - codeW) / 2
    for (const b of bars) page.drawRectangle({ x: left + b.x * k, y: y + h - pad - codeH, width: b.w * k, height: codeH, color: rgb(0, 0, 0) })
  }
  let ty = y + h - pad - codeH - pad
  const small = label.lines.length > 4
  label.lines.forEach((line, i) => {
    const f = i === 0 ? bold : font
    let size = Math.max(6, Math.min(h * (i === 0 ? 0.07 : small ? 0.04 : 0.05), 22))
    const text = printable(line)
    while (size > 5 && f.widthOfTextAtSize(text, size) > innerW) size -= 0.5
    ty -= size * 1.25
    if (ty < y + pad / 2) return
    page.drawText(text, { x: x + (w - f.widthOfTextAtSize(text, size)) / 2, y: ty, size, font: f })
  })
}

/** The PDF: perPage(paper) labels per page, left to right, top to bottom. */
export async function renderLabelsPdf(labels: readonly Label[], paper: LabelPaper, code: CodeKind, title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(title)
  pdf.setCreator('WMS console')
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const p = PAPERS[paper]
  const per = perPage(paper)
  const cw = p.w / p.cols
  const ch = p.h / p.rows
  const cache = new Map<string, PDFImage>()
  let page: PDFPage | undefined
  for (const [i, label] of labels.entries()) {
    const slot = i % per
    if (slot === 0) page = pdf.addPage([p.w, p.h])
    const col = slot % p.cols
    const row = Math.floor(slot / p.cols)
    const img = code === 'qrcode' ? await codeImage(pdf, cache, label.code, code) : null
    drawLabel(page!, font, bold, img, label, col * cw, p.h - (row + 1) * ch, cw, ch, code)
  }
  return pdf.save()
}

/** ZPL field data: ^FH lets '_' introduce a hex byte, so ^ ~ _ and anything outside ASCII are escaped as UTF-8 bytes (^CI28). */
export function zplText(s: string): string {
  let out = ''
  for (const ch of s) {
    if (/[\x20-\x7e]/.test(ch) && ch !== '^' && ch !== '~' && ch !== '_') out += ch
    else for (const b of Buffer.from(ch, 'utf8')) out += `_${b.toString(16).padStart(2, '0').toUpperCase()}`
  }
  return out
}

/** 4×6 in labels at 203 dpi (812 × 1218 dots). */
const ZPL_W = 812
const ZPL_H = 1218

/** ZPL: one format per label; the code drawn by the printer (^BC code128 / ^BQ QR), the lines below it. */
export function renderLabelsZpl(labels: readonly Label[], code: CodeKind): string {
  const parts: string[] = []
  for (const label of labels) {
    const z: string[] = ['^XA', '^CI28', `^PW${ZPL_W}`, `^LL${ZPL_H}`, '^LH0,0']
    z.push(`^FO20,20^GB${ZPL_W - 40},${ZPL_H - 40},3^FS`)
    let y = 60
    if (code === 'qrcode') {
      z.push(`^FO230,${y}^BQN,2,8^FH^FDQA,${zplText(label.code)}^FS`)
      y += 380
    } else {
      // Module width 3 dots (narrow code) or 2 (long texts), 220 dots high, no interpretation line.
      const module = label.code.length > 16 ? 2 : 3
      z.push(`^FO60,${y}^BY${module},3,220^BCN,220,N,N,N^FH^FD${zplText(label.code)}^FS`)
      y += 260
    }
    label.lines.forEach((line, i) => {
      const size = i === 0 ? 48 : 32
      if (y + size > ZPL_H - 40) return
      z.push(`^FO60,${y}^A0N,${size},${size}^FB${ZPL_W - 120},1,0,L^FH^FD${zplText(line)}^FS`)
      y += size + 16
    })
    z.push('^XZ')
    parts.push(z.join('\n'))
  }
  return parts.join('\n') + '\n'
}

// ---------------------------------------------------------------------------------------------
// Lists: a document of rows (a wave's picking list) through the same PDF mechanism — pdf-lib, the
// standard font, code128 as vector bars — on a sheet of A4 or Letter, portrait.

/** A list document: its title, the code of its document number (barcode on every page), facts under the title, and a table. */
export interface ListDocument {
  title: string
  code: string
  facts: string[]
  /** Column titles with their share of the width; `right` for numbers. */
  columns: { title: string; width: number; right?: boolean }[]
  rows: string[][]
  /** Footer of each page, e.g. "Page 1 / 3". */
  footer: (page: number, pages: number) => string
}
export type ListPaper = 'A4' | 'Letter'
const LIST_PAPERS: Record<ListPaper, { w: number; h: number }> = { A4: { w: 595.28, h: 841.89 }, Letter: { w: 612, h: 792 } }
/** The sheet of a label paper (a printer set to A4_4 prints A4 sheets, Letter_6 Letter). */
export const listPaperOf = (paper: string): ListPaper => (paper.startsWith('Letter') ? 'Letter' : 'A4')

/** The text cut to the width (an ellipsis of three dots: the standard font has no single glyph for it here). */
function fit(font: PDFFont, text: string, size: number, width: number): string {
  const t = printable(text)
  if (font.widthOfTextAtSize(t, size) <= width) return t
  let cut = t
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1)
  return `${cut}...`
}

/** The PDF of a list: title, code128 of the document number and the facts on every page; the table's header repeated; rows never split. */
export async function renderListPdf(doc: ListDocument, paper: ListPaper = 'A4'): Promise<{ bytes: Uint8Array; pages: number }> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(printable(doc.title))
  pdf.setCreator('WMS console')
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const { w, h } = LIST_PAPERS[paper]
  const margin = 36
  const innerW = w - 2 * margin
  const size = 8
  const rowH = size * 2
  const total = doc.columns.reduce((s, c) => s + c.width, 0)
  const widths = doc.columns.map((c) => (c.width / total) * innerW)
  const pages: PDFPage[] = []
  let page: PDFPage
  let y = 0
  const cells = (p: PDFPage, values: string[], at: number, f: PDFFont) => {
    let x = margin
    values.forEach((v, i) => {
      const cw = widths[i]!
      const text = fit(f, v, size, cw - 6)
      const tx = doc.columns[i]!.right ? x + cw - 3 - f.widthOfTextAtSize(text, size) : x + 3
      p.drawText(text, { x: tx, y: at, size, font: f })
      x += cw
    })
  }
  const newPage = () => {
    page = pdf.addPage([w, h])
    pages.push(page)
    let top = h - margin
    page.drawText(fit(bold, doc.title, 16, innerW * 0.55), { x: margin, y: top - 16, size: 16, font: bold })
    // The document number as a code128 a scanner reads from the sheet (top right).
    const { modules, bars } = code128Bars(doc.code)
    const codeW = Math.min(innerW * 0.4, modules * 1.6)
    const k = codeW / modules
    const left = w - margin - codeW
    for (const b of bars) page.drawRectangle({ x: left + b.x * k, y: top - 30, width: b.w * k, height: 30, color: rgb(0, 0, 0) })
    const codeText = printable(doc.code)
    page.drawText(codeText, { x: left + (codeW - font.widthOfTextAtSize(codeText, 8)) / 2, y: top - 40, size: 8, font })
    top -= 50
    for (const f of doc.facts) { page.drawText(fit(font, f, 9, innerW), { x: margin, y: top, size: 9, font }); top -= 13 }
    top -= 6
    // Rules, not filled boxes: the only filled shapes on a sheet are the code's bars (a scanner, and the tests, read them).
    cells(page, doc.columns.map((c) => c.title), top - size - 1, bold)
    page.drawLine({ start: { x: margin, y: top - rowH + size * 0.2 }, end: { x: margin + innerW, y: top - rowH + size * 0.2 }, thickness: 0.8, color: rgb(0, 0, 0) })
    y = top - rowH
  }
  newPage()
  for (const row of doc.rows) {
    if (y - rowH < margin + 20) newPage()
    cells(page!, row, y - size - 1, font)
    page!.drawLine({ start: { x: margin, y: y - rowH + size * 0.2 }, end: { x: margin + innerW, y: y - rowH + size * 0.2 }, thickness: 0.3, color: rgb(0.7, 0.7, 0.7) })
    y -= rowH
  }
  pages.forEach((p, i) => {
    const text = printable(doc.footer(i + 1, pages.length))
    p.drawText(text, { x: w - margin - font.widthOfTextAtSize(text, 8), y: margin - 14, size: 8, font })
  })
  return { bytes: await pdf.save(), pages: pages.length }
}
