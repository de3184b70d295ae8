// Receiving an uploaded file (multipart, one file, spec section 5 rules from src/domain/upload.ts) under
// the server's per-user upload limits (`app.uploads`). A helper of the HTTP layer: areas and resource
// groups use it; storing the bytes is the caller's (src/server/areas/session/files.ts storeFile).
import type { FastifyRequest } from 'fastify'
import { fieldError, tooManyRequests } from './errors'
import { checkUpload, MB, UPLOAD_RULES, type UploadPurpose } from '../../domain/upload'

/** A client's file name reduced to a safe display name (no path, no control characters). */
export function cleanFileName(name: string): string {
  const base = [...(name.split(/[\\/]/).pop() ?? '')].filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f' && c !== '"').join('').trim()
  return (base || 'file').slice(-200)
}

const codeOf = (e: unknown) => (e && typeof e === 'object' ? (e as { code?: string }).code : undefined)

/**
 * Per-user upload limits (issue 10), one instance per server (`app.uploads`): uploads per user per
 * window on every upload route (import checks included) → 429, and bytes of stored files per user → 413.
 */
export interface UploadGuard {
  /** A sliding window per user id (src/server/areas/auth/rate-limit.ts SlidingWindowLimiter). */
  perUser: { readonly limit: number; readonly windowMs: number; retryAfter(key: string): number; hit(key: string): void }
  quotaBytes: number
}
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
