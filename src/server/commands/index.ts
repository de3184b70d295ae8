// Every server command handler module, imported once so their defineHandler calls register.
import './admin'
import '../resources/custom/product/handlers'
import '../areas/admin/handlers'
import '../resources/handlers'
import '../areas/stock/index'
import '../areas/inbound/inspection'
import '../areas/inbound/shelving'
import '../areas/inbound/receiving'
import '../areas/inbound/index'
import '../areas/inbound/settings-area'
import '../areas/outbound/index'
import '../areas/outbound/face-sheets'
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
