// The command executor's layer: the handler registry and its check against the catalog. It imports no
// area: each area's module imports its own handler modules (their defineHandler calls register), and the
// composition root (src/server/areas/index.ts, run by src/server/app.ts) imports every area.
import type { CommandRegistry } from '../../domain/commands'
import { handlerRegistry, type HandlerRegistry } from './registry'

export { handlerRegistry, defineHandler, HandlerRegistry, type CommandHandler, type HandlerContext } from './registry'

/** Mismatches between the catalog and the handlers; empty when every server command has exactly one. */
export function handlerMismatches(commands: CommandRegistry, handlers: HandlerRegistry = handlerRegistry): string[] {
  const problems: string[] = []
  for (const c of commands.all()) {
    if (c.server && !handlers.get(c.id)) problems.push(`server command without handler: ${c.id}`)
  }
  for (const id of handlers.ids()) {
    const c = commands.get(id)
    if (!c) problems.push(`handler without command: ${id}`)
    else if (!c.server) problems.push(`handler for a browser-only command: ${id}`)
  }
  return problems
}
