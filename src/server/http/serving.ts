// Serving like a production web app (issue 11): security headers on every response (@fastify/helmet,
// with a Content-Security-Policy computed from configuration and the menu table), the built client
// with its precompressed siblings (vite.config.ts writes .br and .gz at build; @fastify/static
// preCompressed sends them by Accept-Encoding), a year's immutable cache for hashed assets and
// no-cache for everything else (index.html, the SPA fallback), and the SPA history fallback itself.
import type { FastifyInstance } from 'fastify'
import helmet from '@fastify/helmet'
import fastifyStatic from '@fastify/static'
import { existsSync } from 'node:fs'
import { relative, sep } from 'node:path'
import type { Config } from '../config'
import type { Database } from '../db/client'
import { translate } from '../i18n'

/** Hashed build output (`/assets/<name>-<8-char hash>.<ext>`): its content never changes under that name. */
export const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/
export const IMMUTABLE = 'public, max-age=31536000, immutable'
const API_PATHS = /^\/(api|auth|base|wms-base|wms-plus-base|wms-in|pms-console|notice-api|i18n-console|bdm|ws)(\/|$)/
/** Paths that name a file: a miss is a 404, never the SPA's index.html (a stale chunk must fail as such). */
const FILE_PATHS = /^\/assets\/|\.(js|mjs|css|map|br|gz|json|ico|png|jpe?g|gif|svg|webp|woff2?|ttf|txt|wasm)$/i

/**
 * The CSP source a frame address needs: its host[:port] without scheme — the client forces the page's
 * protocol onto frame addresses (src/app/shell/extras/frame.ts resolveFrameUrl), and a scheme-less
 * source matches the page's scheme (and its https upgrade). Same-site paths need none ('self' is
 * always allowed); anything that is not http(s) is refused by the client, so it gets none either.
 */
export function frameSource(url: string | null | undefined): string | null {
  const u = (url ?? '').trim()
  if (!u) return null
  const absolute = u.startsWith('//') ? `http:${u}` : /^https?:\/\//i.test(u) ? u : null
  if (!absolute) return null
  try {
    const host = new URL(absolute).host.toLowerCase()
    return /^[a-z0-9.-]+(:\d{1,5})?$/.test(host) ? host : null
  } catch {
    return null
  }
}

/** The origin error reports go to, from a Sentry DSN (`https://<key>@<host>/<project>`). */
export function dsnOrigin(dsn: string | undefined): string | null {
  if (!dsn) return null
  try {
    const u = new URL(dsn)
    return /^https?:$/.test(u.protocol) ? u.origin : null
  } catch {
    return null
  }
}

/**
 * The frame hosts the menu table configures (iframe_url, or meta.iframeUrl), read again at most every
 * `ttlMs` when a page is served, so a menu an administrator points at a new site is allowed from the
 * next page load on.
 */
export function menuFrameSources(database: Database, ttlMs = 5000) {
  let sources: string[] = []
  let readAt = -Infinity
  let reading: Promise<void> | null = null
  async function read(): Promise<void> {
    const rows = await database.query<{ a: string | null; b: string | null }>(
      `select iframe_url as a, meta->>'iframeUrl' as b from menu where coalesce(iframe_url, '') <> '' or coalesce(meta->>'iframeUrl', '') <> ''`)
    sources = [...new Set(rows.flatMap((r) => [frameSource(r.a), frameSource(r.b)]).filter((s): s is string => !!s))].sort()
    readAt = Date.now()
  }
  return {
    current: () => sources,
    /** Re-reads when stale; a failed read keeps the last list (and is retried on the next page). */
    async refresh(): Promise<void> {
      if (Date.now() - readAt < ttlMs) return
      reading ??= read().catch(() => {}).finally(() => { reading = null })
      await reading
    },
  }
}

/** Extra origins allowed to frame the console (`FRAME_ANCESTORS`, space- or comma-separated), besides itself. */
export function frameAncestors(env: string | undefined): string[] {
  return (env ?? '').split(/[\s,]+/).filter((s) => /^(https?:\/\/)?[a-z0-9.*-]+(:\d{1,5})?$/i.test(s))
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config, database: Database): Promise<void> {
  const frames = menuFrameSources(database)
  const ancestors = frameAncestors(process.env.FRAME_ANCESTORS)
  const reportTo = dsnOrigin(config.sentryDsn)
  // Pages (anything but the API) get a fresh list of frame hosts before their headers are written.
  app.addHook('onRequest', async (req) => {
    if (req.method === 'GET' && (!API_PATHS.test(req.url) || req.url.startsWith('/api/docs'))) await frames.refresh()
  })
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline style attributes and the print frame's <style> (src/app/lib/print.ts); no inline script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Announcement images, avatars and photos may live on another https host; QR codes are data: URLs.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the API and the /ws version channel (same host, ws: or wss:); error reports go to the DSN's host.
        connectSrc: ["'self'", ...(reportTo ? [reportTo] : [])],
        // The embedded-page route frames the menu's configured pages; downloads and printing use same-site frames.
        frameSrc: ["'self'", () => frames.current().join(' ')],
        // Sentry's session replay compresses in a worker made from a blob.
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'", ...ancestors],
      },
    },
    // HSTS belongs to the TLS-terminating proxy (README "Behind a reverse proxy"), not to a plain-http listener.
    strictTransportSecurity: false,
    // frame-ancestors decides framing; X-Frame-Options (which cannot name other origins) only when none are added.
    xFrameOptions: ancestors.length ? false : { action: 'sameorigin' },
    // Full URLs (sign-in redirects carry tokens in the query) never leave the site; other sites see the origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Pages another system embeds (/iframe/) and the frames we embed open popups that talk back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  })
}

/** The built client: precompressed, cached by name, and the SPA fallback for every other non-API GET. */
export async function registerClient(app: FastifyInstance, config: Config): Promise<void> {
  const root = config.staticDir
  const present = existsSync(root)
  if (present) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // Source maps are never served (the build moves them out of dist; this is the second lock), nor
      // the compressed siblings under their own names.
      globIgnore: ['**/*.map', '**/*.br', '**/*.gz'],
      allowedPath: (path) => !path.endsWith('.map'),
      setHeaders: (reply, path) => {
        const rel = relative(root, path).split(sep).join('/').replace(/\.(br|gz)$/, '')
        reply.header('cache-control', HASHED_ASSET.test(rel) ? IMMUTABLE : 'no-cache')
      },
    })
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]
    // SPA history fallback: any non-API GET that does not name a file serves the client, which routes
    // unknown paths to /404.
    if (req.method === 'GET' && present && !API_PATHS.test(path) && !FILE_PATHS.test(path)) {
      return reply.sendFile('index.html', root)
    }
    reply.status(404).send({ responseCode: '404', responseDesc: translate(req.lang, 'errors:notFound'), messageKey: 'errors:notFound' })
  })
}
