// Code 128 (ISO/IEC 15417) encoding for vector barcodes: a text of printable ASCII becomes its bars
// directly (microseconds, where running bwip-js's PostScript encoder per code took milliseconds).
// Code set B for text, code set C for runs of digits (two per symbol: runs of 4 or more at either end,
// 6 or more inside, as the usual minimal-length rule). Anything outside ASCII 32–126 returns null (the
// caller falls back to bwip-js). The bar patterns are the standard table (as bwip-js carries it):
// each symbol is six element widths, bar first; the stop symbol has seven.
const PATTERNS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213', '221312', '231212', '112232', '122132', '122231', '113222',
  '123122', '123221', '223211', '221132', '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211', '212123', '212321',
  '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313', '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121',
  '313121', '211331', '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111', '314111', '221411', '431111', '111224',
  '111422', '121124', '121421', '141122', '141221', '112214', '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141', '214121', '412121', '111143', '111341', '131141', '114113',
  '114311', '411113', '411311', '113141', '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
]
const START_B = 104
const START_C = 105
const CODE_B = 100
const CODE_C = 99
const STOP = 106

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9'
function digitRun(s: string, i: number): number {
  let n = 0
  while (isDigit(s[i + n])) n++
  return n
}

/** Symbol values of a text (start, data, checksum, stop), or null when it has characters Code 128 B/C cannot carry. */
export function code128Values(text: string): number[] | null {
  if (!text.length || !/^[\x20-\x7e]+$/.test(text)) return null
  const out: number[] = []
  let i = 0
  let set: 'B' | 'C'
  const lead = digitRun(text, 0)
  if (lead >= 4 || (lead === text.length && lead % 2 === 0)) { set = 'C'; out.push(START_C) } else { set = 'B'; out.push(START_B) }
  while (i < text.length) {
    const run = digitRun(text, i)
    if (set === 'C') {
      if (run >= 2) { out.push(Number(text.slice(i, i + 2))); i += 2; continue }
      set = 'B'; out.push(CODE_B)
      continue
    }
    // In B: go to C for a run of digits long enough to pay (an even part; an odd leading digit stays in B).
    const atEnd = i + run === text.length
    if (run >= (atEnd ? 4 : 6)) {
      if (run % 2 === 1) { out.push(text.charCodeAt(i) - 32); i++ }
      set = 'C'; out.push(CODE_C)
      continue
    }
    out.push(text.charCodeAt(i) - 32)
    i++
  }
  let sum = out[0]!
  for (let k = 1; k < out.length; k++) sum += out[k]! * k
  out.push(sum % 103, STOP)
  return out
}

/** Bars (x and width in modules, after a 10-module quiet zone) and the total width with both quiet zones; null outside ASCII. */
export function code128Modules(text: string): { modules: number; bars: { x: number; w: number }[] } | null {
  const values = code128Values(text)
  if (!values) return null
  const bars: { x: number; w: number }[] = []
  let x = 10
  for (const v of values) {
    const p = PATTERNS[v]!
    for (let e = 0; e < p.length; e++) {
      const w = p.charCodeAt(e) - 48
      if (e % 2 === 0) bars.push({ x, w })
      x += w
    }
  }
  return { modules: x + 10, bars }
}
