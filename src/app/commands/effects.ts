// Shell effects (ShellEffect in src/domain/commands.ts) are performed by whoever owns the state they
// touch: the shell registers sidebar/tabs/session/favourite handlers, the focused grid registers the
// grid ones, the palette registers 'palette.open'. The last registration wins (the innermost grid),
// and removing it restores the previous one.
import type { ShellEffect } from '../../domain/commands'

export type EffectHandler = (props: Record<string, unknown>) => void | Promise<void>

const handlers = new Map<ShellEffect, EffectHandler[]>()

/** Registers a handler; returns its remover (call it on unmount). */
export function registerEffect(name: ShellEffect, handler: EffectHandler): () => void {
  const list = handlers.get(name) ?? []
  handlers.set(name, [...list, handler])
  return () => {
    const now = handlers.get(name) ?? []
    handlers.set(name, now.filter((h) => h !== handler))
  }
}

export function hasEffect(name: ShellEffect): boolean {
  return (handlers.get(name)?.length ?? 0) > 0
}

export class EffectUnavailableError extends Error {
  constructor(readonly effect: ShellEffect) {
    super(`no handler registered for shell effect ${effect}`)
    this.name = 'EffectUnavailableError'
  }
}

export async function performEffect(name: ShellEffect, props: Record<string, unknown> = {}): Promise<void> {
  const list = handlers.get(name)
  const h = list?.[list.length - 1]
  if (!h) throw new EffectUnavailableError(name)
  await h(props)
}
