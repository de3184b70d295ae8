// @vitest-environment happy-dom
// @vitest-environment-options {"happyDOM":{"settings":{"disableIframePageLoading":true,"disableJavaScriptFileLoading":true}}}
// Embedded page (spec section 2): the frame address takes the page's protocol, the sandbox/allow lists,
// a 9-row skeleton until load, the routeMeta message after load, and the two messages the frame may send.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { initI18n, i18next } from '../../src/app/i18n'
import { session } from '../../src/app/state/session'
import { EmbeddedPage, resolveFrameUrl, handleFrameMessage } from '../../src/app/shell/extras'
import { frameMessageTarget, frameOrigin, routeMetaMessage, FRAME_SANDBOX, FRAME_ALLOW } from '../../src/app/shell/extras/frame'
import { flush } from '../helpers/dom'

describe('resolveFrameUrl', () => {
  it('forces the page protocol on absolute and protocol-relative addresses', () => {
    expect(resolveFrameUrl('http://board.example.com/x?y=1', 'https:')).toBe('https://board.example.com/x?y=1')
    expect(resolveFrameUrl('https://board.example.com/x', 'http:')).toBe('http://board.example.com/x')
    expect(resolveFrameUrl('HTTP://board.example.com/', 'https:')).toBe('https://board.example.com/')
    expect(resolveFrameUrl('//board.example.com/x', 'https:')).toBe('https://board.example.com/x')
    expect(resolveFrameUrl('//board.example.com/x', 'http')).toBe('http://board.example.com/x')
  })
  it('keeps relative addresses and refuses non-web schemes', () => {
    expect(resolveFrameUrl('/gateway/index.html', 'https:')).toBe('/gateway/index.html')
    expect(resolveFrameUrl('  ', 'https:')).toBe('')
    expect(resolveFrameUrl(undefined, 'https:')).toBe('')
    expect(resolveFrameUrl('javascript:alert(1)', 'https:')).toBe('')
    expect(resolveFrameUrl('data:text/html,<script>1</script>', 'https:')).toBe('')
  })
  it('messages go only to the frame origin, never "*"', () => {
    expect(frameOrigin('https://board.example.com/x', 'https://wms.example.com/a')).toBe('https://board.example.com')
    expect(frameOrigin('/gateway/', 'https://wms.example.com/a')).toBe('https://wms.example.com')
  })
})

describe('frame messages', () => {
  it("'scm-backHome' (string or {msg}) goes home", () => {
    expect(frameMessageTarget('scm-backHome')).toBe('/')
    expect(frameMessageTarget({ msg: 'scm-backHome' })).toBe('/')
  })
  it('routerPush goes to the given route (string, {path, query} or {fullPath})', () => {
    expect(frameMessageTarget({ type: 'routerPush', data: '/stock-manage/stock-manage-list' })).toBe('/stock-manage/stock-manage-list')
    expect(frameMessageTarget({ type: 'routerPush', data: 'retail-outbound/wave-picking' })).toBe('/retail-outbound/wave-picking')
    expect(frameMessageTarget({ type: 'routerPush', data: { path: '/inbound-order/details', query: { id: 7, empty: '' } } })).toBe('/inbound-order/details?id=7')
    expect(frameMessageTarget({ type: 'routerPush', data: { fullPath: '/a?b=1' } })).toBe('/a?b=1')
  })
  it('ignores anything else and refuses routes that leave the console', () => {
    for (const m of [null, 42, 'hello', { type: 'routeMeta' }, { type: 'routerPush' }, { type: 'routerPush', data: '//evil.example.com' }, { type: 'routerPush', data: '/\\evil.example.com' }]) {
      expect(frameMessageTarget(m)).toBeNull()
    }
    const went: string[] = []
    expect(handleFrameMessage({ type: 'other' }, (p) => went.push(p))).toBe(false)
    expect(handleFrameMessage({ type: 'routerPush', data: '/x' }, (p) => went.push(p))).toBe(true)
    expect(went).toEqual(['/x'])
  })
  it('routeMeta carries meta and a JSON string of who is signed in and where', () => {
    const m = routeMetaMessage({ title: 'board' }, { userId: 3, name: 'Pat', warehouse: 26, tenantId: 1, language: 'en', jwtToken: 'jwt' }, 'https://wms/x')
    expect(m.type).toBe('routeMeta')
    expect(m.meta).toEqual({ title: 'board' })
    expect(JSON.parse(m.data)).toEqual({ userId: 3, name: 'Pat', warehouse: 26, tenantId: 1, language: 'en', jwtToken: 'jwt', url: 'https://wms/x' })
  })
})

describe('EmbeddedPage (DOM)', () => {
  let root: Root
  const frameWindow = { postMessage: () => {} } as unknown as Window
  beforeAll(async () => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    initI18n('en')
    await i18next.changeLanguage('en')
    Object.assign(session, { userId: 9, name: 'Sofía Supervisor', warehouseId: 168, tenantId: 1, language: 'en', jwtToken: 'the-jwt' })
    const host = document.createElement('div')
    document.body.appendChild(host)
    root = createRoot(host)
    await act(async () => { root.render(<EmbeddedPage iframeUrl="//board.example.com/dash" meta={{ title: 'Board', iframeUrl: '//board.example.com/dash' }} />) })
  })
  afterAll(async () => { await act(async () => root?.unmount()) })

  it('renders a sandboxed frame with the page protocol and a 9-row skeleton until it loads, then posts routeMeta to the frame origin', async () => {
    const frame = document.querySelector('iframe')!
    expect(frame.getAttribute('src')).toBe(`${location.protocol}//board.example.com/dash`)
    expect(frame.getAttribute('sandbox')).toBe(FRAME_SANDBOX)
    expect(FRAME_SANDBOX.split(' ').sort()).toEqual(['allow-downloads', 'allow-forms', 'allow-modals', 'allow-popups', 'allow-same-origin', 'allow-scripts', 'allow-top-navigation'])
    expect(frame.getAttribute('allow')).toBe(FRAME_ALLOW)
    expect(FRAME_ALLOW).toBe('fullscreen; camera; microphone; geolocation')
    const skeleton = document.querySelector('[data-testid="embedded-skeleton"]')!
    expect(skeleton.children).toHaveLength(9)

    // Frame page loading is off in this environment (no network), so the frame's window is a stand-in
    // that records what the shell posts to it.
    const posted: [unknown, string][] = []
    Object.defineProperty(frame, 'contentWindow', { configurable: true, value: frameWindow })
    frameWindow.postMessage = ((msg: unknown, origin: string) => { posted.push([msg, origin]) }) as Window['postMessage']
    await act(async () => { frame.dispatchEvent(new Event('load')) })
    expect(document.querySelector('[data-testid="embedded-skeleton"]')).toBeNull()
    expect(posted).toHaveLength(1)
    const [msg, origin] = posted[0] as [{ type: string; meta: unknown; data: string }, string]
    expect(origin).toBe(`${location.protocol}//board.example.com`)
    expect(msg.type).toBe('routeMeta')
    expect(msg.meta).toEqual({ title: 'Board', iframeUrl: '//board.example.com/dash' })
    expect(JSON.parse(msg.data)).toEqual({ userId: 9, name: 'Sofía Supervisor', warehouse: 168, tenantId: 1, language: 'en', jwtToken: 'the-jwt', url: location.href })
  })

  it('obeys routerPush and scm-backHome from its own frame only', async () => {
    const frame = document.querySelector('iframe')!
    expect(frame.contentWindow).toBe(frameWindow)
    history.replaceState(null, '', '/embedded/board')
    await act(async () => { window.dispatchEvent(new MessageEvent('message', { data: { type: 'routerPush', data: '/stock-manage/stock-manage-list' }, source: window })) })
    await flush(10)
    expect(location.pathname).toBe('/embedded/board') // not our frame: ignored
    await act(async () => { window.dispatchEvent(new MessageEvent('message', { data: { type: 'routerPush', data: '/stock-manage/stock-manage-list' }, source: frameWindow as unknown as MessageEventSource })) })
    await flush(10)
    expect(location.pathname).toBe('/stock-manage/stock-manage-list')
    await act(async () => { window.dispatchEvent(new MessageEvent('message', { data: 'scm-backHome', source: frameWindow as unknown as MessageEventSource })) })
    await flush(10)
    expect(location.pathname).toBe('/')
  })
})
