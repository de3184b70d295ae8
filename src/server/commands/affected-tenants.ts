// Tenants a command's change reaches beyond the caller's own pair (a shared user, a role held in other
// tenants, global master data other tenants use). Whatever runs inside the command's transaction notes
// them here; executeCommand then writes the audit row into every pair of those tenants too, so each
// affected tenant's operation log (scoped by tenant and warehouse) shows the change.
import type { AppTx } from '../db/client'

const byTx = new WeakMap<object, Set<number>>()

export function noteAffectedTenants(tx: AppTx, tenantIds: Iterable<number | null | undefined>): void {
  let set = byTx.get(tx)
  if (!set) byTx.set(tx, (set = new Set()))
  for (const t of tenantIds) if (t) set.add(Number(t))
}

export function affectedTenantsOf(tx: AppTx): number[] {
  return [...(byTx.get(tx) ?? [])].sort((a, b) => a - b)
}
