// Users by username → the user screen with the user's form open. Admins find every user; other holders of the screen only
// users who work in their current tenant (the same scope as the admin commands).
import { and, asc, ilike, or, sql } from 'drizzle-orm'
import { appUser } from '../../../db/schema/index'
import { registerDocumentLookup, containsPattern } from '../registry'

registerDocumentLookup({
  type: 'user',
  titleKey: 'commands:search.type.user',
  permission: 'menu:rights-user',
  group: 'reference',
  opens: { path: '/rights/user?form=edit:{id}', testId: 'user-form' },
  async search(db, auth, q, limit) {
    const scoped = !auth.roles.includes('admin')
    const rows = await db.select({ id: appUser.id, username: appUser.username, employeeName: appUser.employeeName, status: appUser.status })
      .from(appUser)
      .where(and(
        or(ilike(appUser.username, containsPattern(q)), ilike(appUser.employeeName, containsPattern(q))),
        scoped ? sql`exists (select 1 from user_access ua where ua.user_id = ${appUser.id} and ua.tenant_id = ${auth.tenantId})` : undefined,
      ))
      // Exact and leading matches first so the limit never cuts the one the operator typed.
      .orderBy(sql`case when lower(${appUser.username}) = lower(${q}) then 0 when ${appUser.username} ilike ${`${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} then 1 else 2 end`, asc(appUser.username))
      .limit(limit)
    return rows.map((u) => ({ type: 'user', id: u.id, number: u.username, title: u.employeeName, status: u.status, path: `/rights/user?form=edit:${u.id}` }))
  },
})
