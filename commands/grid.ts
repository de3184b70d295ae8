// Grid-scope commands: they act on the focused DataGrid, so their shortcuts only fire while a grid is
// on top of the focus stack. Whether the current screen may export is the grid's own permission
// (its `<screen>:export` button); these generic entries only forward to the focused grid.
import { defineCommand, type CommandContext, type CommandDef } from '../src/domain/commands'

const GRID_PERMISSION = 'self:grid'
/** Offered only while a grid is mounted (unknown scopes: offered, the dispatcher still checks the scope). */
const gridPresent = (ctx: CommandContext) => ctx.scopes === undefined || ctx.scopes.includes('grid')

export const gridCommands: CommandDef<any>[] = [
  defineCommand({
    id: 'grid.export', title: 'commands:grid.export', section: 'grid', permission: GRID_PERMISSION, when: gridPresent,
    shortcut: '$mod+e', scope: 'grid',
    run: (_ctx, rt) => rt.effect('grid.export'),
  }),
  defineCommand({
    id: 'grid.columns', title: 'commands:grid.columns', section: 'grid', permission: GRID_PERMISSION, when: gridPresent,
    shortcut: '$mod+shift+c', scope: 'grid',
    run: (_ctx, rt) => rt.effect('grid.columns'),
  }),
  defineCommand({
    id: 'grid.selectAll', title: 'commands:grid.selectAll', section: 'grid', permission: GRID_PERMISSION, when: gridPresent,
    shortcut: '$mod+a', scope: 'grid',
    run: (_ctx, rt) => rt.effect('grid.selectAll'),
  }),
  // Filters ↔ rows from anywhere on a list page, even while typing in a filter (it has a modifier).
  defineCommand({
    id: 'grid.focusToggle', title: 'commands:grid.focusToggle', section: 'grid', permission: GRID_PERMISSION,
    shortcut: 'Alt+Slash', scope: 'global',
    run: (_ctx, rt) => rt.effect('grid.focusToggle'),
  }),
  defineCommand({
    id: 'grid.openRow', title: 'commands:grid.openRow', section: 'grid', permission: GRID_PERMISSION, when: gridPresent,
    shortcut: 'Enter', scope: 'grid',
    run: (_ctx, rt) => rt.effect('grid.openRow'),
  }),
]
