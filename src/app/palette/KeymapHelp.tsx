// Keyboard shortcuts help ('?' → panel 'keymap'): generated from the registry — every command the
// user can see here that has a shortcut, grouped by focus scope, filterable, closed with Esc.
import { useMemo, useState } from 'react'
import { useSnapshot } from 'valtio'
import { useTranslation } from 'react-i18next'
import { shortcutLive, type CommandContext, type CommandDef, type CommandRegistry, type FocusScope } from '../../domain/commands'
import { ui, closePanel } from '../state/ui'
import { useCommandRegistry } from '../commands/registry'
import { useCommandContext } from '../commands/context'
import { shortcutKeys, shortcutLabel } from '../keys/shortcuts'
import { Keys, Modal } from './focus'
import { GRID_KEYS } from '../grid/keyboard'
import { focusedGrid } from '../grid/focused'

export const SCOPE_ORDER: readonly FocusScope[] = ['global', 'grid', 'form', 'scan', 'dialog', 'palette']

export interface KeymapGroup { scope: FocusScope; commands: CommandDef<any>[] }

/** The keymap, derived from the registry (pure: tested without a DOM). */
export function keymapGroups(registry: CommandRegistry, ctx: CommandContext, filter: string, translate: (key: string) => string): KeymapGroup[] {
  const f = filter.trim().toLowerCase()
  const groups = new Map<FocusScope, CommandDef<any>[]>()
  for (const def of registry.all()) {
    if (!def.shortcut || !shortcutLive(def, ctx)) continue // listed where it fires (e.g. a page's own keys only there)
    if (f && !translate(def.title).toLowerCase().includes(f) && !shortcutLabel(def.shortcut).toLowerCase().includes(f) && !def.id.toLowerCase().includes(f)) continue
    const scope = def.scope ?? 'global'
    groups.set(scope, [...(groups.get(scope) ?? []), def])
  }
  return SCOPE_ORDER.filter((s) => groups.has(s)).map((scope) => ({ scope, commands: groups.get(scope)! }))
}

export function KeymapHelp() {
  const { panel } = useSnapshot(ui)
  return panel === 'keymap' ? <KeymapDialog /> : null
}

function KeymapDialog() {
  const { t } = useTranslation()
  const registry = useCommandRegistry()
  const live = useCommandContext()
  // The keymap took the focus from the page's grid: its keys are still the ones the page answers to.
  const ctx = useMemo(() => (focusedGrid() && !live.scopes?.includes('grid') ? { ...live, scopes: [...(live.scopes ?? ['global']), 'grid' as FocusScope] } : live), [live])
  const [filter, setFilter] = useState('')
  const groups = useMemo(() => keymapGroups(registry, ctx, filter, (k) => t(k)), [registry, ctx, filter, t])
  // The grid's own keys (not commands) join the grid group — only where a grid is, as its commands.
  const f = filter.trim().toLowerCase()
  const gridKeys = !ctx.scopes?.includes('grid') ? [] : GRID_KEYS.filter((k) => !f || t(k.labelKey).toLowerCase().includes(f) || k.shortcuts.some((s) => shortcutLabel(s).toLowerCase().includes(f)))
  const shownGroups = gridKeys.length && !groups.some((g) => g.scope === 'grid')
    ? [...groups, { scope: 'grid' as FocusScope, commands: [] }].sort((a, b) => SCOPE_ORDER.indexOf(a.scope) - SCOPE_ORDER.indexOf(b.scope))
    : groups
  return (
    <Modal scope="dialog" labelledBy="keymap-title" testId="keymap-help" onEscape={closePanel} className="w-full max-w-2xl overflow-hidden rounded-lg bg-white shadow-2xl">
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 id="keymap-title" className="text-base font-semibold">{t('palette:keymap.title')}</h2>
        <button type="button" onClick={closePanel} className="rounded px-2 py-1 text-sm text-slate-600 hover:bg-slate-100" aria-label={t('palette:keymap.close')}>Esc</button>
      </div>
      <div className="px-4 pt-3">
        <input autoFocus value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={t('palette:keymap.search')} aria-label={t('palette:keymap.search')}
          data-testid="keymap-filter" className="w-full rounded border border-slate-300 px-3 py-1.5 text-sm outline-none focus:border-sky-500" />
      </div>
      <div className="max-h-[60vh] overflow-y-auto px-4 py-3">
        {!shownGroups.length && <p className="py-4 text-center text-sm text-slate-500">{t('palette:keymap.empty')}</p>}
        {shownGroups.map((g) => (
          <section key={g.scope} className="mb-3" data-testid={`keymap-scope-${g.scope}`}>
            <h3 className="mb-1 text-xs font-medium uppercase text-slate-500">{t(`palette:scopes.${g.scope}`)}</h3>
            <ul>
              {g.commands.map((c) => (
                <li key={c.id} className="flex items-center justify-between py-1 text-sm" data-testid={`keymap-${c.id}`}>
                  <span>{t(c.title)}</span>
                  <Keys caps={shortcutKeys(c.shortcut!)} />
                </li>
              ))}
              {g.scope === 'grid' && gridKeys.map((k) => (
                <li key={k.labelKey} className="flex items-center justify-between gap-3 py-1 text-sm" data-testid={`keymap-${k.labelKey}`}>
                  <span>{t(k.labelKey)}</span>
                  <Keys caps={k.shortcuts.flatMap((s) => shortcutKeys(s))} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Modal>
  )
}
