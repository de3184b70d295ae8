// GET /runtime-config.js — deployment settings for the built client (window.__WMS_CONFIG__), so one
// build serves every environment: the browser's Sentry DSN (nothing is reported without one) and the
// footer / online-help / PDA download links. Loaded by index.html before the app.
import type { Config } from '../../config'
import { defineRoute, raw } from '../../http/route'

export function runtimeConfigRoutes(config: Config) {
  const settings: Record<string, string> = {}
  const put = (key: string, value: string | undefined) => { if (value) settings[key] = value }
  put('sentryDsn', config.sentryDsn)
  put('pdaDownloadUrl', process.env.PDA_DOWNLOAD_URL)
  put('helpUrl', process.env.HELP_URL)
  put('privacyUrl', process.env.PRIVACY_URL)
  put('clauseUrl', process.env.CLAUSE_URL)
  put('onlineHelpUrl', process.env.ONLINE_HELP_URL)
  const body = `window.__WMS_CONFIG__ = ${JSON.stringify(settings).replace(/</g, '\\u003c')};\n`
  return [
    defineRoute({
      method: 'GET', url: '/runtime-config.js', summary: 'Deployment settings for the browser (Sentry DSN, links)', tags: ['session'],
      envelope: 'raw', auth: 'public',
      handler: (_req, reply) => { reply.type('application/javascript').header('cache-control', 'no-cache'); return raw(body) },
    }),
  ]
}
