// Floating online-help button (spec sections 2 and 6): external chat link, only in warehouses 26 and
// 168; starts 40 px from the bottom-right corner; draggable (mouse, touch, or Shift+arrow keys) but never
// closer than 20 px to the right edge or 30 px to the bottom.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useSnapshot } from 'valtio'
import { useTranslation } from 'react-i18next'
import { session } from '../../state/session'
import { shellLinks } from '../../lib/runtime-config'

export const ONLINE_HELP_WAREHOUSES: readonly number[] = [26, 168]
export const HELP_DEFAULT_OFFSET = { right: 40, bottom: 40 } as const
export const HELP_MIN_OFFSET = { right: 20, bottom: 30 } as const
const SIZE = 48
const KEY_STEP = 10

export interface Offset { right: number; bottom: number }

/** Keeps the button inside the viewport and at least the minimum distance from the right/bottom edges. */
export function clampHelpOffset(o: Offset, viewport: { width: number; height: number }, size = SIZE): Offset {
  const maxRight = Math.max(HELP_MIN_OFFSET.right, viewport.width - size)
  const maxBottom = Math.max(HELP_MIN_OFFSET.bottom, viewport.height - size)
  return {
    right: Math.min(maxRight, Math.max(HELP_MIN_OFFSET.right, Math.round(o.right))),
    bottom: Math.min(maxBottom, Math.max(HELP_MIN_OFFSET.bottom, Math.round(o.bottom))),
  }
}

export function showsOnlineHelp(warehouseId: number): boolean {
  return ONLINE_HELP_WAREHOUSES.includes(Number(warehouseId))
}

export function OnlineHelp() {
  const { t } = useTranslation()
  const { warehouseId } = useSnapshot(session)
  const [offset, setOffset] = useState<Offset>({ ...HELP_DEFAULT_OFFSET })
  const drag = useRef<{ x: number; y: number; start: Offset; moved: boolean } | null>(null)
  const suppressClick = useRef(false)
  if (!showsOnlineHelp(warehouseId)) return null

  const viewport = () => ({ width: window.innerWidth, height: window.innerHeight })
  const onPointerDown = (e: PointerEvent<HTMLAnchorElement>) => {
    if (e.button !== 0) return
    drag.current = { x: e.clientX, y: e.clientY, start: offset, moved: false }
    e.currentTarget.setPointerCapture?.(e.pointerId)
  }
  const onPointerMove = (e: PointerEvent<HTMLAnchorElement>) => {
    const d = drag.current
    if (!d) return
    const dx = e.clientX - d.x
    const dy = e.clientY - d.y
    if (!d.moved && Math.hypot(dx, dy) < 4) return
    d.moved = true
    // Offsets are measured from the right/bottom edges, so moving right/down shrinks them.
    setOffset(clampHelpOffset({ right: d.start.right - dx, bottom: d.start.bottom - dy }, viewport()))
  }
  const onPointerUp = () => {
    suppressClick.current = !!drag.current?.moved
    drag.current = null
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (!e.shiftKey) return
    const delta: Record<string, [number, number]> = { ArrowLeft: [KEY_STEP, 0], ArrowRight: [-KEY_STEP, 0], ArrowUp: [0, KEY_STEP], ArrowDown: [0, -KEY_STEP] }
    const d = delta[e.key]
    if (!d) return
    e.preventDefault()
    setOffset((o) => clampHelpOffset({ right: o.right + d[0], bottom: o.bottom + d[1] }, viewport()))
  }

  return (
    <a
      href={shellLinks().onlineHelpUrl}
      target="_blank"
      rel="noreferrer"
      data-testid="online-help"
      aria-label={t('extras:onlineHelp.label')}
      title={t('extras:onlineHelp.hint')}
      onClick={(e) => { if (suppressClick.current) { e.preventDefault(); suppressClick.current = false } }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      draggable={false}
      style={{ right: offset.right, bottom: offset.bottom, width: SIZE, height: SIZE, touchAction: 'none' }}
      className="no-print fixed z-40 flex select-none items-center justify-center rounded-full bg-[var(--theme)] text-white shadow-lg"
    >
      <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" /></svg>
    </a>
  )
}
