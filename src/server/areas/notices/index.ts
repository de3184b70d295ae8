// The notification service (spec section 7, base /notice-api): notices with per-reader close times,
// feedback, and attachment upload. Plain {data} responses; anything but HTTP 200 is a failure. The
// identity in the body (readerId / feedbackUserId) must be the signed-in user's: it comes from the token.
import { and, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Area } from '../../http/area'
import type { AuthContext } from '../../http/context'
import { defineRoute, registerRoutes } from '../../http/route'
import { forbidden, notFound } from '../../http/errors'
import { feedback } from '../../db/schema/shell'
import { translate } from '../../i18n'
import { dictLabelKey } from '../../../domain/dictionaries'
import { closeAll, closeNotice, listNotices, type NoticeReader } from './service'
import { storeFile } from '../session/files'
import { receiveOneFile } from '../../http/upload'

const noticeSource = z.string().trim().min(1).max(20).default('WMS')
const identity = z.object({
  noticeSource,
  readerId: z.coerce.number().int().positive(),
  userName: z.string().max(100).optional(),
})

function readerOf(auth: AuthContext, body: { readerId: number; noticeSource: string }): NoticeReader {
  if (body.readerId !== auth.userId) throw forbidden('notices:errors.notYou')
  return { userId: auth.userId, noticeSource: body.noticeSource }
}

export const FEEDBACK_MAX = 500

export const noticesArea: Area = (app, { db }) => {
  registerRoutes(app, [
    defineRoute({
      method: 'POST', url: '/notice-api/noticeManage/getNotice', envelope: 'notice', auth: 'user',
      summary: 'Unread notices for the reader (closeTime null), newest first',
      body: identity,
      handler: ({ auth, body }) => listNotices(db, readerOf(auth, body), true),
    }),
    defineRoute({
      method: 'POST', url: '/notice-api/noticeManage/getAllNotice', envelope: 'notice', auth: 'user',
      summary: 'All notices for the reader, with closeTime set once read',
      body: identity,
      handler: ({ auth, body }) => listNotices(db, readerOf(auth, body), false),
    }),
    defineRoute({
      method: 'POST', url: '/notice-api/noticeManage/allRead', envelope: 'notice', auth: 'user',
      summary: 'Mark every unread notice read; data = how many were closed',
      body: identity,
      handler: ({ auth, body }) => closeAll(db, readerOf(auth, body)),
    }),
    defineRoute({
      method: 'POST', url: '/notice-api/noticeManage/closeNotice', envelope: 'notice', auth: 'user',
      summary: 'Mark one notice read (sets its closeTime for the reader); data = the notice',
      body: identity.extend({ id: z.coerce.number().int().positive() }),
      handler: async ({ auth, body }) => {
        const n = await closeNotice(db, readerOf(auth, body), body.id)
        if (!n) throw notFound()
        return n
      },
    }),
    defineRoute({
      method: 'POST', url: '/notice-api/sysFeedback', envelope: 'notice', auth: 'user',
      summary: 'Send feedback (feedbackContent 1-500 characters after trimming, feedbackFile: attachment URLs)',
      body: z.object({
        feedbackContent: z.string().trim().min(1, 'errors:field.required').max(FEEDBACK_MAX),
        feedbackFile: z.array(z.string().trim().min(1).max(2000)).max(20).default([]),
        feedbackUserId: z.coerce.number().int().positive(),
        feedbackUserName: z.string().max(100).optional(),
        noticeSource,
      }),
      handler: async ({ auth, body }) => {
        if (body.feedbackUserId !== auth.userId) throw forbidden('notices:errors.notYou')
        const [row] = await db.insert(feedback).values({
          feedbackContent: body.feedbackContent,
          feedbackFile: body.feedbackFile,
          feedbackUserId: auth.userId,
          // The name shown to whoever handles it is the account's, not what the client typed.
          feedbackUserName: auth.employeeName || auth.username,
          noticeSource: body.noticeSource,
        }).returning()
        return row
      },
    }),
    defineRoute({
      method: 'POST', url: '/notice-api/sysFeedback/getAllFeedback', envelope: 'notice', auth: 'user',
      summary: 'My feedback, newest first, with feedbackStatus (0/10/20/90) and feedbackStatusName',
      body: z.object({
        noticeSource,
        feedbackUserId: z.coerce.number().int().positive().optional(),
        readerId: z.coerce.number().int().positive().optional(),
      }),
      handler: async ({ auth, body, raw }) => {
        for (const id of [body.feedbackUserId, body.readerId]) if (id !== undefined && id !== auth.userId) throw forbidden('notices:errors.notYou')
        const rows = await db.select().from(feedback).where(and(eq(feedback.feedbackUserId, auth.userId), eq(feedback.noticeSource, body.noticeSource)))
          .orderBy(desc(feedback.createTime), desc(feedback.id)).limit(200)
        return rows.map((r) => ({ ...r, feedbackStatusName: translate(raw.lang, dictLabelKey('feedbackStatus', r.feedbackStatus)) }))
      },
    }),
    defineRoute({
      method: 'POST', url: '/notice-api/common/upload', envelope: 'notice', auth: 'user', rawBody: true,
      summary: 'Upload one feedback attachment (images or pdf, ≤ 10 MB); data = its URL',
      handler: async ({ auth, raw }) => {
        const file = await receiveOneFile(raw, 'attachment')
        return (await storeFile(db, file, 'attachment', auth.userId, raw.server.uploads.quotaBytes)).url
      },
    }),
  ])
}
