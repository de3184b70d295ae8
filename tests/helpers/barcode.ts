// Reads barcodes back out of rendered labels, as a scanner would: the code images embedded in a PDF
// (pdf-lib's image XObjects, inflated to their pixels) or a PNG from bwip-js, decoded with ZXing's
// pure-JS readers (code128 and QR).
import { inflateSync } from 'node:zlib'
import { PDFDocument, PDFName, PDFRawStream, PDFDict, PDFNumber } from 'pdf-lib'
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
