// Panel ids the shell can open (mirror of PanelId in src/app/state/ui.ts — commands may not import the
// app; tests/contract/commands.test.ts proves at compile time that both unions agree).
export type ShellPanel = 'settings' | 'feedback' | 'keymap' | 'notices' | 'pdaQr' | 'errorLog' | 'announcement' | 'warehouse' | 'language' | 'confirm'

/** Every shell command is open to any signed-in user (the `self:` prefix is held by everyone). */
export const SHELL_PERMISSION = 'self:shell'
