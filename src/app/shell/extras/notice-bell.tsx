// Notification bell (spec sections 2 and 4): 540 px popover over the reader's notices, a dot while a
// system announcement is unread, keyboard operable (arrows move, Enter opens, Esc closes).
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useSnapshot } from 'valtio'
import { useTranslation } from 'react-i18next'
import { session } from '../../state/session'
import { ui, openPanel, closePanel } from '../../state/ui'
import { relativeTime } from '../../../domain/format'
import { notices, loadNotices, closeNotice, markAllRead, hasUnreadAnnouncement, isAnnouncement, isUnread, type Notice } from './notices-model'
import { usePanel, btn } from './ui-kit'

export const NOTICE_POPOVER_WIDTH = 540

/** Opens a notice: a link marks it read and opens in a new tab; an announcement opens its dialog. */
export async function activateNotice(n: Notice): Promise<'link' | 'announcement' | 'none'> {
  if (n.detailedLinks) {
    // Open first (still inside the user gesture, so popup blockers allow it), then mark read.
    window.open(n.detailedLinks, '_blank', 'noopener,noreferrer')
    await closeNotice(n.id)
    return 'link'
  }
  if (isAnnouncement(n)) {
    openPanel('announcement', { id: n.id })
    return 'announcement'
  }
  return 'none'
}

export function NoticeBell() {
  const { t } = useTranslation()
  const panel = usePanel('notices')
  const snap = useSnapshot(notices)
  const { userId } = useSnapshot(session)
  const wrap = useRef<HTMLDivElement>(null)
  const bell = useRef<HTMLButtonElement>(null)
  const items = useRef<(HTMLButtonElement | null)[]>([])
  const [active, setActive] = useState(0)
  const [expanded, setExpanded] = useState<Notice['id'] | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => { if (userId) void loadNotices() }, [userId])
  // Each opening refreshes; loadNotices itself refuses a second fetch while one is running.
  useEffect(() => {
    if (!panel.open) return
    void loadNotices()
    const frame = requestAnimationFrame(() => {
      setActive(0)
      ;(items.current[0] ?? wrap.current?.querySelector<HTMLElement>('[data-notice-panel]'))?.focus()
    })
    return () => cancelAnimationFrame(frame)
  }, [panel.open])
  useEffect(() => {
    if (!panel.open) return
    const onDown = (e: MouseEvent) => { if (wrap.current && !wrap.current.contains(e.target as Node) && ui.panel === 'notices') closePanel() }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [panel.open])

  const list = snap.list as readonly Notice[]
  const dot = hasUnreadAnnouncement(list) || hasUnreadAnnouncement(snap.unread as readonly Notice[])
  const unreadCount = list.filter(isUnread).length

  const close = () => { panel.hide(); bell.current?.focus() }
  const move = (i: number) => {
    if (!list.length) return
    const n = (i + list.length) % list.length
    setActive(n)
    items.current[n]?.focus()
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close() }
    else if (e.key === 'ArrowDown') { e.preventDefault(); move(active + 1) }
    else if (e.key === 'ArrowUp') { e.preventDefault(); move(active - 1) }
    else if (e.key === 'Home') { e.preventDefault(); move(0) }
    else if (e.key === 'End') { e.preventDefault(); move(list.length - 1) }
  }
  const open = async (n: Notice) => {
    const r = await activateNotice(n)
    if (r === 'none') setExpanded((x) => (x === n.id ? null : n.id))
    else panel.hide()
  }
  const allRead = async () => {
    if (busy) return
    setBusy(true)
    try { await markAllRead() } catch (e) { console.error('[notices] allRead failed', e) } finally { setBusy(false) }
  }

  return (
    <div ref={wrap} className="relative">
      <button
        ref={bell}
        type="button"
        className={btn.icon}
        aria-label={dot ? t('extras:notices.bellUnread') : t('extras:notices.bell')}
        aria-expanded={panel.open}
        aria-haspopup="dialog"
        data-testid="notice-bell"
        data-loaded={snap.loaded ? 'true' : undefined}
        onClick={panel.toggle}
      >
        <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2"><path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" /><path d="M13.7 21a2 2 0 0 1-3.4 0" /></svg>
        {dot && <span data-testid="notice-dot" className="absolute right-1.5 top-1.5 h-2 w-2 rounded-full bg-red-500" />}
      </button>
      {panel.open && (
        <div
          data-notice-panel
          role="dialog"
          aria-label={t('extras:notices.title')}
          tabIndex={-1}
          onKeyDown={onKey}
          style={{ width: NOTICE_POPOVER_WIDTH }}
          className="absolute right-0 top-full z-40 mt-2 max-w-[95vw] rounded-md border border-gray-200 bg-white shadow-lg"
        >
          <div className="flex items-center justify-between border-b border-gray-100 px-4 py-2">
            <span className="font-semibold">{t('extras:notices.title')}</span>
            <button type="button" className="text-sm text-[var(--theme)] disabled:text-gray-400" disabled={!unreadCount || busy} onClick={allRead}>
              {t('extras:notices.markAllRead')}
            </button>
          </div>
          {snap.loading && !list.length ? (
            <p className="px-4 py-6 text-center text-sm text-gray-500">{t('extras:common.loading')}</p>
          ) : !list.length ? (
            <p className="px-4 py-6 text-center text-sm text-gray-500">{t('extras:notices.empty')}</p>
          ) : (
            <ul aria-label={t('extras:notices.title')} className="max-h-[60vh] overflow-y-auto">
              {list.map((n, i) => {
                const when = relativeTime(n.createTime ?? n.effectiveBegin ?? '')
                const unread = isUnread(n)
                return (
                  <li key={n.id}>
                    <button
                      ref={(el) => { items.current[i] = el }}
                      type="button"
                      // Roving tab stop: Tab leaves the list, arrows move within it.
                      tabIndex={i === active ? 0 : -1}
                      onFocus={() => setActive(i)}
                      onClick={() => void open(n)}
                      data-testid="notice-item"
                      className="block w-full border-b border-gray-50 px-4 py-2 text-left hover:bg-gray-50 focus:bg-blue-50"
                    >
                      <span className="flex items-center gap-2">
                        {unread && <span className="h-2 w-2 shrink-0 rounded-full bg-red-500" aria-label={t('extras:notices.unread')} />}
                        <span className={`rounded px-1.5 text-xs ${isAnnouncement(n) ? 'bg-orange-100 text-orange-700' : 'bg-blue-100 text-blue-700'}`}>
                          {t(isAnnouncement(n) ? 'extras:notices.typeAnnouncement' : 'extras:notices.typeRelease')}
                        </span>
                        <span className={`flex-1 truncate ${unread ? 'font-semibold' : 'text-gray-600'}`}>{n.noticeTitle || t('extras:notices.untitled')}</span>
                        {when && <span className="shrink-0 text-xs text-gray-400">{t(when.key, when.params)}</span>}
                      </span>
                      {n.noticeContent && (
                        <span className={`mt-1 block text-sm text-gray-500 ${expanded === n.id ? 'whitespace-pre-wrap' : 'line-clamp-2'}`}>{n.noticeContent}</span>
                      )}
                      {n.detailedLinks && <span className="mt-1 block text-xs text-[var(--theme)]">{t('extras:notices.openLink')}</span>}
                    </button>
                  </li>
                )
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}
