// Embedded page (spec section 2): an external page in a sandboxed frame, a 9-row skeleton until it
// loads, then a routeMeta message with who is signed in; the frame may send us home or to a route.
import { useEffect, useMemo, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { useTranslation } from 'react-i18next'
import { session } from '../../state/session'
import { resolveFrameUrl, frameOrigin, routeMetaMessage, handleFrameMessage, FRAME_SANDBOX, FRAME_ALLOW } from './frame'

export const SKELETON_ROWS = 9

export function EmbeddedPage({ iframeUrl, meta }: { iframeUrl: string; meta: Record<string, unknown> }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const frame = useRef<HTMLIFrameElement>(null)
  const src = useMemo(() => resolveFrameUrl(iframeUrl, location.protocol), [iframeUrl])
  // Loaded state belongs to one address: a new src shows the skeleton again.
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null)
  const loaded = loadedSrc === src

  useEffect(() => {
    const onMessage = (ev: MessageEvent) => {
      // Only our own frame may steer the console.
      if (!frame.current || ev.source !== frame.current.contentWindow) return
      handleFrameMessage(ev.data, navigate)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [navigate])

  const onLoad = () => {
    setLoadedSrc(src)
    const win = frame.current?.contentWindow
    const origin = frameOrigin(src, location.href)
    if (!win || !origin) return
    const msg = routeMetaMessage(meta, {
      userId: session.userId, name: session.name || session.employeeName || session.username,
      warehouse: session.warehouseId, tenantId: session.tenantId, language: session.language, jwtToken: session.jwtToken,
    }, location.href)
    win.postMessage(msg, origin)
  }

  if (!src) return <p role="alert" className="p-6 text-sm text-red-600">{t('extras:embedded.badUrl')}</p>
  return (
    <div className="relative h-full min-h-[480px] w-full" data-testid="embedded-page">
      {!loaded && (
        <div className="absolute inset-0 space-y-3 bg-white p-6" aria-busy="true" aria-label={t('extras:embedded.loading')} data-testid="embedded-skeleton">
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <div key={i} className="h-4 animate-pulse rounded bg-gray-200" style={{ width: i === 0 ? '40%' : i % 3 === 2 ? '70%' : '100%' }} />
          ))}
        </div>
      )}
      <iframe
        ref={frame}
        src={src}
        title={typeof meta.title === 'string' && meta.title ? t(meta.title) : t('extras:embedded.title')}
        sandbox={FRAME_SANDBOX}
        allow={FRAME_ALLOW}
        onLoad={onLoad}
        className="h-full min-h-[480px] w-full border-0"
        style={{ visibility: loaded ? 'visible' : 'hidden' }}
      />
    </div>
  )
}
