// Page footer (spec section 2): PDA QR-code dialog, help, privacy and clause links.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { openPanel } from '../../state/ui'
import { shellLinks } from '../../lib/runtime-config'
import { Modal, usePanel } from './ui-kit'

/**
 * QR code of `text` as an SVG data URL ('' if the encoder refuses the text). bwip-js (~2 MB) is loaded
 * on first use so it stays out of the main bundle.
 */
export async function qrDataUrl(text: string): Promise<string> {
  try {
    const { toSVG } = await import('bwip-js/browser')
    const svg = toSVG({ bcid: 'qrcode', text, scale: 4, eclevel: 'M', paddingwidth: 2, paddingheight: 2, backgroundcolor: 'FFFFFF' } as Parameters<typeof toSVG>[0])
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
  } catch (e) {
    console.warn('[pda-qr] could not encode', e)
    return ''
  }
}

export function PageFooter() {
  const { t } = useTranslation()
  const links = shellLinks()
  const link = 'text-gray-500 hover:text-[var(--theme)] underline-offset-2 hover:underline'
  return (
    <footer data-testid="page-footer" className="no-print flex flex-wrap items-center justify-center gap-x-4 gap-y-1 py-3 text-xs text-gray-500">
      <button type="button" className={link} onClick={() => openPanel('pdaQr')}>{t('extras:footer.pda')}</button>
      <a className={link} href={links.helpUrl} target="_blank" rel="noreferrer">{t('extras:footer.help')}</a>
      <a className={link} href={links.privacyUrl} target="_blank" rel="noreferrer">{t('extras:footer.privacy')}</a>
      <a className={link} href={links.clauseUrl} target="_blank" rel="noreferrer">{t('extras:footer.clause')}</a>
    </footer>
  )
}

export function PdaQrDialog() {
  const { t } = useTranslation()
  const panel = usePanel('pdaQr')
  const url = shellLinks().pdaDownloadUrl
  // Encoded only when the dialog opens; null while the encoder loads.
  const [qr, setQr] = useState<{ url: string; src: string } | null>(null)
  useEffect(() => {
    if (!panel.open) return
    let live = true
    void qrDataUrl(url).then((src) => { if (live) setQr({ url, src }) })
    return () => { live = false }
  }, [panel.open, url])
  const src = qr?.url === url ? qr.src : null
  return (
    <Modal open={panel.open} onClose={panel.hide} width={420} title={t('extras:footer.pdaTitle')} testId="pda-qr-dialog">
      <div className="flex flex-col items-center gap-3">
        {src === null ? <div className="h-56 w-56 animate-pulse rounded bg-gray-100" aria-label={t('extras:common.loading')} />
          : src ? <img src={src} alt={t('extras:footer.pdaQrAlt')} className="h-56 w-56" data-testid="pda-qr" />
          : <p className="text-sm text-red-600">{t('extras:footer.pdaQrFailed')}</p>}
        <p className="text-center text-sm text-gray-600">{t('extras:footer.pdaHint')}</p>
        <a href={url} className="break-all text-xs text-[var(--theme)] underline">{url}</a>
      </div>
    </Modal>
  )
}
