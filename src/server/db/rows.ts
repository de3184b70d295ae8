// Database helpers that sit beside the client (src/server/db/client.ts): any layer may use them.

/** Rows of a drizzle `execute` result (node-postgres: {rows}; PGlite: {rows}). */
export function rowsOf(r: unknown): Record<string, unknown>[] {
  if (Array.isArray(r)) return r as Record<string, unknown>[]
  return ((r as { rows?: Record<string, unknown>[] })?.rows ?? [])
}
