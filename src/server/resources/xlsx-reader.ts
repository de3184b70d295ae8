// Streaming reader of an uploaded .xlsx (issue 10): the rows of the workbook's first sheet, one at a
// time, in bounded memory. The upload itself is already held (≤ its route's size cap); what must not
// happen is its expansion — exceljs's `Workbook.xlsx.load` built the whole workbook as objects (a 5–10 MB
// sheet took the server to 3–4 GB). Here:
//   • the zip's central directory is read from the buffer, and only the parts the sheet needs are
//     inflated (workbook, its relations, styles for date cells, shared strings, the first sheet) — never
//     a stray entry, never a temporary file;
//   • every part is inflated as a stream under its own budget of decompressed bytes (PART_BUDGETS), so
//     a zip bomb — a small file expanding to gigabytes of XML — stops at the budget;
//   • the sheet's XML is parsed by exceljs's own stream parser (its WorkbookReader/WorksheetReader,
//     which also turn shared strings, inline strings, booleans and date formats into cell values) and
//     rows are handed out as they close, counted against a cell budget; the caller stops at its row
//     limit and the rest of the sheet is never inflated.
// At most READ_CONCURRENCY sheets are read at once in the process; further reads wait their turn.
import { StringDecoder } from 'node:string_decoder'
import { Readable } from 'node:stream'
import { createInflateRaw } from 'node:zlib'
import ExcelJS from 'exceljs'

const MB = 1024 * 1024

/** Decompressed bytes each part of the workbook may expand to (the sheet is streamed, not kept). */
export const PART_BUDGETS = { sheet: 64 * MB, sharedStrings: 24 * MB, styles: 8 * MB, workbook: 1 * MB, rels: 1 * MB } as const
/** Cells (columns up to the last filled one, per row) one read may go through. */
export const MAX_SHEET_CELLS = 2_000_000
/** Sheets read at the same time by this process. */
export const READ_CONCURRENCY = 2

/** The file is not a readable xlsx (old .xls, damaged, encrypted, not a zip). */
export class UnreadableSheetError extends Error {
  /** `noSheet`: a readable workbook without any worksheet. */
  constructor(reason: string, readonly noSheet = false) { super(`unreadable xlsx: ${reason}`); this.name = 'UnreadableSheetError' }
}
/** The file expands beyond a budget: `part` and its limit (MB, or cells). */
export class SheetTooLargeError extends Error {
  constructor(readonly part: keyof typeof PART_BUDGETS | 'cells', readonly limit: number) {
    super(`xlsx ${part} over its budget (${limit})`)
    this.name = 'SheetTooLargeError'
  }
}

// ---------------------------------------------------------------------------------------------
// Zip: the central directory of an in-memory file (no zip64, no encryption: an xlsx of ≤ 50 MB needs neither).

interface ZipEntry { name: string; method: number; start: number; size: number }

function zipEntries(buf: Buffer): Map<string, ZipEntry> {
  const bad = (why: string): never => { throw new UnreadableSheetError(why) }
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) bad('not a zip')
  let eocd = -1
  for (let p = buf.length - 22; p >= Math.max(0, buf.length - 22 - 0xffff); p--) {
    if (buf.readUInt32LE(p) === 0x06054b50) { eocd = p; break }
  }
  if (eocd < 0) bad('no end of central directory')
  const count = buf.readUInt16LE(eocd + 10)
  let p = buf.readUInt32LE(eocd + 16)
  const entries = new Map<string, ZipEntry>()
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) bad('central directory')
    const flags = buf.readUInt16LE(p + 8)
    const method = buf.readUInt16LE(p + 10)
    const size = buf.readUInt32LE(p + 20)
    const nameLen = buf.readUInt16LE(p + 28)
    const local = buf.readUInt32LE(p + 42)
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen)
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32)
    if (flags & 1) bad('encrypted')
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) bad('local header')
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28)
    if (start + size > buf.length) bad('entry beyond the file')
    if (!entries.has(name)) entries.set(name, { name, method, start, size })
  }
  return entries
}

/** An entry's text, inflated chunk by chunk under `budget` bytes (UTF-8 decoded across chunk edges). */
async function* entryText(buf: Buffer, e: ZipEntry, part: keyof typeof PART_BUDGETS): AsyncGenerator<string> {
  const budget = PART_BUDGETS[part]
  const data = buf.subarray(e.start, e.start + e.size)
  if (e.method !== 0 && e.method !== 8) throw new UnreadableSheetError(`compression method ${e.method}`)
  const inflater = e.method === 8 ? createInflateRaw({ chunkSize: 64 * 1024 }) : undefined
  const source: AsyncIterable<Buffer> = inflater ?? (async function* () {
    for (let i = 0; i < data.length; i += 64 * 1024) yield data.subarray(i, i + 64 * 1024)
  })()
  inflater?.end(data)
  const decoder = new StringDecoder('utf8')
  let seen = 0
  try {
    for await (const chunk of source) {
      seen += chunk.length
      if (seen > budget) throw new SheetTooLargeError(part, budget / MB)
      const text = decoder.write(chunk)
      if (text) yield text
    }
    const rest = decoder.end()
    if (rest) yield rest
  } catch (err) {
    if (err instanceof SheetTooLargeError) throw err
    throw new UnreadableSheetError(`inflate ${e.name}: ${(err as Error).message}`)
  } finally {
    inflater?.destroy()
  }
}

// ---------------------------------------------------------------------------------------------
// exceljs's stream reader, fed part by part. Its part parsers are internal (underscore) methods of
// exceljs 4.4 (pinned in package.json); the import tests read every value kind through them.

interface StreamWorkbook {
  _parseRels(entry: Readable): Promise<void>
  _parseWorkbook(entry: Readable): Promise<void>
  _parseStyles(entry: Readable): Promise<void>
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>
  _parseWorksheet(iterator: AsyncIterable<string>, sheetNo: string): Generator<{ value: AsyncIterable<ExcelJS.Row> }>
  workbookRels?: { Id: string; Target: string }[]
  model?: { sheets?: { rId: string }[] }
  properties?: unknown
}

/** The path in the zip of the workbook's first sheet (by the workbook's sheet order). */
function firstSheetPath(wb: StreamWorkbook, entries: Map<string, ZipEntry>): string | undefined {
  const rId = wb.model?.sheets?.[0]?.rId
  const target = wb.workbookRels?.find((r) => r.Id === rId)?.Target
  if (target) {
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`
    if (entries.has(path)) return path
  }
  // No usable workbook part: the lowest-numbered sheet.
  return [...entries.keys()].filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))
    .sort((a, b) => Number(/\d+/.exec(a.slice(14))![0]) - Number(/\d+/.exec(b.slice(14))![0]))[0]
}

let active = 0
const waiting: (() => void)[] = []
async function turn(): Promise<() => void> {
  if (active >= READ_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve))
  else active++
  let released = false
  return () => {
    if (released) return
    released = true
    const next = waiting.shift()
    if (next) next()
    else active--
  }
}

/**
 * The rows of the first sheet of an xlsx, in order, as exceljs Rows (only rows present in the file).
 * Stop iterating whenever enough is read: nothing further is inflated. Throws UnreadableSheetError or
 * SheetTooLargeError.
 */
export async function* sheetRows(content: Buffer): AsyncGenerator<ExcelJS.Row> {
  const entries = zipEntries(content)
  const release = await turn()
  const opened: Readable[] = []
  let rows: AsyncIterator<ExcelJS.Row> | undefined
  const unreadable = (err: unknown) => err instanceof SheetTooLargeError || err instanceof UnreadableSheetError ? err : new UnreadableSheetError((err as Error).message)
  try {
    const wb = new ExcelJS.stream.xlsx.WorkbookReader(undefined as never, {
      worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore',
    }) as unknown as StreamWorkbook
    const part = (name: string, budget: keyof typeof PART_BUDGETS) => {
      const s = Readable.from(entryText(content, entries.get(name)!, budget))
      opened.push(s)
      return s
    }
    try {
      if (entries.has('xl/_rels/workbook.xml.rels')) await wb._parseRels(part('xl/_rels/workbook.xml.rels', 'rels'))
      if (entries.has('xl/workbook.xml')) await wb._parseWorkbook(part('xl/workbook.xml', 'workbook'))
      if (entries.has('xl/styles.xml')) await wb._parseStyles(part('xl/styles.xml', 'styles'))
      if (entries.has('xl/sharedStrings.xml')) for await (const _ of wb._parseSharedStrings(part('xl/sharedStrings.xml', 'sharedStrings'))) { /* cached */ }
    } catch (err) {
      throw unreadable(err)
    }
    wb.properties ??= {}
    const path = firstSheetPath(wb, entries)
    if (!path) throw new UnreadableSheetError('no worksheet', true)
    // The sheet number only names the sheet inside exceljs; any part name (sheet1.xml, data.xml) is read.
    const [{ value: sheet }] = [...wb._parseWorksheet(entryText(content, entries.get(path)!, 'sheet'), /(\d+)\.xml$/.exec(path)?.[1] ?? '1')]
    rows = sheet[Symbol.asyncIterator]()
    let cells = 0
    for (;;) {
      let next: IteratorResult<ExcelJS.Row>
      try {
        next = await rows.next()
      } catch (err) {
        rows = undefined
        throw unreadable(err)
      }
      if (next.done) { rows = undefined; return }
      cells += next.value.cellCount
      if (cells > MAX_SHEET_CELLS) throw new SheetTooLargeError('cells', MAX_SHEET_CELLS)
      yield next.value
    }
  } finally {
    // Stopped early (row limit, budget, caller done): close the parser chain, which stops inflating.
    try { await rows?.return?.(undefined) } catch { /* already failed */ }
    for (const s of opened) s.destroy()
    release()
  }
}
