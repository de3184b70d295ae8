// Reads barcodes back out of rendered labels, as a scanner would, decoded with ZXing's pure-JS readers
// (code128 and QR): the code images embedded in a PDF (pdf-lib's image XObjects, inflated to their
// pixels), or the filled rectangles a PDF page draws (vector code128 bars), rasterised label by label.
import { inflateSync } from 'node:zlib'
import { PDFDocument, PDFName, PDFRawStream, PDFDict, PDFNumber, PDFArray, PDFRef, decodePDFRawStream } from 'pdf-lib'
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library'

export interface Gray { width: number; height: number; pixels: Uint8ClampedArray }

/** Decodes one grayscale image (with a white margin added: a scanner needs its quiet zone). */
export function decodeGray(img: Gray): string {
  const pad = 20
  const w = img.width + 2 * pad
  const h = img.height + 2 * pad
  const out = new Uint8ClampedArray(w * h).fill(255)
  for (let y = 0; y < img.height; y++) out.set(img.pixels.subarray(y * img.width, (y + 1) * img.width), (y + pad) * w + pad)
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128, BarcodeFormat.QR_CODE]], [DecodeHintType.TRY_HARDER, true]])
  const reader = new MultiFormatReader()
  return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(out, w, h))), hints).getText()
}

const num = (d: PDFDict, key: string) => (d.lookup(PDFName.of(key)) as PDFNumber).asNumber()

/** Every image of every page of a PDF as grayscale pixels, in page order. */
export async function pdfImages(bytes: Uint8Array): Promise<Gray[]> {
  const pdf = await PDFDocument.load(bytes)
  const out: Gray[] = []
  for (const page of pdf.getPages()) {
    const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject')) as PDFDict | undefined
    if (!xobjects) continue
    for (const key of xobjects.keys()) {
      const s = xobjects.lookup(key)
      if (!(s instanceof PDFRawStream) || s.dict.lookup(PDFName.of('Subtype')) !== PDFName.of('Image')) continue
      const width = num(s.dict, 'Width')
      const height = num(s.dict, 'Height')
      const raw = inflateSync(s.contents)
      const cs = String(s.dict.lookup(PDFName.of('ColorSpace')))
      const channels = cs === '/DeviceRGB' ? 3 : 1
      // The code's transparency (bwip-js draws bars on a transparent ground) as the page shows it: on white.
      const mask = s.dict.lookup(PDFName.of('SMask'))
      const alpha = mask instanceof PDFRawStream ? inflateSync(mask.contents) : undefined
      const pixels = new Uint8ClampedArray(width * height)
      for (let i = 0; i < width * height; i++) {
        const v = channels === 3 ? (raw[i * 3]! * 299 + raw[i * 3 + 1]! * 587 + raw[i * 3 + 2]! * 114) / 1000 : raw[i]!
        const a = alpha ? alpha[i]! / 255 : 1
        pixels[i] = Math.round(v * a + 255 * (1 - a))
      }
      out.push({ width, height, pixels })
    }
  }
  return out
}

interface Rect { x: number; y: number; w: number; h: number }

/** The filled rectangles of a page's content (pdf-lib's drawRectangle: q … x y cm … 0 0 m 0 h l w h l w 0 l h f Q). */
function filledRects(content: string): Rect[] {
  const out: Rect[] = []
  const tokens = content.split(/\s+/).filter(Boolean)
  let tx = 0
  let ty = 0
  let pts: number[][] = []
  const nums: number[] = []
  for (const tok of tokens) {
    if (/^-?[\d.]+$/.test(tok)) { nums.push(Number(tok)); continue }
    switch (tok) {
      case 'q': tx = 0; ty = 0; pts = []; break
      case 'cm': if (nums.length >= 6 && nums.at(-6) === 1 && nums.at(-3) === 1) { tx += nums.at(-2)!; ty += nums.at(-1)! } break
      case 'm': pts = [[nums.at(-2)!, nums.at(-1)!]]; break
      case 'l': pts.push([nums.at(-2)!, nums.at(-1)!]); break
      case 'f': {
        if (pts.length === 4) {
          const xs = pts.map((p) => p[0]!)
          const ys = pts.map((p) => p[1]!)
          out.push({ x: tx + Math.min(...xs), y: ty + Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) })
        }
        pts = []
        break
      }
      default: break
    }
    nums.length = 0
  }
  return out
}

/** The vector barcodes of a PDF, in reading order (page, top to bottom, left to right), decoded. */
export async function pdfVectorBarcodes(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes)
  const out: string[] = []
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents()
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r as PDFRef)) : [contents]
    const text = streams.map((st) => Buffer.from(decodePDFRawStream(st as PDFRawStream).decode()).toString('latin1')).join('\n')
    // Bars of one code share their bottom and height; codes side by side are split at a wide gap.
    const rects = filledRects(text).filter((r) => r.w > 0 && r.h > 0)
    const rows = new Map<string, Rect[]>()
    for (const r of rects) rows.set(`${r.y.toFixed(2)}|${r.h.toFixed(2)}`, [...(rows.get(`${r.y.toFixed(2)}|${r.h.toFixed(2)}`) ?? []), r])
    const codes: Rect[][] = []
    for (const row of rows.values()) {
      row.sort((a, b) => a.x - b.x)
      let cur: Rect[] = []
      for (const r of row) {
        const last = cur.at(-1)
        if (last && r.x - (last.x + last.w) > 20) { codes.push(cur); cur = [] }
        cur.push(r)
      }
      if (cur.length) codes.push(cur)
    }
    codes.sort((a, b) => (b[0]!.y - a[0]!.y) || (a[0]!.x - b[0]!.x))
    for (const bars of codes) {
      const scale = 4
      const x0 = bars[0]!.x
      const width = Math.ceil((bars.at(-1)!.x + bars.at(-1)!.w - x0) * scale)
      const height = 40
      const pixels = new Uint8ClampedArray(width * height).fill(255)
      for (const b of bars) {
        const from = Math.round((b.x - x0) * scale)
        const to = Math.round((b.x + b.w - x0) * scale)
        for (let y = 0; y < height; y++) pixels.fill(0, y * width + from, y * width + Math.min(to, width))
      }
      out.push(decodeGray({ width, height, pixels }))
    }
  }
  return out
}
