// Column settings of one grid: visibility, order and width, operable by keyboard — Tab through the
// rows, Space toggles a checkbox, Alt+↑/↓ moves the focused column, + / − change its width by 10 px.
// Saved per user (tableKey = gridId); Esc cancels.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { useFocusScope } from '../palette'
import { clampWidth, defaultConfig } from './query'
import type { ColumnConfig, GridColumn } from './types'

export interface ColumnSettingsDialogProps {
  open: boolean
  columns: readonly GridColumn<any>[]
  config: ColumnConfig
  saving?: boolean
  onClose(): void
  onSave(config: ColumnConfig): void
}

export function ColumnSettingsDialog(props: ColumnSettingsDialogProps) {
  useFocusScope('dialog', props.open)
  return (
    <Dialog open={props.open} onClose={props.onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        {/* Mounted only while open, so each opening starts from the saved configuration. */}
        {props.open && <SettingsPanel {...props} />}
      </div>
    </Dialog>
  )
}

function SettingsPanel({ columns, config, saving, onClose, onSave }: ColumnSettingsDialogProps) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(config)
  const [error, setError] = useState<string | null>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const refocus = useRef<string | null>(null)
  // After a move, keep focus on the moved column's checkbox.
  useEffect(() => {
    const id = refocus.current
    if (!id) return
    refocus.current = null
    listRef.current?.querySelector<HTMLInputElement>(`input[data-col="${CSS.escape(id)}"]`)?.focus()
  }, [draft])

  const byId = new Map(columns.map((c) => [c.id, c]))
  const update = (id: string, patch: Partial<ColumnConfig['columns'][number]>) =>
    setDraft((d) => ({ ...d, columns: d.columns.map((c) => (c.id === id ? { ...c, ...patch } : c)) }))
  const move = (id: string, delta: -1 | 1) => setDraft((d) => {
    const i = d.columns.findIndex((c) => c.id === id)
    const j = i + delta
    if (i < 0 || j < 0 || j >= d.columns.length) return d
    const next = [...d.columns]
    ;[next[i], next[j]] = [next[j], next[i]]
    return { ...d, columns: next }
  })
  const onRowKey = (e: KeyboardEvent, id: string, width: number) => {
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault()
      move(id, e.key === 'ArrowUp' ? -1 : 1)
      refocus.current = id
    } else if ((e.key === '+' || e.key === '-') && (e.target as HTMLInputElement).type !== 'number') {
      // In the width box itself +/- are typed characters; elsewhere on the row they resize.
      e.preventDefault()
      update(id, { width: clampWidth(width + (e.key === '-' ? -10 : 10)) })
    }
  }
  const submit = () => {
    if (!draft.columns.some((c) => c.visible)) { setError(t('grid:columns.atLeastOne')); return }
    onSave(draft)
  }

  return (
        <DialogPanel className="w-[520px] max-h-[80vh] overflow-auto rounded bg-white p-4 shadow-xl" data-testid="column-settings">
          <DialogTitle className="text-base font-semibold">{t('grid:columns.title')}</DialogTitle>
          <p className="mt-1 text-xs text-gray-500">{t('grid:columns.hint')}</p>
          <ul ref={listRef} className="mt-3 divide-y border rounded" aria-label={t('grid:columns.title')}>
            {draft.columns.map((c, i) => {
              const col = byId.get(c.id)
              if (!col) return null
              const title = t(col.titleKey)
              const width = c.width ?? 160
              return (
                <li key={c.id} className="flex items-center gap-2 px-2 py-1 text-sm" onKeyDown={(e) => onRowKey(e, c.id, width)} data-testid={`column-row-${c.id}`}>
                  <input
                    type="checkbox" data-col={c.id} checked={c.visible} disabled={col.hideable === false}
                    aria-label={t('grid:columns.visible', { column: title })}
                    onChange={(e) => update(c.id, { visible: e.target.checked })}
                  />
                  <span className="flex-1 truncate">{title}</span>
                  <button type="button" className="px-1 disabled:opacity-30" aria-label={`${t('grid:columns.moveUp')}: ${title}`} disabled={i === 0} onClick={() => move(c.id, -1)}>↑</button>
                  <button type="button" className="px-1 disabled:opacity-30" aria-label={`${t('grid:columns.moveDown')}: ${title}`} disabled={i === draft.columns.length - 1} onClick={() => move(c.id, 1)}>↓</button>
                  <label className="flex items-center gap-1 text-xs text-gray-500">
                    <span className="sr-only">{`${t('grid:columns.width')}: ${title}`}</span>
                    <input
                      type="number" className="w-16 border rounded px-1" min={48} max={800} step={10} value={width}
                      aria-label={`${t('grid:columns.width')}: ${title}`}
                      onChange={(e) => { const n = Number(e.target.value); if (Number.isFinite(n) && n > 0) update(c.id, { width: n }) }}
                      onBlur={(e) => update(c.id, { width: clampWidth(Number(e.target.value) || width) })}
                    />
                  </label>
                </li>
              )
            })}
          </ul>
          {error && <p role="alert" className="mt-2 text-sm text-red-600">{error}</p>}
          <div className="mt-4 flex justify-between gap-2">
            <button type="button" className="px-3 py-1 border rounded" onClick={() => setDraft(defaultConfig(columns))}>{t('grid:columns.reset')}</button>
            <div className="flex gap-2">
              <button type="button" className="px-3 py-1 border rounded" onClick={onClose}>{t('common:cancel')}</button>
              <button type="button" className="px-3 py-1 rounded bg-[var(--theme,#1890ff)] text-white disabled:opacity-50" disabled={saving} onClick={submit} data-testid="column-settings-save">{t('grid:columns.save')}</button>
            </div>
          </div>
        </DialogPanel>
  )
}
