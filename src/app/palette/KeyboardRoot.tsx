// KeyboardRoot: assembles the registry (catalog + navigation commands from the menu tree, rebuilt
// only when the menus change), installs the one keyboard dispatcher, loads the recent commands,
// performs 'palette.open', and hosts the console's one confirm dialog (commands, forms, shell).
import { useEffect, useMemo, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import type { CommandRegistry } from '../../domain/commands'
import { reasonLabel } from '../commands/reason'
import type { MenuNode } from '../../domain/menu/types'
import { session } from '../state/session'
import { showToast } from '../state/toast'
import { buildRegistry, RegistryContext, setActiveRegistry } from '../commands/registry'
import { buildCommandContext } from '../commands/context'
import { runCommand } from '../commands/run'
import { registerEffect } from '../commands/effects'
import { loadRecent } from '../commands/recent'
import { installDispatcher } from '../keys/dispatcher'
import { ConfirmDialog } from './ConfirmDialog'
import { openPalette, type PaletteMode } from './CommandPalette'

export function KeyboardRoot({ children, registry: given }: { children: ReactNode; /** Tests inject a registry. */ registry?: CommandRegistry }) {
  const { menus, roles, username } = useSnapshot(session)
  // Snapshots are read-only views of the same tree; navigationCommands only reads it.
  const registry = useMemo(() => given ?? buildRegistry(menus as unknown as MenuNode[], roles), [given, menus, roles])
  // Set during render so effects of children (and buttons) already see this registry.
  setActiveRegistry(registry)

  useEffect(() => installDispatcher(registry.all(), {
    getContext: buildCommandContext,
    run: (def, ctx) => { void runCommand(def, { ctx }) },
    onDisabled: (_def, reason) => { showToast('warning', reasonLabel(reason)) },
  }), [registry])

  useEffect(() => { loadRecent() }, [username])

  useEffect(() => registerEffect('palette.open', (p) => {
    const mode = p.mode === 'documents' || p.mode === 'menu' ? (p.mode as PaletteMode) : 'commands'
    openPalette(mode)
  }), [])

  return (
    <RegistryContext.Provider value={registry}>
      {children}
      <ConfirmDialog />
    </RegistryContext.Provider>
  )
}
