// GET /api/commands — the server commands the signed-in user may run in the current pair (the same
// permission check as the executor), each with its title in the request's language, its permission,
// whether it is bulk, and its input as JSON Schema (the schema POST /api/commands/<id> parses with).
// Browser-only commands (navigation, panels, grid effects) are not listed: the API cannot run them.
// Also hands the same commands to the OpenAPI document, where each is its own operation.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { holds, type CommandDef, type CommandRegistry } from '../../../domain/commands'
import { defineRoute, registerRoutes } from '../../http/route'
import { commandInputSchema, commandTag, documentCommands } from '../../http/openapi'
import { translate } from '../../i18n'
import type { HandlerRegistry } from '../../commands/registry'

/** One entry of GET /api/commands (also its OpenAPI answer schema). */
export const CommandEntry = z.object({
  id: z.string(),
  /** The command's title in the request's language (x-language-header). */
  title: z.string(),
  titleKey: z.string(),
  /** The area: the operation's tag in the OpenAPI document. */
  tag: z.string(),
  permission: z.string(),
  bulk: z.boolean(),
  /** JSON Schema of the request body. */
  input: z.record(z.string(), z.unknown()),
  path: z.string(),
})
export type CommandEntry = z.infer<typeof CommandEntry>

export const CommandList = z.object({ commands: z.array(CommandEntry) })

/** The catalog's commands the API serves: `server: true` with a registered handler (the executor runs no other). */
export function servedCommands(commands: CommandRegistry, handlers: HandlerRegistry): CommandDef<any>[] {
  return commands.all().filter((c) => c.server && handlers.get(c.id)).sort((a, b) => a.id.localeCompare(b.id))
}

export function registerCommandCatalog(app: FastifyInstance, commands: CommandRegistry, handlers: HandlerRegistry) {
  const served = servedCommands(commands, handlers)
  documentCommands(app, served)
  registerRoutes(app, [
    defineRoute({
      method: 'GET', url: '/api/commands',
      summary: 'The server commands the signed-in user may run in this pair: id, title in the request\'s language, permission, bulk, input JSON Schema',
      tags: ['commands'], envelope: 'main', auth: 'scoped', response: CommandList,
      handler: ({ auth, raw }) => ({
        commands: served.filter((c) => holds(c.permission, { permissions: auth.permissions, roles: auth.roles })).map((c): CommandEntry => ({
          id: c.id, title: translate(raw.lang, c.title), titleKey: c.title, tag: commandTag(c.id), permission: c.permission,
          bulk: Boolean(c.bulk), input: commandInputSchema(c), path: `/api/commands/${c.id}`,
        })),
      }),
    }),
  ])
}
