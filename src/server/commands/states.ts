// The server side of the documents' status machines (src/domain/states): a handler refuses a command
// its document's state does not allow with the machine's own key and params (409), the same verdict
// the browser disables the command with.
import { check, refuseStatus, type Actor, type MachineDef } from '../../domain/states/machine'
import { conflict } from '../http/errors'

export function refuseUnlessAllowed<D extends { status: number }>(m: MachineDef<D>, commandId: string, doc: D, actor: Actor): void {
  const v = check(m, commandId, doc, actor)
  if (v !== true) throw conflict(v.key, v.params)
}

/**
 * A handler's own status refusal (outside a machine's rule): the same shape as the machines' — 409
 * naming the document's status and the statuses allowed (domain/states/machine.ts refuseStatus).
 */
export function statusConflict(key: string, dict: string, status: number, allowed: readonly number[], params: Record<string, unknown> = {}) {
  const r = refuseStatus(key, dict, status, allowed, params)
  return conflict(r.key, r.params)
}
