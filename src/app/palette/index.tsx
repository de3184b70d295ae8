// The palette/keyboard package the shell mounts: <KeyboardRoot> around the app, <CommandPalette/>,
// <KeymapHelp/>; useFocusScope(scope) for components that own keys (grids, forms, dialogs, scan).
export { KeyboardRoot } from './KeyboardRoot'
export { CommandPalette, openPalette, closePalette } from './CommandPalette'
export { KeymapHelp } from './KeymapHelp'
export { useFocusScope, Keys } from './focus'
export { shortcutLabel, shortcutKeys } from '../keys/shortcuts'
export { runCommand, runCommandById } from '../commands/run'
export { useCommandRegistry } from '../commands/registry'
export { useCommandContext } from '../commands/context'
