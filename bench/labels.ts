// bench:labels — labels rendered per second through the one label mechanism (src/server/labels), as the
// face sheet print and the inbound label print use it (issue 13 §5 "labels rendered per second (PDF and
// ZPL)"). No target in the spec; a figure to watch. Face-sheet-shaped labels (a tracking number as
// code128 — one distinct code per label, so every barcode is drawn — and seven text lines):
//   PDF on each paper (1, 2, 4, 6 a page), one document of N labels; PDF with QR;
//   ZPL, one document of N labels (the printer draws the code).
//   npm run bench:labels [-- --labels 600]
import { renderLabelsPdf, renderLabelsZpl, type Label, type LabelPaper } from '../src/server/labels/render'

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : dflt
}
const N = arg('labels', 600)

const labels: Label[] = Array.from({ length: N }, (_, i) => {
  const tracking = `UPS${String(100_000_000_000 + i * 7919).padStart(12, '0')}`
  return {
    code: tracking,
    lines: [tracking, 'UPS / UPS-GROUND', 'SHIP TO: Ana Ruiz', `${100 + i} Main St`, 'Los Angeles CA 90001', 'US', `ORDER CK26112600${String(i).padStart(4, '0')} / 0.85 kg`],
  }
})

async function time(name: string, fn: () => Promise<number>) {
  await fn() // warm-up (fonts, the barcode encoder)
  const t0 = performance.now()
  const bytes = await fn()
  const ms = performance.now() - t0
  console.log(`${name.padEnd(34)} ${String(N).padStart(5)} labels  ${ms.toFixed(0).padStart(6)} ms  ${(N / (ms / 1000)).toFixed(0).padStart(6)} labels/s  ${(bytes / 1024).toFixed(0).padStart(6)} KiB`)
}

console.log(`bench:labels — ${N} face sheets per document, Node ${process.version}`)
for (const paper of ['PackageLabel_Plain_Paper', 'A4_2', 'A4_4', 'Letter_6'] as LabelPaper[]) {
  await time(`PDF ${paper} barcode`, async () => (await renderLabelsPdf(labels, paper, 'barcode', 'bench')).length)
}
await time('PDF A4_4 qrcode', async () => (await renderLabelsPdf(labels, 'A4_4', 'qrcode', 'bench')).length)
await time('ZPL barcode', async () => renderLabelsZpl(labels, 'barcode').length)
await time('ZPL qrcode', async () => renderLabelsZpl(labels, 'qrcode').length)
