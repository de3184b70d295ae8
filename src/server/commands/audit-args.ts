// What the operation log keeps of a command's arguments (issue 18): enough to say what was done to
// which document and to show the request in the detail view — never a secret, never a whole import.
// Secrets (passwords, tokens, verification codes …) are masked by name; strings are cut at 200
// characters, lists at 20 items (the rest counted), nesting at 4 levels; past 8 KB only the top-level
// scalars stay. The document numbers a row names come from these arguments and the handler's summary.
import { DOC_PREFIX } from '../inventory/doc-no'

/** Argument names whose values the log never keeps. */
const SECRET = /pass(word)?|pwd|secret|token|captcha|verif\w*code|private|credential|authorization|cookie/i
export const MASK = '***'
const MAX_STRING = 200
const MAX_ITEMS = 20
const MAX_DEPTH = 4
const MAX_BYTES = 8 * 1024

/** A name that holds a secret ('password', 'newPassword', 'refreshToken', 'verifyCode' …). */
export function isSecretName(name: string): boolean {
  // A bare `code` is a scan (SKU, location, box …) in this console's commands, not a secret.
  return name !== 'code' && SECRET.test(name)
}

function cut(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return v.length > MAX_STRING ? `${v.slice(0, MAX_STRING)}…` : v
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return v
  if (v === undefined) return undefined
  if (depth >= MAX_DEPTH) return '…'
  if (Array.isArray(v)) {
    const out = v.slice(0, MAX_ITEMS).map((x) => cut(x, depth + 1))
    if (v.length > MAX_ITEMS) out.push(`… +${v.length - MAX_ITEMS}`)
    return out
  }
  if (typeof v === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (x === undefined) continue
      out[k] = isSecretName(k) && x !== null && x !== '' ? MASK : cut(x, depth + 1)
    }
    return out
  }
  return String(v)
}

/** The arguments as the audit row keeps them (JSON), or null when there are none. */
export function storableArgs(args: unknown): unknown {
  if (args === undefined || args === null) return null
  const kept = cut(args, 0)
  if (JSON.stringify(kept).length <= MAX_BYTES) return kept
  // Too big (an import's rows): the top-level scalars, and how many items each list had.
  if (kept && typeof kept === 'object' && !Array.isArray(kept)) {
    const out: Record<string, unknown> = { '…': 'cut' }
    for (const [k, x] of Object.entries(args as Record<string, unknown>)) {
      if (isSecretName(k)) out[k] = MASK
      else if (Array.isArray(x)) out[k] = `${x.length} items`
      else if (x === null || ['string', 'number', 'boolean'].includes(typeof x)) out[k] = cut(x, MAX_DEPTH - 1)
    }
    return out
  }
  return { '…': 'cut' }
}

/** A document number of this console: <PREFIX><yyMMdd><seq>, e.g. CK2611220001. */
export const DOC_NO = new RegExp(`(?<![A-Za-z0-9])(?:${Object.values(DOC_PREFIX).join('|')})\\d{10,}(?![A-Za-z0-9])`, 'g')
/** Argument names that hold a document's number or a code the operator typed or scanned. */
const NUMBER_NAME = /(?:No|Nos|Number|Numbers)$/

/**
 * The documents an audit row is about, in order, each once: document numbers in its arguments — under
 * names like orderNo / taskNos, or shaped like a number anywhere — then in the handler's summary
 * (older rows have only that).
 */
export function auditDocuments(args: unknown, summary: string | null | undefined, max = 50): string[] {
  const out = new Set<string>()
  const add = (s: string) => { if (out.size < max && s.trim()) out.add(s.trim()) }
  const walk = (v: unknown, name: string, depth: number) => {
    if (depth > MAX_DEPTH || out.size >= max) return
    if (typeof v === 'string') {
      if (NUMBER_NAME.test(name) && !v.startsWith('…')) add(v)
      else for (const m of v.matchAll(DOC_NO)) add(m[0])
    } else if (Array.isArray(v)) {
      for (const x of v) walk(x, name, depth + 1)
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (!isSecretName(k)) walk(x, k, depth + 1)
    }
  }
  walk(args, '', 0)
  for (const m of (summary ?? '').matchAll(DOC_NO)) add(m[0])
  return [...out]
}

/** What a row without document numbers is about: the first code, name or user it names (or ids). */
export function auditSubject(args: unknown): string | null {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return null
  const a = args as Record<string, unknown>
  for (const k of ['code', 'name', 'username', 'title', 'locationCode', 'skuCode', 'containerCode', 'tableKey']) {
    if (typeof a[k] === 'string' && a[k]) return a[k] as string
  }
  const ids = Array.isArray(a.ids) ? a.ids.filter((x) => typeof x === 'number' || typeof x === 'string') : typeof a.id === 'number' ? [a.id] : []
  return ids.length ? ids.slice(0, 3).map((x) => `#${String(x)}`).join(', ') + (ids.length > 3 ? ` +${ids.length - 3}` : '') : null
}
