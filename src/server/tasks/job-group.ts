// Job group membership, one rule for every task kind that can be allotted to a group (shelving, picking,
// replenishment): a job group's member_ids are staff rows (basic data → staff), and a staff row is the
// signed-in user with the same username (unique in both tables; the demo seed links them the same way).
// A group without members admits nobody: reassign the task.
import { sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { rowsOf } from '../db/rows'

/** SQL: the user (by username) is a member of the group whose member_ids is given (e.g. sql`g.member_ids`). */
export function isJobGroupMember(memberIds: SQL, username: string | null): SQL {
  return sql`EXISTS (SELECT 1 FROM staff s WHERE s.id = ANY(coalesce(${memberIds}, '{}'::integer[])) AND lower(s.username) = lower(${username ?? ''}))`
}

/** The group's name and whether the user belongs to it; undefined when the group does not exist. */
export async function jobGroupMembership(q: Queryable, groupId: number, username: string | null): Promise<{ name: string; member: boolean } | undefined> {
  const [g] = rowsOf(await q.execute(sql`SELECT g.name, ${isJobGroupMember(sql`g.member_ids`, username)} AS member FROM job_group g WHERE g.id = ${groupId}`))
  return g ? { name: String(g.name), member: g.member === true } : undefined
}
