// The focus stack (ARCHITECTURE "one keyboard dispatcher … a focus stack decides which scope's
// shortcuts fire"). Components push a scope while they are mounted/active (useFocusScope); the top
// entry decides which scoped shortcuts may fire. Entries carry a token so an out-of-order unmount
// removes its own entry, never someone else's.
import type { FocusScope } from '../../domain/commands'

interface Entry { token: number; scope: FocusScope }

let entries: Entry[] = []
let seq = 0
const listeners = new Set<() => void>()

function emit() { for (const l of listeners) l() }

/** Pushes a scope; returns the function that removes exactly this entry. */
export function pushScope(scope: FocusScope): () => void {
  const token = ++seq
  entries = [...entries, { token, scope }]
  emit()
  return () => {
    const before = entries.length
    entries = entries.filter((e) => e.token !== token)
    if (entries.length !== before) emit()
  }
}

/** Innermost scope; 'global' when nothing is pushed. */
export function topScope(): FocusScope {
  return entries.length ? entries[entries.length - 1].scope : 'global'
}

/** Scopes on the stack, bottom first (always starts with 'global'). */
export function scopeStack(): FocusScope[] {
  return ['global', ...entries.map((e) => e.scope)]
}

export function subscribeScopes(fn: () => void): () => void {
  listeners.add(fn)
  return () => { listeners.delete(fn) }
}

/** Tests only: forget every entry. */
export function resetScopes(): void {
  entries = []
  emit()
}
