// Commands that act on many documents (issue 18 §3), derived from their declarations: a command acts
// on many when it says so (`bulk`), when it acts on a selection of many rows, or when its input carries
// a list of document ids (a top-level array of numbers or codes that may hold more than one) — unless
// it declares `selection: 'one'` or `bulk: false` (a list of ids that are one document's attributes).
// runCommand counts the documents of a run from the same declaration; the contract test proves that
// every such command declares its confirmation.
import type { z } from 'zod'
import type { CommandContext, CommandDef } from './commands'

/** A zod schema's internals (zod 4): enough to walk an input schema without running it. */
interface ZodNode { _zod?: { def?: { type?: string; shape?: Record<string, ZodNode>; element?: ZodNode; innerType?: ZodNode; in?: ZodNode; checks?: { _zod?: { def?: { check?: string; maximum?: number } } }[] } } }

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch'])

/** The schema under optional/default/transform wrappers (a transform's input side). */
function unwrap(node: ZodNode | undefined): ZodNode | undefined {
  let n = node
  for (let i = 0; i < 16 && n?._zod?.def; i++) {
    const d = n._zod.def
    if (d.type === 'pipe') n = d.in
    else if (WRAPPERS.has(d.type ?? '')) n = d.innerType
    else return n
  }
  return n
}

/**
 * Top-level keys of the input that hold lists of ids or codes which may name more than one document
 * (an array of numbers or strings without a maximum of 1): `ids`, `orderIds`, `taskNos` …
 */
export function idListKeys(schema: z.ZodType | undefined): string[] {
  const root = unwrap(schema as ZodNode | undefined)?._zod?.def
  if (root?.type !== 'object' || !root.shape) return []
  const out: string[] = []
  for (const [key, value] of Object.entries(root.shape)) {
    const arr = unwrap(value)?._zod?.def
    if (arr?.type !== 'array') continue
    const element = unwrap(arr.element)?._zod?.def?.type
    if (element !== 'number' && element !== 'string' && element !== 'int') continue
    const max = (arr.checks ?? []).map((c) => c._zod?.def).find((c) => c?.check === 'max_length')?.maximum
    if (max !== undefined && max <= 1) continue
    out.push(key)
  }
  return out
}

/** Does one run of this command create or change more than one document? (derived, see the top) */
export function actsOnMany(def: CommandDef<any>): boolean {
  if (def.bulk === false) return false
  if (def.bulk) return true
  if (def.selection === 'many') return true
  if (def.selection === 'one') return false
  return idListKeys(def.input).length > 0
}

/** Does the command change data (on the server, or as a bulk run of one)? */
export function isMutating(def: CommandDef<any>): boolean {
  return !!def.server || !!def.bulk
}

/**
 * How many documents a run touches: with arguments, the longest of their id lists (duplicates
 * counted once); without, the command's own targets, else the selected rows, else the open document.
 */
export function bulkTargetCount(def: CommandDef<any>, ctx: CommandContext, args?: unknown): number {
  if (args !== undefined && args !== null && typeof args === 'object') {
    const lists = idListKeys(def.input).map((k) => (args as Record<string, unknown>)[k]).filter(Array.isArray)
    if (lists.length) return Math.max(...lists.map((l) => new Set(l as unknown[]).size))
  }
  if (def.bulk && def.bulk.targets) return def.bulk.targets(ctx)
  if (ctx.selection.length) return ctx.selection.length
  return ctx.document || ctx.documentId !== undefined ? 1 : 0
}
