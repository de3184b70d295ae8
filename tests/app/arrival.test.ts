// @vitest-environment happy-dom
// Focus on arrival (src/app/router/arrival.ts): the shell puts the keyboard on the visible page's
// declared work — and never on a hidden (kept-alive) page's, never while a modal dialog is open, never
// over focus someone placed in the page meanwhile; a page that declares nothing gets its first field,
// else the page area until its work shows.
import { afterEach, describe, expect, it } from 'vitest'
import { cancelArrival, focusPageWork, focusPageWorkNow } from '../../src/app/router/arrival'

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))
const active = () => document.activeElement as HTMLElement | null
const page = (html: string, hidden = false) => `<div data-page="/p${Math.random()}"${hidden ? ' hidden' : ''}>${html}</div>`
const layout = (...pages: string[]) => { document.body.innerHTML = `<main id="main-content" tabindex="-1">${pages.join('')}</main>` }

afterEach(() => { cancelArrival(); document.body.innerHTML = '' })

describe('focus on arrival', () => {
  it("focuses the visible page's declared work, not a kept-alive page's", async () => {
    layout(page('<input id="old" data-primary-focus>', true), page('<input id="f1"><div id="grid" role="grid" tabindex="0" data-primary-focus></div>'))
    focusPageWork()
    await wait(20)
    expect(active()?.id).toBe('grid')
  })

  it('waits for the work to show (rows loading), then takes it', async () => {
    layout(page('<input id="f1"><div id="grid" role="grid" tabindex="0" aria-busy="true"></div>'))
    focusPageWork()
    await wait(600)
    expect(active()?.id).not.toBe('grid')
    expect(active()?.id).not.toBe('f1') // still loading: no fallback either
    const grid = document.getElementById('grid')!
    grid.removeAttribute('aria-busy')
    grid.setAttribute('data-primary-focus', '')
    await wait(120)
    expect(active()?.id).toBe('grid')
  })

  it('waits while a modal dialog is open (the announcement after sign-in), then focuses the work', async () => {
    layout(page('<div id="grid" role="grid" tabindex="0" data-primary-focus></div>'))
    document.body.insertAdjacentHTML('beforeend', '<div id="dlg" role="dialog" aria-modal="true"><button id="close">x</button></div>')
    document.getElementById('close')!.focus()
    focusPageWork()
    await wait(150)
    expect(active()?.id).toBe('close')
    document.getElementById('dlg')!.remove()
    await wait(150)
    expect(active()?.id).toBe('grid')
  })

  it('never takes back focus placed inside the page meanwhile (the page, the operator)', async () => {
    layout(page('<input id="mine"><div id="grid" role="grid" tabindex="0"></div>'))
    focusPageWork()
    document.getElementById('mine')!.focus()
    await wait(60)
    document.getElementById('grid')!.setAttribute('data-primary-focus', '')
    await wait(150)
    expect(active()?.id).toBe('mine')
  })

  it('falls back to the first field of a page that declares nothing, else the page area until the work shows', async () => {
    layout(page('<p>settings</p><input id="first"><input id="second">'))
    focusPageWork()
    await wait(700)
    expect(active()?.id).toBe('first')

    layout(page('<p>nothing to type in yet</p>'))
    focusPageWork()
    await wait(700)
    expect(active()?.tagName).toBe('MAIN')
    document.querySelector('[data-page]')!.insertAdjacentHTML('beforeend', '<div id="late" role="grid" tabindex="0" data-primary-focus></div>')
    await wait(120)
    expect(active()?.id).toBe('late')
  })

  it('the skip link and Alt+/ take the work at once', () => {
    layout(page('<input id="f1"><div id="grid" role="grid" tabindex="0" data-primary-focus></div>'))
    expect(focusPageWorkNow()).toBe(true)
    expect(active()?.id).toBe('grid')
  })
})
