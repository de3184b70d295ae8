// The command palette ($mod+k): every command the user may run here, ranked with fuse.js (cmdk's own
// filtering is off), recent first, grouped by section, each with its shortcut; disabled ones greyed
// with their reason. Also the "go to document" mode ('#' prefix or shell.goToDocument), the screens
// only mode, and the pickers commands ask for (prompts). A query shaped like a document number
// (./documents.ts) typed in the commands mode without '#' searches the documents too: their hits come
// first, above the commands, so Enter opens the document — and Enter pressed before the answer is in
// (a scanner's Enter) opens the first hit as soon as it arrives.
import { useEffect, useMemo, useRef } from 'react'
import { Command } from 'cmdk'
import { useSnapshot } from 'valtio'
import { useTranslation } from 'react-i18next'
import { commandEnabled, commandVisible, shortcutLive } from '../../domain/commands'
import { reasonLabel } from '../commands/reason'
import { ui } from '../state/ui'
import { useCommandRegistry } from '../commands/registry'
import { useCommandContext } from '../commands/context'
import { runCommand, getRuntime } from '../commands/run'
import { answerPrompt, interaction, type PromptRequest } from '../commands/interaction'
import { shortcutKeys } from '../keys/shortcuts'
import { listPalette, paletteIndexFor, entryLabel, type PaletteRow } from './model'
import { Keys, Modal } from './focus'
import { loadScreenNamespaces } from '../i18n'
import { looksLikeDocumentNumber, useDocumentKinds, useDocumentSearch, type DocumentHit, type DocumentSearch } from './documents'

export { DOCUMENT_DEBOUNCE_MS, type DocumentHit } from './documents'

export type PaletteMode = 'commands' | 'documents' | 'menu'

/** Opens the palette (the 'palette.open' shell effect); the same mode again closes it. */
export function openPalette(mode: PaletteMode = 'commands'): void {
  if (ui.paletteOpen && ui.paletteMode === mode && !interaction.prompt) {
    closePalette()
    return
  }
  ui.paletteMode = mode
  ui.paletteQuery = ''
  ui.paletteOpen = true
  // A command run from here may be away from its page: its screen-only strings come along (small, once).
  void loadScreenNamespaces()
}

export function closePalette(): void {
  if (interaction.prompt) answerPrompt(undefined)
  ui.paletteOpen = false
  ui.paletteQuery = ''
  ui.paletteMode = 'commands'
}

export function CommandPalette() {
  const { paletteOpen } = useSnapshot(ui)
  return paletteOpen ? <PaletteDialog /> : null
}

function PaletteDialog() {
  const { t } = useTranslation()
  const u = useSnapshot(ui)
  const { prompt } = useSnapshot(interaction)
  const query = u.paletteQuery
  const documents = !prompt && (u.paletteMode === 'documents' || query.startsWith('#'))
  const placeholder = prompt ? t(prompt.titleKey) : documents ? t('palette:placeholderDocuments') : u.paletteMode === 'menu' ? t('palette:placeholderMenu') : t('palette:placeholder')

  return (
    <Modal scope="palette" labelledBy="palette-title" testId="command-palette" onEscape={closePalette}>
      <h2 id="palette-title" className="sr-only">{t('palette:title')}</h2>
      <Command shouldFilter={false} loop vimBindings={false} label={t('palette:title')}
        onKeyDown={(e) => {
          // Backspace on an empty query leaves the documents/menu mode for the full list.
          if (e.key === 'Backspace' && !query && u.paletteMode !== 'commands' && !prompt) ui.paletteMode = 'commands'
        }}>
        <Command.Input autoFocus value={query} onValueChange={(v) => { ui.paletteQuery = v }} placeholder={placeholder}
          aria-label={placeholder} data-testid="palette-input" className="w-full border-b border-slate-200 px-4 py-3 text-base outline-none" />
        <Command.List className="max-h-[60vh] overflow-y-auto p-2" data-testid="palette-list">
          {prompt ? <PromptList prompt={prompt as PromptRequest} query={query} />
            : documents ? <DocumentList query={query.replace(/^#/, '').trim()} />
            : <CommandList query={query} mode={u.paletteMode === 'menu' ? 'menu' : 'commands'} recent={u.recentCommands} />}
        </Command.List>
        <div className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">{t('palette:hint')}</div>
      </Command>
    </Modal>
  )
}

function CommandList({ query, mode, recent }: { query: string; mode: 'commands' | 'menu'; recent: readonly string[] }) {
  const { t, i18n } = useTranslation()
  const kinds = useDocumentKinds()
  const prefixes = useMemo(() => kinds.flatMap((k) => k.prefixes), [kinds])
  // A number typed without '#': its documents first (no request for ordinary words).
  const number = mode === 'commands' && looksLikeDocumentNumber(query, prefixes) ? query.trim() : null
  const docs = useDocumentSearch(number)
  const registry = useCommandRegistry()
  const ctx = useCommandContext()
  const index = useMemo(() => paletteIndexFor(registry, ctx, i18n.language, (k) => t(k)), [registry, ctx, i18n.language, t])
  // Visibility against the live context, once per context change (not per keystroke).
  const visible = useMemo(() => {
    const ids = new Set<string>()
    for (const e of index.entries) if (commandVisible(e.def, ctx)) ids.add(e.id)
    return ids
  }, [index, ctx])
  const listing = useMemo(
    () => listPalette(index, query, { visible: (e) => visible.has(e.id), enabled: (e) => commandEnabled(e.def, ctx), recent, mode, ctx }),
    [index, query, visible, ctx, recent, mode],
  )
  const run = (row: PaletteRow) => {
    if (row.enabled !== true) return
    closePalette()
    void runCommand(row.entry.def)
  }
  if (!listing.shown && !number) return <Command.Empty className="px-3 py-6 text-center text-sm text-slate-500">{t('palette:empty')}</Command.Empty>
  return (
    <>
      {number && <DocumentHits query={number} search={docs} inline />}
      {listing.groups.map((g) => (
        <Command.Group key={g.id} heading={t(g.heading)} className="mb-1 text-xs font-medium text-slate-500 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1">
          {g.rows.map((row) => (
            <Command.Item key={row.entry.id} value={`${g.id}:${row.entry.id}`} disabled={row.enabled !== true} onSelect={() => run(row)}
              data-testid={`palette-item-${row.entry.id}`} aria-disabled={row.enabled !== true}
              className="flex cursor-pointer items-center justify-between gap-3 rounded px-3 py-2 text-sm text-slate-800 data-[selected=true]:bg-sky-50 data-[disabled=true]:cursor-default data-[disabled=true]:text-slate-400">
              <span className="min-w-0 flex-1 truncate">
                {entryLabel(row.entry)}
                {row.enabled !== true && <span className="ml-2 text-xs text-slate-400" data-testid="palette-reason">{t('palette:disabledReason', { reason: reasonLabel(row.enabled) })}</span>}
              </span>
              {/* Its keys only where they fire (a page's own keys on that page). */}
              {row.entry.shortcut && shortcutLive(row.entry.def, ctx) && <Keys caps={shortcutKeys(row.entry.shortcut)} />}
            </Command.Item>
          ))}
        </Command.Group>
      ))}
      {listing.total > listing.shown && <div className="px-3 py-2 text-xs text-slate-400">{t('palette:more', { count: listing.total - listing.shown })}</div>}
    </>
  )
}

function DocumentList({ query }: { query: string }) {
  const { t } = useTranslation()
  const search = useDocumentSearch(query || null)
  const kinds = useDocumentKinds().filter((k) => k.group === 'document' && k.prefixes.length)
  if (!query) {
    return (
      <div className="px-3 py-6 text-center text-sm text-slate-500">
        <p>{t('palette:documents.typeMore')}</p>
        {kinds.length > 0 && <p className="mt-2 text-xs text-slate-400" data-testid="palette-doc-kinds">{kinds.map((k) => `${k.prefixes.join('/')} ${k.title}`).join(' · ')}</p>}
      </div>
    )
  }
  return <DocumentHits query={query} search={search} />
}

/**
 * The hits of one document search. While the answer is on its way a "searching" row stands first and
 * takes Enter: the first hit opens when it arrives (a scanned number and its Enter come at once).
 * `inline`: above the commands (a number typed without '#'), where "no document" is a quiet line.
 */
function DocumentHits({ query, search, inline = false }: { query: string; search: DocumentSearch; inline?: boolean }) {
  const { t } = useTranslation()
  const openWhenReady = useRef<string | null>(null)
  const open = (hit: DocumentHit) => {
    closePalette()
    getRuntime().navigate(hit.path)
  }
  const first = search.status === 'done' ? search.hits[0] : undefined
  useEffect(() => {
    if (search.status === 'pending' || search.status === 'idle') return
    const wanted = openWhenReady.current === query
    openWhenReady.current = null
    if (wanted && first) open(first)
  }, [search, query, first]) // eslint-disable-line react-hooks/exhaustive-deps
  const quiet = `px-3 ${inline ? 'py-2 text-left text-xs' : 'py-6 text-center text-sm'} text-slate-500`
  if (search.status === 'error') return <div className={`${quiet} text-red-600`} role="alert">{search.message ?? t('palette:documents.error')}</div>
  if (search.status !== 'done') {
    return (
      <Command.Item value={`doc-pending:${inline ? 'inline' : 'mode'}`} onSelect={() => { openWhenReady.current = query }} data-testid="palette-doc-pending"
        className="flex cursor-pointer items-center gap-3 rounded px-3 py-2 text-sm text-slate-500 data-[selected=true]:bg-sky-50">
        <span aria-live="polite">{t('palette:documents.searchingFor', { query })}</span>
      </Command.Item>
    )
  }
  if (!search.hits.length) return <div className={quiet} data-testid="palette-doc-empty">{t(inline ? 'palette:documents.emptyInline' : 'palette:documents.empty', { query })}</div>
  return (
    <Command.Group heading={t('palette:documents.heading')} className="mb-1 text-xs font-medium text-slate-500 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1">
      {search.hits.map((h) => (
        <Command.Item key={`${h.type}:${h.id}`} value={`doc:${h.type}:${h.id}`} onSelect={() => open(h)} data-testid={`palette-doc-${h.type}-${h.id}`}
          className="flex cursor-pointer items-center justify-between gap-3 rounded px-3 py-2 text-sm font-normal text-slate-800 data-[selected=true]:bg-sky-50">
          <span className="min-w-0 flex-1 truncate"><span className="font-mono">{h.number}</span> <span className="text-slate-600">{h.title}</span></span>
          {h.typeTitle && <span className="text-xs text-slate-500">{h.typeTitle}</span>}
        </Command.Item>
      ))}
    </Command.Group>
  )
}

function PromptList({ prompt, query }: { prompt: PromptRequest; query: string }) {
  const { t } = useTranslation()
  const choose = (value: unknown) => {
    answerPrompt(value)
    closePalette()
  }
  if (prompt.freeText) {
    const value = query.trim()
    // A required question offers nothing to submit until something is typed; an optional one takes ''.
    if (!value && !prompt.optional) return <div className="px-3 py-6 text-center text-sm text-slate-500">{t('palette:prompt.typeValue')}</div>
    return (
      <Command.Item value="prompt-text" onSelect={() => choose(value)} data-testid="palette-prompt-submit" className="rounded px-3 py-2 text-sm data-[selected=true]:bg-sky-50">
        {value ? t('palette:prompt.submit', { value }) : t('palette:prompt.submitEmpty')}
      </Command.Item>
    )
  }
  const q = query.trim().toLowerCase()
  const options = prompt.options.filter((o) => !q || o.label.toLowerCase().includes(q) || (o.hint ?? '').toLowerCase().includes(q))
  if (!options.length) return <Command.Empty className="px-3 py-6 text-center text-sm text-slate-500">{t('palette:empty')}</Command.Empty>
  return (
    <>
      {options.map((o, i) => (
        <Command.Item key={i} value={`option-${prompt.options.indexOf(o)}`} onSelect={() => choose(o.value)} data-testid={`palette-option-${prompt.options.indexOf(o)}`}
          className="flex cursor-pointer items-center justify-between gap-3 rounded px-3 py-2 text-sm data-[selected=true]:bg-sky-50">
          <span>{o.label}</span>
          <span className="text-xs text-slate-400">{o.current ? t('palette:prompt.current') : o.hint}</span>
        </Command.Item>
      ))}
    </>
  )
}
