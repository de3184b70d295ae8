// Deployed version: GET /version.json (the client compares it with its build) and the push channel
// /ws/version, which sends {event:'updated', name:<version>, task:{pipelineName:'WMS'}} when a deploy is
// announced (POST /api/admin/announce-deploy), and at once to a console that connects naming an older
// build (/ws/version?v=<its version>) — typically one reconnecting after the restart that deployed.
import { readFileSync, statSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { AppDb } from '../../db/client'
import type { Config } from '../../config'
import { shellMeta } from '../../db/schema/shell'
import { ROUTES, defineRoute, raw, type RouteDef } from '../../http/route'
import { forbidden, tooManyRequests } from '../../http/errors'
import { ADMIN_ROLE } from '../../../domain/permissions'

export const PIPELINE_NAME = 'WMS'

/**
 * The push channel's sockets (issue 19 §3 I3: a probe held 300 unauthenticated sockets from one
 * address): at most this many open at once from one client address (a warehouse behind one NAT: one
 * per console tab) and in all. One more is refused before the upgrade with 429 errors:ws.tooMany; a
 * console retries later. README "Limits".
 */
export const WS_LIMITS = { perAddress: 100, total: 4000 } as const
export interface VersionEvent { event: 'updated'; name: string; task: { pipelineName: string } }

export function packageVersion(): string {
  const pkg = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'package.json')
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version
}

/** When the client was built: the built index.html's time, else when this server started. */
function buildTime(config: Config, started: Date): string {
  try { return statSync(join(config.staticDir, 'index.html')).mtime.toISOString() } catch { return started.toISOString() }
}

export async function versionRoutes(app: FastifyInstance, db: AppDb, config: Config): Promise<RouteDef[]> {
  const started = new Date()
  let current = config.version ?? packageVersion()
  const [prev] = await db.select({ value: shellMeta.value }).from(shellMeta).where(eq(shellMeta.key, 'version'))
  if (prev?.value !== current) {
    // Started on a new version: remembered so the next start knows; reconnecting consoles that name
    // their older build are told in wsHandler.
    await db.insert(shellMeta).values({ key: 'version', value: current })
      .onConflictDoUpdate({ target: shellMeta.key, set: { value: current, updatedAt: sql`now()` } })
  }

  const clients = new Set<WebSocket>()
  const eventFor = (name: string): VersionEvent => ({ event: 'updated', name, task: { pipelineName: PIPELINE_NAME } })
  const broadcast = (name: string) => {
    const msg = JSON.stringify(eventFor(name))
    let sent = 0
    for (const ws of clients) if (ws.readyState === ws.OPEN) { ws.send(msg); sent++ }
    return sent
  }

  const wsDoc: RouteDef = defineRoute({
    method: 'GET', url: '/ws/version', envelope: 'raw', auth: 'public',
    summary: "Websocket: {event:'updated', name, task:{pipelineName:'WMS'}} on deploy; ?v=<build version> gets it at once when stale. Plain GET answers {version}",
    query: z.object({ v: z.string().max(50).optional() }),
    handler: () => ({ version: current }),
  })
  app[ROUTES].push(wsDoc)
  // Open sockets per client address (and in all), counted from the upgrade request until its TCP
  // connection closes — whether the upgrade completed or not — so nothing is left counted.
  const perAddress = new Map<string, number>()
  let open = 0
  app.route({
    method: 'GET', url: '/ws/version',
    preValidation: async (req: FastifyRequest) => {
      // An in-process upgrade (fastify.injectWS) has no TCP connection: nothing to hold or to count.
      const socket = req.raw.socket as typeof req.raw.socket | undefined
      if (!req.ws || !socket) return
      const ip = req.ip
      const mine = perAddress.get(ip) ?? 0
      if (mine >= WS_LIMITS.perAddress || open >= WS_LIMITS.total) {
        const limit = mine >= WS_LIMITS.perAddress ? WS_LIMITS.perAddress : WS_LIMITS.total
        throw tooManyRequests('errors:ws.tooMany', { limit, retryAfter: 30 })
      }
      perAddress.set(ip, mine + 1)
      open++
      socket.once('close', () => {
        open--
        const n = (perAddress.get(ip) ?? 1) - 1
        if (n > 0) perAddress.set(ip, n)
        else perAddress.delete(ip)
      })
    },
    // wsHandler (not `websocket: true`) so the same path also has a plain HTTP handler.
    // A plain HTTP GET (no upgrade) answers the version, so the path is also a cheap probe.
    handler: async () => ({ version: current }),
    wsHandler: (socket: WebSocket, req: FastifyRequest) => {
      clients.add(socket)
      socket.on('close', () => clients.delete(socket))
      socket.on('error', () => clients.delete(socket))
      const v = (req.query as { v?: unknown }).v
      const clientVersion = typeof v === 'string' && v ? v : undefined
      // A newcomer that names its build (?v=) and is behind — e.g. it reconnected after the restart that
      // deployed a new version — is told at once. Without ?v= nothing is sent on connect: a console
      // loaded from the new build would otherwise be told about the deploy it already runs.
      if (clientVersion && clientVersion !== current) socket.send(JSON.stringify(eventFor(current)))
    },
  } as never)

  return [
    defineRoute({
      method: 'GET', url: '/version.json', envelope: 'raw', auth: 'public',
      summary: 'Deployed version {version, buildTime}',
      handler: (_req, reply) => {
        reply.header('cache-control', 'no-cache, no-store')
        return raw({ version: current, buildTime: buildTime(config, started) })
      },
    }),
    defineRoute({
      method: 'POST', url: '/api/admin/announce-deploy', envelope: 'main', auth: 'user',
      summary: 'Announce a deploy (admin): pushes the version event to every connected console',
      body: z.object({ version: z.string().trim().min(1, 'errors:field.required').max(50) }),
      handler: async ({ auth, body }) => {
        if (!auth.roles.includes(ADMIN_ROLE)) throw forbidden('errors:auth.missingPermission', { permission: ADMIN_ROLE })
        current = body.version
        await db.insert(shellMeta).values({ key: 'version', value: current })
          .onConflictDoUpdate({ target: shellMeta.key, set: { value: current, updatedAt: sql`now()` } })
        return { version: current, notified: broadcast(current) }
      },
    }),
  ]
}
