// POST /api/commands/:commandId — the single endpoint of every mutating command (see
// src/server/commands/execute.ts for the pipeline). Body = the command's args (its zod `input`);
// header Idempotency-Key required. Answers the main envelope with the handler's data; a replay
// carries the header `idempotent-replay: true`.
import { z } from 'zod'
import type { Area } from '../../http/area'
import { defineRoute, registerRoutes } from '../../http/route'
import { commandRegistry } from '../../../../commands/index'
import { handlerRegistry, handlerMismatches } from '../../commands/index'
import { executeCommand } from '../../commands/execute'
import { registerCommandCatalog } from './catalog'

export const commandsArea: Area = (app, { database }) => {
  // A server command without its handler (or the reverse) is a programming error: refuse to start.
  const problems = handlerMismatches(commandRegistry, handlerRegistry)
  if (problems.length) throw new Error(`command catalog and handlers disagree:\n${problems.join('\n')}`)

  registerRoutes(app, [
    defineRoute({
      method: 'POST', url: '/api/commands/:commandId', summary: 'Run a server command (Idempotency-Key header required)',
      tags: ['commands'], envelope: 'main', auth: 'scoped',
      deprecated: 'The same endpoint as every POST /api/commands/<id> operation of this document, which states each command\'s body, answer and permission: use those. Listed for clients generated before them; an unknown id answers 404.',
      params: z.object({ commandId: z.string().min(1).max(120) }),
      handler: async ({ params, body, auth, raw }, reply) => {
        const r = await executeCommand({ database, commands: commandRegistry, handlers: handlerRegistry }, raw, auth, params.commandId, body)
        if (r.replayed) reply.header('idempotent-replay', 'true')
        return r.data
      },
    }),
  ])
  // GET /api/commands, and each server command as its own operation of the OpenAPI document.
  registerCommandCatalog(app, commandRegistry, handlerRegistry)
}
