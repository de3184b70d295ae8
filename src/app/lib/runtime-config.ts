// Deployment settings the built client reads at run time from `window.__WMS_CONFIG__` (an inline
// script the operator may add to index.html), so one build serves every environment.
export interface WmsRuntimeConfig {
  sentryDsn?: string
  /** Where the PDA (handheld) app is downloaded; the footer's QR code encodes it. */
  pdaDownloadUrl?: string
  helpUrl?: string
  privacyUrl?: string
  clauseUrl?: string
  /** External chat page opened by the floating online-help button. */
  onlineHelpUrl?: string
}

declare global {
  interface Window { __WMS_CONFIG__?: WmsRuntimeConfig }
}

export function runtimeConfig(): WmsRuntimeConfig {
  return (typeof window !== 'undefined' && window.__WMS_CONFIG__) || {}
}

/** Links with defaults served by this console's own host; replace them per deployment. */
export function shellLinks() {
  const c = runtimeConfig()
  const origin = typeof location !== 'undefined' ? location.origin : ''
  return {
    pdaDownloadUrl: c.pdaDownloadUrl ?? `${origin}/pda/download`,
    helpUrl: c.helpUrl ?? `${origin}/help/`,
    privacyUrl: c.privacyUrl ?? `${origin}/help/privacy`,
    clauseUrl: c.clauseUrl ?? `${origin}/help/terms`,
    onlineHelpUrl: c.onlineHelpUrl ?? `${origin}/help/chat`,
  }
}
