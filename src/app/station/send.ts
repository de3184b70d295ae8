// The default sender of a station: POST /api/commands/:id with the scan's own Idempotency-Key. Silent
// on the API client's toasts — the station gives its own feedback (tone + status line) for every scan.
import { api } from '../api/clients'
import { commandUrl } from '../commands/runtime'
import type { Sender } from './queue'

export function commandSender<A, R = unknown>(commandId: string): Sender<A, R> {
  return (args, key) => api.post<R>(commandUrl(commandId), args, { headers: { 'Idempotency-Key': key }, silent: true })
}
