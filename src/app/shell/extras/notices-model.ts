// Notices (spec sections 3 and 4 "Session flow"): the notification service's data, the store the bell,
// the announcement dialog and the release banner share, and the pure carousel rules.
import { proxy } from 'valtio'
import { noticeApi } from '../../api/clients'
import { session } from '../../state/session'

export const NOTICE_TYPE = { ReleaseNotice: 1, SystemAnnouncement: 2 } as const
export const NOTICE_SOURCE = 'WMS'

export interface Notice {
  id: number | string
  noticeType: number
  noticeTitle?: string | null
  noticeContent?: string | null
  /** JSON string of slides [{imageUrl, title, description}] */
  announceContent?: string | null
  detailedLinks?: string | null
  effectiveBegin?: string | null
  createTime?: string | null
  /** Set once the reader has read (closed) it; unread while empty. */
  closeTime?: string | null
  noticeSource?: string
}

export interface Slide { imageUrl: string; title: string; description: string }

/** Backdrop colours cycled by the carousel slides (spec section 4). */
export const SLIDE_COLORS = ['#409EFF', '#00C292', '#804AFF', '#FFB22C'] as const

/** Slides from announceContent; anything that is not a JSON array of objects → no slides. */
export function parseSlides(announceContent: string | null | undefined): Slide[] {
  if (!announceContent || typeof announceContent !== 'string') return []
  let raw: unknown
  try { raw = JSON.parse(announceContent) } catch { return [] }
  if (!Array.isArray(raw)) return []
  return raw
    .filter((s): s is Record<string, unknown> => !!s && typeof s === 'object' && !Array.isArray(s))
    .map((s) => ({
      imageUrl: typeof s.imageUrl === 'string' ? s.imageUrl : '',
      title: typeof s.title === 'string' ? s.title : '',
      description: typeof s.description === 'string' ? s.description : '',
    }))
}

/** The carousel index to show: 0 when there are no slides or the index is out of range. */
export function clampSlideIndex(index: number, slideCount: number): number {
  if (slideCount <= 0 || !Number.isInteger(index) || index < 0 || index >= slideCount) return 0
  return index
}

/** Next/previous slide, wrapping around. */
export function stepSlide(index: number, delta: number, slideCount: number): number {
  if (slideCount <= 0) return 0
  return (((clampSlideIndex(index, slideCount) + delta) % slideCount) + slideCount) % slideCount
}

export function slideColor(index: number): string {
  return SLIDE_COLORS[((index % SLIDE_COLORS.length) + SLIDE_COLORS.length) % SLIDE_COLORS.length]
}

export const isUnread = (n: Notice) => !n.closeTime
export const isAnnouncement = (n: Notice) => Number(n.noticeType) === NOTICE_TYPE.SystemAnnouncement
export const isRelease = (n: Notice) => Number(n.noticeType) === NOTICE_TYPE.ReleaseNotice

/** The bell's dot: any system announcement still unread. */
export function hasUnreadAnnouncement(list: readonly Notice[]): boolean {
  return list.some((n) => isAnnouncement(n) && isUnread(n))
}

/** Request identity every notification call carries. */
export function noticeIdentity() {
  return { noticeSource: NOTICE_SOURCE, readerId: session.userId, userName: session.username }
}

export const notices = proxy({
  /** All notices of the reader (getAllNotice), newest first. */
  list: [] as Notice[],
  /** Unread notices (getNotice). */
  unread: [] as Notice[],
  loading: false,
  loaded: false,
  /** Announcement ids dismissed this session (closed by the reader, even if the call failed). */
  dismissed: [] as (number | string)[],
})

const byNewest = (a: Notice, b: Notice) => String(b.createTime ?? b.effectiveBegin ?? '').localeCompare(String(a.createTime ?? a.effectiveBegin ?? ''))

/**
 * Loads unread and all notices. A second call while one is loading is refused (returns false).
 * Failure is logged only and leaves the lists empty (spec section 8).
 */
export async function loadNotices(): Promise<boolean> {
  if (notices.loading) return false
  if (!session.userId) return false
  notices.loading = true
  try {
    const id = noticeIdentity()
    const [unread, all] = await Promise.all([
      noticeApi.post<Notice[] | null>('/noticeManage/getNotice', id, { silent: true }),
      noticeApi.post<Notice[] | null>('/noticeManage/getAllNotice', id, { silent: true }),
    ])
    notices.unread = Array.isArray(unread) ? [...unread].sort(byNewest) : []
    notices.list = Array.isArray(all) ? [...all].sort(byNewest) : []
  } catch (e) {
    console.error('[notices] fetch failed', e)
    notices.unread = []
    notices.list = []
  } finally {
    notices.loading = false
    notices.loaded = true
  }
  return true
}

function markLocallyClosed(id: Notice['id']) {
  const now = new Date().toISOString()
  for (const n of notices.list) if (n.id === id && !n.closeTime) n.closeTime = now
  notices.unread = notices.unread.filter((n) => n.id !== id)
}

/** Marks one notice read (closeNotice with id and identity). */
export async function closeNotice(id: Notice['id']): Promise<void> {
  markLocallyClosed(id)
  try {
    await noticeApi.post('/noticeManage/closeNotice', { id, ...noticeIdentity() }, { silent: true })
  } catch (e) {
    console.error('[notices] closeNotice failed', e)
  }
}

/** 'Mark all as read' (allRead), then reloads the lists. */
export async function markAllRead(): Promise<void> {
  await noticeApi.post('/noticeManage/allRead', noticeIdentity(), { silent: true })
  for (const n of notices.list) n.closeTime ??= new Date().toISOString()
  notices.unread = []
  await loadNotices()
}

/** The announcement the dialog shows: the newest unread system announcement not dismissed. */
export function currentAnnouncement(unread: readonly Notice[], dismissed: readonly (number | string)[]): Notice | undefined {
  return unread.find((n) => isAnnouncement(n) && !dismissed.includes(n.id))
}

/** The release notice the banner shows: newest unread ReleaseNotice with content. */
export function currentRelease(unread: readonly Notice[]): Notice | undefined {
  return unread.find((n) => isRelease(n) && !!n.noticeContent?.trim())
}
