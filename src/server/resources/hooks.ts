// Per-resource server hooks: the place for a rule the declaration cannot express (a rule that reads
// other tables, a password hash, a derived column). A group registers them from its custom folder
// (src/server/resources/custom/<group>/) at import time:
//   defineResourceHooks('shop', { beforeWrite: async (ctx, values, before) => { …; throw fieldError(…) } })
// Hooks run inside the command's one transaction, after the declaration's own validation (fields,
// refs, unique, refine, readOnlyRow) — throw an AppError to refuse; nothing is written then.
import type { AppTx } from '../db/client'
import type { AuthContext } from '../http/context'
import type { ResourceDef } from '../../domain/resource'

export interface ResourceHookContext {
  tx: AppTx
  auth: AuthContext
  def: ResourceDef<any>
  /** 'add' | 'edit' | 'import' | 'status' | 'delete' */
  action: string
}

export interface ResourceHooks {
  /**
   * Before an insert (`before` undefined) or an update (`before` = the stored row, field names):
   * return replacement values (e.g. with a computed column) or nothing to keep them.
   */
  beforeWrite?(ctx: ResourceHookContext, values: Record<string, unknown>, before: Record<string, unknown> | undefined): Promise<Record<string, unknown> | void> | Record<string, unknown> | void
  /** After an insert/update, with the new id (e.g. to write child rows). */
  afterWrite?(ctx: ResourceHookContext, id: number, values: Record<string, unknown>, before: Record<string, unknown> | undefined): Promise<void> | void
  /** Before rows are deleted (e.g. refuse rows still in use with a clearer message than the FK's). */
  beforeDelete?(ctx: ResourceHookContext, rows: Record<string, unknown>[]): Promise<void> | void
  /**
   * Global resources: tenants using these rows other than through a foreign key (a JSON list of
   * tenants …). Added to the ones derived from the foreign keys (./shared-rows.ts).
   */
  tenantsUsing?(tx: AppTx, ids: number[]): Promise<number[]>
}

const hooks = new Map<string, ResourceHooks>()

export function defineResourceHooks(resource: string, h: ResourceHooks): void {
  if (hooks.has(resource)) throw new Error(`duplicate resource hooks: ${resource}`)
  hooks.set(resource, h)
}

export function hooksOf(resource: string): ResourceHooks {
  return hooks.get(resource) ?? {}
}
