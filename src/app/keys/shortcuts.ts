// Shortcut strings (tinykeys syntax) are declared once on the command; everything else — the
// normalized binding, whether it counts as "typing", and the label shown to the operator — derives
// from that one string so labels can never drift from what actually fires.

/** Same test tinykeys uses to map `$mod` (Meta on Apple devices, Control elsewhere). */
export function isApplePlatform(): boolean {
  return typeof navigator === 'object' && /Mac|iPod|iPhone|iPad/.test(navigator.platform)
}

const MOD_ALIASES: Record<string, string> = {
  shift: 'Shift', ctrl: 'Control', control: 'Control', alt: 'Alt', option: 'Alt', meta: 'Meta', cmd: 'Meta', command: 'Meta', $mod: '$mod',
}

/**
 * tinykeys compares modifiers with getModifierState, which is case-sensitive in browsers
 * ('Shift', not 'shift'), so '$mod+shift+k' would never fire: capitalise modifiers here.
 */
export function normalizeShortcut(shortcut: string): string {
  return shortcut.trim().split(/\s+/).map((press) => {
    const parts = press.split(/\b\+/)
    const key = parts.pop() as string
    const mods = parts.map((m) => MOD_ALIASES[m.toLowerCase()] ?? m)
    return [...mods, key].join('+')
  }).join(' ')
}

/** Presses of a shortcut as [modifiers, key] pairs ('g h' → two presses). */
export function parsePresses(shortcut: string): { mods: string[]; key: string }[] {
  return normalizeShortcut(shortcut).split(' ').map((press) => {
    const parts = press.split(/\b\+/)
    const key = parts.pop() as string
    return { mods: parts, key }
  })
}

/**
 * A shortcut "uses a modifier" when some press holds Control/Meta/Alt/$mod. Shift alone does not
 * count: Shift+? is how '?' is typed, so it must stay quiet inside inputs like any single key.
 */
export function hasCommandModifier(shortcut: string): boolean {
  return parsePresses(shortcut).some((p) => p.mods.some((m) => m !== 'Shift'))
}

/** Key used to group bindings that fire on the same keystrokes (tinykeys matches keys case-insensitively). */
export function bindingKey(shortcut: string): string {
  return normalizeShortcut(shortcut).toLowerCase()
}

const KEY_LABELS: Record<string, string> = {
  enter: '↵', escape: 'Esc', arrowup: '↑', arrowdown: '↓', arrowleft: '←', arrowright: '→',
  backspace: '⌫', delete: 'Del', tab: 'Tab', ' ': 'Space', space: 'Space', pageup: 'PgUp', pagedown: 'PgDn', home: 'Home', end: 'End',
  slash: '/', backslash: '\\', period: '.', comma: ',',
}

/** Key caps of each press, e.g. '$mod+shift+k' → [['Ctrl','Shift','K']] (or [['⌘','⇧','K']] on a Mac). */
export function shortcutKeys(shortcut: string, apple = isApplePlatform()): string[][] {
  return parsePresses(shortcut).map(({ mods, key }) => {
    const caps = mods.map((m) => {
      if (m === '$mod') return apple ? '⌘' : 'Ctrl'
      if (m === 'Control') return apple ? '⌃' : 'Ctrl'
      if (m === 'Meta') return apple ? '⌘' : 'Meta'
      if (m === 'Alt') return apple ? '⌥' : 'Alt'
      if (m === 'Shift') return apple ? '⇧' : 'Shift'
      return m
    })
    const k = KEY_LABELS[key.toLowerCase()] ?? (key.length === 1 ? key.toUpperCase() : key)
    return [...caps, k]
  })
}

/** One-line label: 'Ctrl+Shift+K', '⌘⇧K', 'G H'. */
export function shortcutLabel(shortcut: string, apple = isApplePlatform()): string {
  return shortcutKeys(shortcut, apple).map((caps) => caps.join(apple ? '' : '+')).join(' ')
}
