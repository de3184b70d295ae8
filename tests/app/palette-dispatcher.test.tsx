// @vitest-environment happy-dom
// The one keyboard dispatcher (src/app/keys/dispatcher.ts) with synthetic KeyboardEvents on window:
// scope rules (global or top of the focus stack, innermost wins, dialogs/palette block global single
// keys), the typing guard, clash refusal, disabled → reason, hidden → nothing.
import { describe, it, expect, beforeEach, afterEach } from 'vitest'
import type { CommandContext, CommandDef, Reason } from '../../src/domain/commands'
import { installDispatcher } from '../../src/app/keys/dispatcher'
import { pushScope, resetScopes } from '../../src/app/keys/focus-stack'

const ctx = (over: Partial<CommandContext> = {}): CommandContext => ({
  permissions: new Set(['x:allowed']), roles: [], userId: 1, tenantId: 1, warehouseId: 26, language: 'en', route: '/', selection: [], ...over,
})

let fired: string[]
let disabled: [string, string | Reason][]
let warnings: string[]
let remove: (() => void) | null = null
let context: CommandContext

function install(commands: CommandDef[]) {
  remove = installDispatcher(commands, {
    getContext: () => context,
    run: (c) => { fired.push(c.id) },
    onDisabled: (c, reason) => { disabled.push([c.id, reason]) },
    warn: (m) => { warnings.push(m) },
  })
}

function press(key: string, init: KeyboardEventInit = {}, target: EventTarget = window): KeyboardEvent {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init })
  target.dispatchEvent(e)
  return e
}

const def = (id: string, shortcut: string, extra: Partial<CommandDef> = {}): CommandDef => ({ id, title: `t:${id}`, section: 'shell', permission: 'self:x', shortcut, ...extra })

beforeEach(() => {
  fired = []; disabled = []; warnings = []; context = ctx()
  resetScopes()
  document.body.innerHTML = '<input id="text" type="text"><textarea id="area"></textarea><div id="edit" contenteditable="true"></div><input id="box" type="checkbox"><button id="btn">b</button>'
})
afterEach(() => { remove?.(); remove = null })

describe('keyboard dispatcher', () => {
  it('fires a global single-key sequence and a modifier shortcut, and prevents the default', () => {
    install([def('go.home', 'g h'), def('palette', '$mod+k')])
    press('g'); const e = press('h')
    expect(fired).toEqual(['go.home'])
    expect(e.defaultPrevented).toBe(true)
    press('k', { ctrlKey: true })
    expect(fired).toEqual(['go.home', 'palette'])
  })

  it('never fires single-key shortcuts while typing, but modifier shortcuts do', () => {
    install([def('help', 'Shift+?'), def('palette', '$mod+k')])
    for (const id of ['text', 'area', 'edit']) {
      const el = document.getElementById(id)!
      const e = press('?', { shiftKey: true }, el)
      expect(e.defaultPrevented, id).toBe(false)
    }
    expect(fired).toEqual([])
    press('?', { shiftKey: true }, document.getElementById('box')!) // a checkbox is not text entry
    press('?', { shiftKey: true }, document.getElementById('btn')!)
    expect(fired).toEqual(['help', 'help'])
    press('k', { ctrlKey: true }, document.getElementById('text')!)
    expect(fired).toEqual(['help', 'help', 'palette'])
  })

  it('normalizes modifier names: $mod+shift+k fires on Ctrl+Shift+K', () => {
    install([def('doc', '$mod+shift+k')])
    press('K', { ctrlKey: true, shiftKey: true })
    expect(fired).toEqual(['doc'])
  })

  it('fires a scoped shortcut only while its scope is on top of the focus stack', () => {
    install([def('grid.open', 'Enter', { scope: 'grid' })])
    press('Enter')
    expect(fired).toEqual([])
    const pop = pushScope('grid')
    press('Enter')
    expect(fired).toEqual(['grid.open'])
    const popForm = pushScope('form') // a form opened over the grid
    press('Enter')
    expect(fired).toEqual(['grid.open'])
    popForm(); press('Enter')
    expect(fired).toEqual(['grid.open', 'grid.open'])
    pop(); press('Enter')
    expect(fired).toHaveLength(2)
  })

  it('leaves a plain Enter or Space to a focused button, link or checkbox (a toolbar button inside a grid runs itself)', () => {
    document.body.insertAdjacentHTML('beforeend', '<a id="link" href="#x">l</a><div id="rolebtn" role="button" tabindex="0">r</div><div id="row" role="row" tabindex="0">row</div>')
    install([def('grid.open', 'Enter', { scope: 'grid' }), def('grid.select', 'Space', { scope: 'grid' }), def('grid.export', 'Alt+e', { scope: 'grid' })])
    const pop = pushScope('grid')
    for (const id of ['btn', 'link', 'rolebtn', 'box']) {
      const el = document.getElementById(id)!
      expect(press('Enter', {}, el).defaultPrevented, id).toBe(false)
      expect(press(' ', {}, el).defaultPrevented, id).toBe(false)
    }
    expect(fired).toEqual([])
    press('e', { altKey: true }, document.getElementById('btn')!) // a shortcut with a modifier still fires from a button
    press('Enter', {}, document.getElementById('row')!) // a grid row is not a control: Enter opens it
    expect(fired).toEqual(['grid.export', 'grid.open'])
    pop()
  })

  it('lets a dialog or the palette on top block global single keys but not modifier shortcuts', () => {
    install([def('go.home', 'g h'), def('palette', '$mod+k')])
    for (const scope of ['dialog', 'palette'] as const) {
      const pop = pushScope(scope)
      press('g'); press('h')
      press('k', { ctrlKey: true })
      pop()
    }
    expect(fired).toEqual(['palette', 'palette'])
  })

  it('leaves clipboard and select-all combos to the field being edited', () => {
    install([def('grid.selectAll', '$mod+a', { scope: 'grid' })])
    const pop = pushScope('grid')
    const inField = press('a', { ctrlKey: true }, document.getElementById('text')!)
    expect(inField.defaultPrevented).toBe(false)
    press('a', { ctrlKey: true })
    expect(fired).toEqual(['grid.selectAll'])
    pop()
  })

  it('refuses to guess when two visible commands in one scope share a key', () => {
    install([def('one', '$mod+j'), def('two', '$mod+j')])
    const e = press('j', { ctrlKey: true })
    expect(fired).toEqual([])
    expect(e.defaultPrevented).toBe(false)
    expect(warnings[0]).toMatch(/one, two/)
  })

  it('is not a clash when one of the two is hidden, and the innermost scope wins over global', () => {
    install([def('one', '$mod+j'), def('two', '$mod+j', { permission: 'x:missing' }), def('g.global', '$mod+e'), def('g.grid', '$mod+e', { scope: 'grid' })])
    press('j', { ctrlKey: true })
    expect(fired).toEqual(['one'])
    const pop = pushScope('grid')
    press('e', { ctrlKey: true })
    pop()
    press('e', { ctrlKey: true })
    expect(fired).toEqual(['one', 'g.grid', 'g.global'])
    expect(warnings).toEqual([])
  })

  it('does nothing for a hidden command and reports the reason of a disabled one', () => {
    install([
      def('hidden', '$mod+h', { when: () => false }),
      def('needs.one', '$mod+m', { selection: 'one' }),
      def('custom', '$mod+u', { enabled: () => 'palette:errors.failed' }),
    ])
    const e = press('h', { ctrlKey: true })
    expect(e.defaultPrevented).toBe(false)
    press('m', { ctrlKey: true })
    press('u', { ctrlKey: true })
    expect(fired).toEqual([])
    expect(disabled).toEqual([['needs.one', 'common:validation.selectExactlyOne'], ['custom', 'palette:errors.failed']])
    context = ctx({ selection: [{ id: 7 }] })
    press('m', { ctrlKey: true })
    expect(fired).toEqual(['needs.one'])
  })

  it('uses one listener: removing it silences every shortcut', () => {
    install([def('palette', '$mod+k')])
    remove!(); remove = null
    press('k', { ctrlKey: true })
    expect(fired).toEqual([])
  })
})
