// Uploaded files: POST /api/files/upload (multipart, one file, spec section 5 rules from
// src/domain/upload.ts) stores the bytes in file_object; GET /api/files/:id serves them back.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Config } from '../../config'
import type { AppDb } from '../../db/client'
import { fileObject } from '../../db/schema/shell'
import { defineRoute, type RouteDef } from '../../http/route'
import { AppError, notFound } from '../../http/errors'
import { receiveOneFile, type UploadGuard } from '../../http/upload'
import { SlidingWindowLimiter } from '../auth/rate-limit'
import { rowsOf } from '../../db/rows'
import { contentTypeFor, isUploadPurpose, MB, UPLOAD_PURPOSES, type UploadPurpose } from '../../../domain/upload'

export interface StoredFile { id: string; url: string; name: string; size: number }

export const fileUrl = (id: string) => `/api/files/${id}`

/** The server's upload limits (`app.uploads`, src/server/http/upload.ts): the window is kept in memory like the sign-in brake. */
export const uploadGuard = (config: Config): UploadGuard => ({
  perUser: new SlidingWindowLimiter(config.uploadLimitCount, config.uploadLimitWindowSec * 1000),
  quotaBytes: config.uploadQuotaMb * MB,
})

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
