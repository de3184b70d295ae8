// System announcement dialog with its slide carousel, and the release-notice banner (spec section 4).
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react'
import { useSnapshot } from 'valtio'
import { useTranslation } from 'react-i18next'
import { ui } from '../../state/ui'
import { session } from '../../state/session'
import {
  notices, closeNotice, parseSlides, clampSlideIndex, stepSlide, slideColor, currentAnnouncement, currentRelease,
  isUnread, isAnnouncement, type Notice, type Slide,
} from './notices-model'
import { Modal, usePanel } from './ui-kit'

export const ANNOUNCEMENT_WIDTH = 960
export const CAROUSEL_HEIGHT = 280
export const SLIDE_IMAGE_HEIGHT = 250
export const RELEASE_BANNER_MS = 10_000

export function AnnouncementDialog() {
  const { t } = useTranslation()
  const panel = usePanel('announcement')
  const snap = useSnapshot(notices)
  const requested = panel.open ? panel.props.id : undefined
  // Opened explicitly (bell / command) → that one; otherwise the newest unread one once notices load.
  const notice = (requested !== undefined
    ? [...snap.unread, ...snap.list].find((n) => n.id === requested && isAnnouncement(n as Notice))
    : snap.loaded ? currentAnnouncement(snap.unread as readonly Notice[], snap.dismissed) : undefined) as Notice | undefined

  const close = () => {
    if (!notice) return
    notices.dismissed.push(notice.id)
    if (isUnread(notice)) void closeNotice(notice.id)
    panel.hide()
  }
  return (
    <Modal open={!!notice} onClose={close} dismissable={false} width={ANNOUNCEMENT_WIDTH} testId="announcement-dialog" title={notice?.noticeTitle || t('extras:notices.typeAnnouncement')}>
      {notice && (
        <>
          {notice.noticeContent && <p className="mb-3 whitespace-pre-wrap text-sm text-gray-700">{notice.noticeContent}</p>}
          <Carousel key={String(notice.id)} slides={parseSlides(notice.announceContent)} />
        </>
      )}
    </Modal>
  )
}

export function Carousel({ slides }: { slides: Slide[] }) {
  const { t } = useTranslation()
  const [raw, setIndex] = useState(0)
  const [viewing, setViewing] = useState<Slide | null>(null)
  // The rule of spec section 4: back to 0 when there are no slides or the index fell out of range.
  const index = clampSlideIndex(raw, slides.length)
  if (!slides.length) return null
  const go = (d: number) => setIndex((i) => stepSlide(i, d, slides.length))
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') { e.preventDefault(); go(-1) }
    else if (e.key === 'ArrowRight') { e.preventDefault(); go(1) }
  }
  const s = slides[index]
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={t('extras:announcement.carousel')}
      tabIndex={0}
      onKeyDown={onKey}
      data-testid="announcement-carousel"
      className="relative overflow-hidden rounded"
      style={{ height: CAROUSEL_HEIGHT, background: slideColor(index) }}
    >
      <div role="group" aria-roledescription="slide" aria-label={t('extras:announcement.slideOf', { index: index + 1, total: slides.length })} className="flex h-full items-center gap-6 px-14 text-white" data-slide-index={index}>
        {s.imageUrl && (
          <button type="button" onClick={() => setViewing(s)} aria-label={t('extras:announcement.viewImage')} className="shrink-0 rounded focus-visible:outline-white">
            <img src={s.imageUrl} alt={s.title} style={{ height: SLIDE_IMAGE_HEIGHT }} className="max-w-[420px] rounded object-contain" />
          </button>
        )}
        <div className="min-w-0">
          {s.title && <h3 className="mb-2 text-xl font-semibold">{s.title}</h3>}
          {s.description && <p className="whitespace-pre-wrap text-sm opacity-95">{s.description}</p>}
        </div>
      </div>
      {slides.length > 1 && (
        <>
          <button type="button" onClick={() => go(-1)} aria-label={t('extras:announcement.previous')} className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-black/30 px-3 py-1 text-xl text-white">‹</button>
          <button type="button" onClick={() => go(1)} aria-label={t('extras:announcement.next')} className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-black/30 px-3 py-1 text-xl text-white">›</button>
          <div className="absolute bottom-2 left-0 right-0 flex justify-center gap-2">
            {slides.map((_, i) => (
              <button key={i} type="button" aria-label={t('extras:announcement.goTo', { index: i + 1 })} aria-current={i === index} onClick={() => setIndex(i)} className={`h-1.5 w-6 rounded ${i === index ? 'bg-white' : 'bg-white/40'}`} />
            ))}
          </div>
        </>
      )}
      <ImageViewer slide={viewing} onClose={() => setViewing(null)} />
    </div>
  )
}

/** Full-size image of a slide; Escape or the close button returns to the announcement. */
function ImageViewer({ slide, onClose }: { slide: Slide | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal open={!!slide} onClose={onClose} width={1100} title={slide?.title || t('extras:announcement.viewImage')} testId="image-viewer">
      {slide && <img src={slide.imageUrl} alt={slide.title} className="mx-auto max-h-[75vh] max-w-full object-contain" />}
    </Modal>
  )
}

/** Dark banner for a ReleaseNotice with content; closable, gone after 10 s; only with showReleaseAlert. */
export function ReleaseBanner() {
  const { t } = useTranslation()
  const { settings, sidebarOpen, isMobile } = useSnapshot(ui)
  const snap = useSnapshot(notices)
  const release = currentRelease(snap.unread as readonly Notice[])
  const [hiddenId, setHiddenId] = useState<Notice['id'] | null>(null)
  const releaseId = release?.id
  // Once per release per user: a release already shown to this user (on an earlier load) stays away.
  // Read once per release when it first renders here, before the effect below marks it seen.
  const seenKey = releaseId === undefined ? '' : `wms:release-seen:${session.userId}:${String(releaseId)}`
  const seenBefore = useMemo(() => seenKey !== '' && readSeen(seenKey), [seenKey])
  const visible = releaseId !== undefined && settings.showReleaseAlert && hiddenId !== releaseId && !seenBefore
  useEffect(() => {
    if (!visible || releaseId === undefined) return
    try { localStorage.setItem(seenKey, '1') } catch { /* storage unavailable: shown again next load */ }
    const timer = setTimeout(() => setHiddenId(releaseId), RELEASE_BANNER_MS)
    return () => clearTimeout(timer)
  }, [visible, releaseId, seenKey])
  if (!visible || !release) return null
  // Over the page's bottom-left corner (issue 18): out of the header's flow, so nothing moves when it
  // appears or goes after sign-in, and clear of the tab bar, the switcher and the toasts (bottom right).
  // A status, never a focus target: the page's work keeps the focus.
  const left = sidebarOpen ? 264 + 16 : isMobile ? 16 : 54 + 16
  return (
    <div role="status" data-testid="release-banner" style={{ left }}
      className="no-print fixed bottom-4 z-40 flex max-w-md items-start gap-3 rounded-md bg-gray-900 px-4 py-2 text-sm text-white shadow-lg">
      <div>
        {release.noticeTitle && <div className="font-semibold">{release.noticeTitle}</div>}
        <div className="whitespace-pre-wrap opacity-90">{release.noticeContent}</div>
      </div>
      <button type="button" onClick={() => setHiddenId(release.id)} aria-label={t('extras:common.close')} className="rounded px-1 text-lg leading-none text-gray-300 hover:text-white">×</button>
    </div>
  )
}

function readSeen(key: string): boolean {
  try { return localStorage.getItem(key) === '1' } catch { return false }
}
