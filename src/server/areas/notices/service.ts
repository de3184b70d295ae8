// Queries of the notification service: which notices a reader sees, which are unread (no close
// time yet), marking read, and feedback. Shared by the notice routes and the dashboard counts.
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { Queryable } from '../../db/client'
import { notice, noticeRead, feedback } from '../../db/schema/shell'

export interface NoticeReader { userId: number; noticeSource: string }

/** Spec section 3 "Notice" — the shape the console reads. */
export interface NoticeView {
  id: number
  noticeType: number
  noticeTitle: string
  noticeContent: string | null
  announceContent: string | null
  detailedLinks: string | null
  effectiveBegin: Date
  createTime: Date
  closeTime: Date | null
  noticeSource: string
}

/** Notices addressed to the reader (everyone's, or theirs) that are in effect now. */
function visibleTo(r: NoticeReader) {
  return and(
    eq(notice.noticeSource, r.noticeSource),
    or(isNull(notice.readerId), eq(notice.readerId, r.userId)),
    lte(notice.effectiveBegin, sql`now()`),
    or(isNull(notice.effectiveEnd), gt(notice.effectiveEnd, sql`now()`)),
  )
}

const columns = {
  id: notice.id,
  noticeType: notice.noticeType,
  noticeTitle: notice.noticeTitle,
  noticeContent: notice.noticeContent,
  announceContent: notice.announceContent,
  detailedLinks: notice.detailedLinks,
  effectiveBegin: notice.effectiveBegin,
  createTime: notice.createTime,
  closeTime: noticeRead.closeTime,
  noticeSource: notice.noticeSource,
}

export async function listNotices(db: Queryable, r: NoticeReader, onlyUnread: boolean): Promise<NoticeView[]> {
  const rows = await db.select(columns).from(notice)
    .leftJoin(noticeRead, and(eq(noticeRead.noticeId, notice.id), eq(noticeRead.userId, r.userId)))
    .where(onlyUnread ? and(visibleTo(r), isNull(noticeRead.noticeId)) : visibleTo(r))
    .orderBy(desc(notice.effectiveBegin), desc(notice.id))
    .limit(500)
  return rows
}

export async function countUnread(db: Queryable, r: NoticeReader): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(notice)
    .leftJoin(noticeRead, and(eq(noticeRead.noticeId, notice.id), eq(noticeRead.userId, r.userId)))
    .where(and(visibleTo(r), isNull(noticeRead.noticeId)))
  return row.n
}

/** Marks one notice read; false when the reader cannot see it. Reading twice keeps the first time. */
export async function closeNotice(db: Queryable, r: NoticeReader, id: number): Promise<NoticeView | undefined> {
  const [visible] = await db.select({ id: notice.id }).from(notice).where(and(eq(notice.id, id), visibleTo(r)))
  if (!visible) return undefined
  await db.insert(noticeRead).values({ noticeId: id, userId: r.userId }).onConflictDoNothing()
  const [row] = await db.select(columns).from(notice)
    .leftJoin(noticeRead, and(eq(noticeRead.noticeId, notice.id), eq(noticeRead.userId, r.userId)))
    .where(eq(notice.id, id))
  return row
}

/** Marks every unread visible notice read; returns how many were closed. */
export async function closeAll(db: Queryable, r: NoticeReader): Promise<number> {
  const unread = await listNotices(db, r, true)
  if (unread.length === 0) return 0
  await db.insert(noticeRead).values(unread.map((n) => ({ noticeId: n.id, userId: r.userId }))).onConflictDoNothing()
  return unread.length
}

export async function countFeedback(db: Queryable, status: number, userId?: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(feedback)
    .where(userId === undefined ? eq(feedback.feedbackStatus, status) : and(eq(feedback.feedbackStatus, status), eq(feedback.feedbackUserId, userId)))
  return row.n
}
