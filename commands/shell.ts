// Shell commands (spec section 2 "Shell" and section 4 "Session flow"): everything the top bar, the
// avatar menu, the tab menu and the sidebar offer, as commands so the palette and the keyboard reach
// them too. They run in the browser only (no `server`); effects on shell state go through rt.effect.
import { defineCommand, type CommandDef, type CommandRuntime } from '../src/domain/commands'
import { LANGUAGES, type Language } from '../src/domain/i18n'
import { SHELL_PERMISSION as P, type ShellPanel } from './panels'

const open = (panel: ShellPanel) => (_ctx: unknown, rt: CommandRuntime) => rt.open(panel)

export interface WarehousePair { warehouseId: number; tenantId: number }

export const shellCommands: CommandDef<any>[] = [
  defineCommand({
    id: 'shell.palette.open', title: 'commands:shell.palette.open', section: 'shell', permission: P,
    shortcut: '$mod+k', scope: 'global',
    run: (_ctx, rt) => rt.effect('palette.open', { mode: 'commands' }),
  }),
  defineCommand({
    id: 'shell.goToDocument', title: 'commands:shell.goToDocument', section: 'shell', permission: P,
    shortcut: '$mod+shift+k', scope: 'global',
    run: (_ctx, rt) => rt.effect('palette.open', { mode: 'documents' }),
  }),
  defineCommand({
    id: 'shell.keymap', title: 'commands:shell.keymap', section: 'help', permission: P,
    shortcut: 'Shift+?', scope: 'global', run: open('keymap'),
  }),
  defineCommand({
    id: 'shell.sidebar.toggle', title: 'commands:shell.sidebar.toggle', section: 'shell', permission: P,
    shortcut: '$mod+b', scope: 'global',
    run: (_ctx, rt) => rt.effect('sidebar.toggle'),
  }),
  defineCommand({
    id: 'shell.settings', title: 'commands:shell.settings', section: 'shell', permission: P,
    shortcut: '$mod+,', scope: 'global', run: open('settings'),
  }),
  defineCommand({
    id: 'shell.language.switch', title: 'commands:shell.language.switch', section: 'shell', permission: P,
    // Without a picker (prompt) the shell's language panel asks instead.
    run: async (_ctx, rt) => {
      if (!rt.prompt) return rt.open('language')
      const language = await rt.prompt<Language>('language', { options: LANGUAGES })
      if (language) await rt.effect('language.set', { language })
    },
  }),
  defineCommand({
    id: 'shell.warehouse.switch', title: 'commands:shell.warehouse.switch', section: 'shell', permission: P,
    shortcut: '$mod+shift+w', scope: 'global',
    run: async (_ctx, rt) => {
      if (!rt.prompt) return rt.open('warehouse')
      const pair = await rt.prompt<WarehousePair>('warehouse')
      if (pair) await rt.effect('warehouse.switch', { warehouseId: pair.warehouseId, tenantId: pair.tenantId })
    },
  }),
  defineCommand({
    id: 'shell.feedback', title: 'commands:shell.feedback', section: 'help', permission: P, run: open('feedback'),
  }),
  defineCommand({
    id: 'shell.notices', title: 'commands:shell.notices', section: 'shell', permission: P, run: open('notices'),
  }),
  defineCommand({
    id: 'shell.pdaQr', title: 'commands:shell.pdaQr', section: 'help', permission: P, run: open('pdaQr'),
  }),
  defineCommand({
    id: 'shell.cache.clear', title: 'commands:shell.cache.clear', section: 'shell', permission: P,
    confirm: 'commands:confirm.shell.cache.clear',
    run: (_ctx, rt) => rt.effect('cache.clear'),
  }),
  defineCommand({
    id: 'shell.fullscreen', title: 'commands:shell.fullscreen', section: 'shell', permission: P,
    run: (_ctx, rt) => rt.effect('fullscreen.toggle'),
  }),
  defineCommand({
    id: 'shell.pageFullscreen', title: 'commands:shell.pageFullscreen', section: 'shell', permission: P,
    run: (_ctx, rt) => rt.effect('pageFullscreen.toggle'),
  }),
  defineCommand({
    id: 'shell.errorLog', title: 'commands:shell.errorLog', section: 'help', permission: P,
    // Spec: the error-log button shows only when errors exist.
    when: (ctx) => (ctx.errorCount ?? 0) > 0,
    run: open('errorLog'),
  }),
  defineCommand({
    id: 'shell.files.exports', title: 'commands:shell.files.exports', section: 'shell', permission: P,
    run: (_ctx, rt) => rt.navigate('/import-file/export-file'),
  }),
  defineCommand({
    id: 'shell.files.imports', title: 'commands:shell.files.imports', section: 'shell', permission: P,
    run: (_ctx, rt) => rt.navigate('/file-export/sfs-file-import'),
  }),
  defineCommand({
    id: 'shell.files.sqlExports', title: 'commands:shell.files.sqlExports', section: 'shell', permission: P,
    run: (_ctx, rt) => rt.navigate('/import-file/sql-export'),
  }),
  defineCommand({
    id: 'shell.profile', title: 'commands:shell.profile', section: 'shell', permission: P,
    run: (_ctx, rt) => rt.navigate('/profile'),
  }),
  defineCommand({
    id: 'shell.password.change', title: 'commands:shell.password.change', section: 'shell', permission: P,
    run: (_ctx, rt) => rt.navigate('/profile?tab=password'),
  }),
  defineCommand({
    id: 'shell.logout', title: 'commands:shell.logout', section: 'shell', permission: P,
    confirm: 'commands:confirm.shell.logout',
    run: (_ctx, rt) => rt.effect('session.logout'),
  }),
  defineCommand({
    id: 'shell.favourite.add', title: 'commands:shell.favourite.add', section: 'shell', permission: P,
    // Hidden unless the shell says the page may be a favourite and is not one yet.
    when: (ctx) => ctx.favourite === false,
    run: (_ctx, rt) => rt.effect('favourite.add'),
  }),
  defineCommand({
    id: 'shell.favourite.remove', title: 'commands:shell.favourite.remove', section: 'shell', permission: P,
    when: (ctx) => ctx.favourite === true,
    run: (_ctx, rt) => rt.effect('favourite.remove'),
  }),
  defineCommand({
    id: 'shell.tab.refresh', title: 'commands:shell.tab.refresh', section: 'shell', permission: P,
    run: (_ctx, rt) => rt.effect('tab.refresh'),
  }),
  defineCommand({
    id: 'shell.tab.close', title: 'commands:shell.tab.close', section: 'shell', permission: P,
    run: (_ctx, rt) => rt.effect('tab.close'),
  }),
  defineCommand({
    id: 'shell.tab.closeOthers', title: 'commands:shell.tab.closeOthers', section: 'shell', permission: P,
    run: (_ctx, rt) => rt.effect('tab.closeOthers'),
  }),
  defineCommand({
    id: 'shell.tab.closeAll', title: 'commands:shell.tab.closeAll', section: 'shell', permission: P,
    run: (_ctx, rt) => rt.effect('tab.closeAll'),
  }),
  defineCommand({
    id: 'shell.home', title: 'commands:shell.home', section: 'navigation', permission: P,
    shortcut: 'g h', scope: 'global',
    run: (_ctx, rt) => rt.navigate('/'),
  }),
]
