// @vitest-environment happy-dom
// Notices (spec section 4): carousel index rules and slide parsing (pure), then the bell, the
// announcement dialog and the release banner against the real notification service of an in-process API.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { act } from 'react'
import type { Root } from 'react-dom/client'
import type { TestApp } from '../helpers/app'
import { session } from '../../src/app/state/session'
import { ui, openPanel } from '../../src/app/state/ui'
import { NoticeBell, AnnouncementDialog, ReleaseBanner, VersionBanner } from '../../src/app/shell/extras'
import { Carousel } from '../../src/app/shell/extras/announcement'
import {
  notices, loadNotices, parseSlides, clampSlideIndex, stepSlide, slideColor, SLIDE_COLORS, hasUnreadAnnouncement,
  currentAnnouncement, currentRelease, type Notice,
} from '../../src/app/shell/extras/notices-model'
import { startApi, signIn, type Api, type Sent } from '../helpers/bridge'
import { flush, waitFor, press, newRoot, renderInto } from '../helpers/dom'

describe('carousel rules (pure)', () => {
  it('index resets to 0 when there are no slides or it is out of range', () => {
    expect(clampSlideIndex(0, 0)).toBe(0)
    expect(clampSlideIndex(3, 0)).toBe(0)
    expect(clampSlideIndex(2, 2)).toBe(0)
    expect(clampSlideIndex(-1, 3)).toBe(0)
    expect(clampSlideIndex(1.5, 3)).toBe(0)
    expect(clampSlideIndex(NaN, 3)).toBe(0)
    expect(clampSlideIndex(1, 2)).toBe(1)
  })
  it('steps wrap around in both directions', () => {
    expect(stepSlide(0, 1, 3)).toBe(1)
    expect(stepSlide(2, 1, 3)).toBe(0)
    expect(stepSlide(0, -1, 3)).toBe(2)
    expect(stepSlide(7, 1, 3)).toBe(1) // out of range → 0, then +1
    expect(stepSlide(0, 1, 0)).toBe(0)
  })
  it('backdrop colours cycle #409EFF, #00C292, #804AFF, #FFB22C', () => {
    expect([0, 1, 2, 3, 4, 5].map(slideColor)).toEqual(['#409EFF', '#00C292', '#804AFF', '#FFB22C', '#409EFF', '#00C292'])
    expect(SLIDE_COLORS).toHaveLength(4)
  })
  it('slides come from the announceContent JSON string; bad JSON or wrong shapes give no slides', () => {
    expect(parseSlides('[{"imageUrl":"/a.png","title":"A","description":"d"},{"title":"B"}]')).toEqual([
      { imageUrl: '/a.png', title: 'A', description: 'd' }, { imageUrl: '', title: 'B', description: '' },
    ])
    expect(parseSlides('{not json')).toEqual([])
    expect(parseSlides('{"imageUrl":"/a.png"}')).toEqual([])
    expect(parseSlides('[1, null, "x", [2]]')).toEqual([])
    expect(parseSlides(null)).toEqual([])
    expect(parseSlides('')).toEqual([])
  })
  it('dot only while a system announcement is unread; current announcement/release selection', () => {
    const ann: Notice = { id: 1, noticeType: 2, closeTime: null }
    const rel: Notice = { id: 2, noticeType: 1, noticeContent: 'v5.11.4 is out', closeTime: null }
    const relEmpty: Notice = { id: 3, noticeType: 1, noticeContent: '  ', closeTime: null }
    expect(hasUnreadAnnouncement([ann, rel])).toBe(true)
    expect(hasUnreadAnnouncement([{ ...ann, closeTime: '2026-01-01' }, rel])).toBe(false)
    expect(currentAnnouncement([rel, ann], [])).toBe(ann)
    expect(currentAnnouncement([rel, ann], [1])).toBeUndefined()
    expect(currentRelease([relEmpty, rel])).toBe(rel)
    expect(currentRelease([relEmpty])).toBeUndefined()
  })
})

let t: TestApp
let sent: Sent[]
let root: Root
const q = (sel: string) => document.querySelector(sel) as HTMLElement | null
const render = async (el: React.ReactNode) => {
  ;({ root } = newRoot())
  await renderInto(root, el)
}

let api: Api
beforeAll(async () => {
  // Deployed as a newer version than this build, for the version-banner check at the end.
  api = await startApi({ version: '99.0.0' })
  ;({ t, sent } = api)
})
afterAll(async () => {
  await act(async () => root?.unmount())
  await api?.close()
})

describe('Carousel (DOM)', () => {
  it('arrow keys move between slides, colours follow the index, the image button opens the viewer', async () => {
    const slides = parseSlides(JSON.stringify([{ imageUrl: '/1.png', title: 'One' }, { imageUrl: '/2.png', title: 'Two' }, { imageUrl: '/3.png', title: 'Three' }]))
    await render(<Carousel slides={slides} />)
    const region = q('[data-testid="announcement-carousel"]')!
    expect(region.style.height).toBe('280px')
    expect(region.querySelector('img')!.style.height).toBe('250px')
    const shown = () => region.querySelector('h3')!.textContent
    expect(shown()).toBe('One')
    await press(region, 'ArrowRight')
    expect(shown()).toBe('Two')
    expect(region.style.background.toLowerCase()).toMatch(/#00c292|rgb\(0, 194, 146\)/)
    await press(region, 'ArrowLeft')
    await press(region, 'ArrowLeft')
    expect(shown()).toBe('Three')
    await act(async () => { (region.querySelector('button img')!.parentElement as HTMLButtonElement).click() })
    await waitFor(() => q('[data-testid="image-viewer"]'), 'image viewer')
    expect(q('[data-testid="image-viewer"] img')!.getAttribute('src')).toBe('/3.png')
    await act(async () => root.unmount())
  })
})

describe('notices against the notification service', () => {
  it('loads notices, shows the dot and the 960 px announcement that Escape cannot close; its close button marks it read', async () => {
    await signIn(t, 'picker')
    ui.settings.showReleaseAlert = true
    await render(<><NoticeBell /><AnnouncementDialog /><ReleaseBanner /></>)
    const dlg = await waitFor(() => q('[data-testid="announcement-dialog"]'), 'announcement dialog')
    expect(dlg.style.width).toBe('960px')
    expect(q('[data-testid="notice-dot"]')).not.toBeNull()
    expect(dlg.querySelectorAll('[aria-roledescription="slide"]').length).toBe(1)
    expect(dlg.querySelector('[data-testid="announcement-carousel"]')).not.toBeNull()
    // The release notice with content shows the dark banner.
    expect(q('[data-testid="release-banner"]')?.className).toContain('bg-gray-900')

    // Escape does not close it.
    await press(dlg, 'Escape')
    await flush(50)
    expect(q('[data-testid="announcement-dialog"]')).not.toBeNull()

    const annId = notices.unread.find((n) => n.noticeType === 2)!.id
    sent.length = 0
    await act(async () => { (dlg.querySelector('button[aria-label="Close"]') as HTMLButtonElement).click() })
    await waitFor(() => !q('[data-testid="announcement-dialog"]'), 'dialog closed')
    await waitFor(() => sent.some((s) => s.path === '/notice-api/noticeManage/closeNotice' && s.status === 200), 'closeNotice answered')
    const call = sent.find((s) => s.path === '/notice-api/noticeManage/closeNotice')!
    expect(JSON.parse(call.body)).toEqual({ id: annId, noticeSource: 'WMS', readerId: session.userId, userName: 'picker' })
    expect(q('[data-testid="notice-dot"]')).toBeNull()

    // The server agrees: a fresh load no longer lists it unread, and the dialog stays closed.
    await act(async () => { await loadNotices() })
    expect(notices.unread.some((n) => n.id === annId)).toBe(false)
    expect(notices.list.find((n) => n.id === annId)?.closeTime).toBeTruthy()
    expect(q('[data-testid="announcement-dialog"]')).toBeNull()
  })

  it('a second fetch while one is loading is refused', async () => {
    sent.length = 0
    let a!: Promise<boolean>, b!: Promise<boolean>
    await act(async () => { a = loadNotices(); b = loadNotices(); await Promise.all([a, b]) })
    expect(await a).toBe(true)
    expect(await b).toBe(false)
    expect(sent.filter((s) => s.path === '/notice-api/noticeManage/getAllNotice')).toHaveLength(1)
  })

  it('the bell popover is 540 px, keyboard navigable, Esc closes it, and "Mark all as read" clears unread on the server', async () => {
    await act(async () => openPanel('notices'))
    const panel = await waitFor(() => q('[data-notice-panel]'), 'popover')
    expect(panel.style.width).toBe('540px')
    const items = await waitFor(() => { const x = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="notice-item"]')]; return x.length >= 2 && x }, 'items')
    await flush(30)
    items[0].focus()
    await press(items[0], 'ArrowDown')
    expect(document.activeElement).toBe(items[1])
    await press(items[1], 'ArrowUp')
    expect(document.activeElement).toBe(items[0])
    await press(items[0], 'ArrowUp') // wraps to the last
    expect(document.activeElement).toBe(items[items.length - 1])

    sent.length = 0
    const markAll = [...panel.querySelectorAll('button')].find((b) => b.textContent === 'Mark all as read')!
    expect(markAll.disabled).toBe(false)
    await act(async () => { markAll.click() })
    await waitFor(() => sent.some((s) => s.path === '/notice-api/noticeManage/allRead' && s.status === 200), 'allRead answered')
    await waitFor(() => notices.unread.length === 0 && !notices.loading, 'reloaded')
    expect(notices.list.every((n) => n.closeTime)).toBe(true)
    expect(q('[data-testid="release-banner"]')).toBeNull()

    await press(panel, 'Escape')
    expect(ui.panel).toBeNull()
    expect(q('[data-notice-panel]')).toBeNull()
    expect(document.activeElement).toBe(q('[data-testid="notice-bell"]'))
  })

  it('a failed fetch is only logged and leaves the lists empty', async () => {
    const good = globalThis.fetch
    globalThis.fetch = (async () => new Response('{"message":"down"}', { status: 503 })) as typeof fetch
    const errors: unknown[] = []
    const orig = console.error
    console.error = (...a: unknown[]) => { errors.push(a) }
    try {
      await act(async () => { await loadNotices() })
    } finally {
      console.error = orig
      globalThis.fetch = good
    }
    expect(notices.list).toEqual([])
    expect(notices.unread).toEqual([])
    expect(errors.length).toBe(1)
  })
})

describe('version banner against /version.json', () => {
  it('shows a reload button when the deployed version differs from the build', async () => {
    await act(async () => root.unmount())
    await render(<VersionBanner />)
    const banner = await waitFor(() => q('[data-testid="version-banner"]'), 'version banner')
    expect(banner.tagName).toBe('BUTTON')
    expect(banner.textContent).toBe('A new version is available. Press Enter or click to reload.')
    expect(sent.some((s) => s.path === '/version.json')).toBe(true)
  })
})
