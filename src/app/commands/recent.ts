// Recently run commands (palette "recent first"): newest first, at most 10, persisted in
// localStorage per user so a shared station does not mix operators' histories.
import { ui } from '../state/ui'
import { session } from '../state/session'

export const RECENT_MAX = 10
const PREFIX = 'wms.palette.recent'

/** Commands that only open the palette are not worth remembering inside it. */
const NOT_RECORDED = new Set(['shell.palette.open'])

function storageKey(): string {
  return session.username ? `${PREFIX}.${session.username}` : PREFIX
}

export function loadRecent(): void {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey())
    const list = raw ? JSON.parse(raw) : []
    ui.recentCommands = Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string').slice(0, RECENT_MAX) : []
  } catch {
    ui.recentCommands = []
  }
}

export function pushRecent(id: string): void {
  if (NOT_RECORDED.has(id)) return
  ui.recentCommands = [id, ...ui.recentCommands.filter((x) => x !== id)].slice(0, RECENT_MAX)
  try { globalThis.localStorage?.setItem(storageKey(), JSON.stringify(ui.recentCommands)) } catch { /* storage full or disabled: recents stay in memory */ }
}
