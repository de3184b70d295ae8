// Uploaded files: POST /api/files/upload (multipart, one file, spec section 5 rules from
// src/domain/upload.ts) stores the bytes in file_object; GET /api/files/:id serves them back.
import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Config } from '../../config'
import type { AppDb } from '../../db/client'
import { fileObject } from '../../db/schema/shell'
import { defineRoute, type RouteDef } from '../../http/route'
import { AppError, fieldError, notFound, tooManyRequests } from '../../http/errors'
import { SlidingWindowLimiter } from '../auth/rate-limit'
import { rowsOf } from '../../resources/service'
import { checkUpload, contentTypeFor, isUploadPurpose, MB, UPLOAD_PURPOSES, UPLOAD_RULES, type UploadPurpose } from '../../../domain/upload'

export interface StoredFile { id: string; url: string; name: string; size: number }

export const fileUrl = (id: string) => `/api/files/${id}`

/** A client's file name reduced to a safe display name (no path, no control characters). */
export function cleanFileName(name: string): string {
  const base = [...(name.split(/[\\/]/).pop() ?? '')].filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f' && c !== '"').join('').trim()
  return (base || 'file').slice(-200)
}

const codeOf = (e: unknown) => (e && typeof e === 'object' ? (e as { code?: string }).code : undefined)

/**
 * Per-user upload limits (issue 10), one instance per server (`app.uploads`): uploads per user per
 * window on every upload route (import checks included) → 429, and bytes of stored files per user → 413.
 * The window is kept in memory like the sign-in brake (per process).
 */
export interface UploadGuard { perUser: SlidingWindowLimiter; quotaBytes: number }
export const uploadGuard = (config: Config): UploadGuard => ({
  perUser: new SlidingWindowLimiter(config.uploadLimitCount, config.uploadLimitWindowSec * 1000),
  quotaBytes: config.uploadQuotaMb * MB,
})
declare module 'fastify' {
  interface FastifyInstance { uploads: UploadGuard }
}

/** Multipart framing and the few small text fields (fieldSize × fields) a request may carry beside its file. */
const FIELD_SIZE = 16 * 1024
const MAX_FIELDS = 20
const MULTIPART_SLACK = FIELD_SIZE * MAX_FIELDS + 64 * 1024

/**
 * Reads exactly one file part of a multipart request under the purpose's rule. First the caller's upload
 * window (429), then the declared length (a body longer than the rule's size plus framing is refused
 * before it is read), then the extension (before any byte is buffered), then the size (busboy stops at
 * the limit, so an oversized file is never held whole). Nothing is written here: the caller stores the
 * result in its own transaction.
 */
export async function receiveOneFile(req: FastifyRequest, purpose: UploadPurpose): Promise<{ name: string; content: Buffer }> {
  const rule = UPLOAD_RULES[purpose]
  if (!req.isMultipart()) throw fieldError('file', 'notices:upload.noFile')
  const guard = req.server.uploads
  if (req.auth && guard) {
    const key = String(req.auth.userId)
    const wait = guard.perUser.retryAfter(key)
    if (wait > 0) throw tooManyRequests('errors:upload.tooMany', { retryAfter: wait, limit: guard.perUser.limit, minutes: Math.ceil(guard.perUser.windowMs / 60_000) })
    guard.perUser.hit(key)
  }
  const declared = Number(req.headers['content-length'])
  if (declared > rule.maxMb * MB + MULTIPART_SLACK) throw fieldError('file', 'errors:upload.tooLarge', { limit: rule.maxMb })
  let got: { name: string; content: Buffer } | undefined
  try {
    for await (const part of req.parts({ limits: { fileSize: rule.maxMb * MB, files: 2, fields: MAX_FIELDS, fieldSize: FIELD_SIZE } })) {
      if (part.type !== 'file') continue
      if (got) { part.file.resume(); throw fieldError('file', 'notices:upload.oneFile') }
      const name = cleanFileName(part.filename)
      const check = checkUpload(rule, name)
      if (!check.ok) { part.file.resume(); throw fieldError('file', check.messageKey, check.params) }
      got = { name, content: await part.toBuffer() }
    }
  } catch (e) {
    const code = codeOf(e)
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', 'errors:upload.tooLarge', { limit: rule.maxMb })
    if (code === 'FST_FILES_LIMIT') throw fieldError('file', 'notices:upload.oneFile')
    throw e
  }
  if (!got) throw fieldError('file', 'notices:upload.noFile')
  // Belt and braces: the stream limit above already refused anything larger.
  const sized = checkUpload(rule, got.name, got.content.length)
  if (!sized.ok) throw fieldError('file', sized.messageKey, sized.params)
  return got
}

/**
 * Stores an uploaded file for `userId`, within the user's quota of stored bytes (`quotaBytes`): over it,
 * 413 naming the file, nothing stored. The user's files are summed under a per-user advisory lock, so two
 * uploads at once cannot both slip under the quota.
 */
export async function storeFile(db: AppDb, file: { name: string; content: Buffer }, purpose: UploadPurpose, userId: number | null, quotaBytes: number): Promise<StoredFile> {
  const id = randomUUID()
  const size = file.content.length
  await db.transaction(async (tx) => {
    if (userId !== null) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${UPLOAD_QUOTA_LOCK}, ${userId})`)
      const [r] = rowsOf(await tx.execute(sql`SELECT coalesce(sum(size), 0)::bigint AS used FROM file_object WHERE uploaded_by = ${userId}`))
      const used = Number(r?.used ?? 0)
      if (used + size > quotaBytes) {
        const params = { quota: Math.floor(quotaBytes / MB), used: Math.ceil(used / MB) }
        throw new AppError(413, 'errors:upload.quotaFull', params, [{ field: 'file', messageKey: 'errors:upload.quotaFull', params }])
      }
    }
    await tx.insert(fileObject).values({ id, name: file.name, contentType: contentTypeFor(file.name), size, purpose, content: file.content, uploadedBy: userId })
  })
  return { id, url: fileUrl(id), name: file.name, size }
}
/** Advisory-lock namespace of the per-user upload quota (the key's second half is the user id). */
const UPLOAD_QUOTA_LOCK = 0x5550


const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp|bmp|svg\+xml)|application\/pdf)$/

export function fileRoutes(db: AppDb): RouteDef[] {
  return [
    defineRoute({
      method: 'POST', url: '/api/files/upload', envelope: 'main', auth: 'user', rawBody: true,
      summary: 'Upload one file (multipart field "file"); ?purpose=template|smallImport|label|app|attachment picks the spec section 5 rule',
      query: z.object({ purpose: z.enum(UPLOAD_PURPOSES as [UploadPurpose, ...UploadPurpose[]]).default('template') }),
      handler: async ({ query, raw, auth }) => {
        const purpose = isUploadPurpose(query.purpose) ? query.purpose : 'template'
        const file = await receiveOneFile(raw, purpose)
        return storeFile(db, file, purpose, auth.userId, raw.server.uploads.quotaBytes)
      },
    }),
    defineRoute({
      method: 'GET', url: '/api/files/:id', envelope: 'main', auth: 'public',
      // Public by capability: the id is a random UUID handed out only to the uploader and the screens
      // that reference it (an <img> or a download link cannot send the bearer header).
      summary: 'Download a stored file (content-disposition carries its name)',
      params: z.object({ id: z.uuid() }),
      handler: async ({ params }, reply) => {
        const [f] = await db.select().from(fileObject).where(eq(fileObject.id, params.id))
        if (!f) throw notFound()
        const disposition = INLINE_TYPES.test(f.contentType) ? 'inline' : 'attachment'
        const ascii = f.name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_')
        return reply
          .header('content-type', f.contentType)
          .header('content-length', String(f.content.length))
          .header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.name)}`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(f.content)
      },
    }),
  ]
}
