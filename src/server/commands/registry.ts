// Server handlers of `server: true` commands. Exactly one handler per command id: a second
// definition throws at startup, and tests/contract/commands.test.ts proves every server command has
// one and every handler has a command. A handler runs inside the endpoint's single transaction and
// re-checks its own business rules (the browser's `enabled` cannot be trusted).
import type { FastifyBaseLogger } from 'fastify'
import type { AppTx } from '../db/client'
import type { AuthContext } from '../http/context'
import type { Language } from '../../domain/i18n'

export interface HandlerContext<A> {
  /** The one transaction of this command: the audit and idempotency rows commit with it. */
  tx: AppTx
  /** Arguments already parsed with the command's zod `input`. */
  args: A
  auth: AuthContext
  log: FastifyBaseLogger
  /** The caller's language (x-language-header): for messages a handler returns already translated (per-row refusals of a bulk run). */
  lang: Language
  /** A short human summary for the audit row (never secrets). Defaults to the command id. */
  setSummary(summary: string): void
}

/** Returns the envelope's data; throw AppError (4xx) to refuse — the transaction rolls back. */
export type CommandHandler<A = any> = (ctx: HandlerContext<A>) => Promise<unknown>

export class HandlerRegistry {
  private readonly byId = new Map<string, CommandHandler>()

  define<A>(commandId: string, handler: CommandHandler<A>): void {
    if (this.byId.has(commandId)) throw new Error(`duplicate command handler: ${commandId}`)
    this.byId.set(commandId, handler as CommandHandler)
  }

  get(commandId: string): CommandHandler | undefined { return this.byId.get(commandId) }
  ids(): string[] { return [...this.byId.keys()] }
}

/** The process-wide registry the endpoint reads; handler modules call defineHandler at import. */
export const handlerRegistry = new HandlerRegistry()

export function defineHandler<A>(commandId: string, handler: CommandHandler<A>): void {
  handlerRegistry.define(commandId, handler)
}
