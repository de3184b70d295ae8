// STUB — replaced by the palette/keyboard work. Exports are the contract the shell mounts.
import type { ReactNode } from 'react'
import type { FocusScope } from '../../domain/commands'
export function CommandPalette() { return null }
export function KeymapHelp() { return null }
export function KeyboardRoot({ children }: { children: ReactNode }) { return <>{children}</> }
export function useFocusScope(_scope: FocusScope, _active = true): void {}
