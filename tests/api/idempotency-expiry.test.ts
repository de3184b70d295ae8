// Idempotency keys past their 24 h (IDEMPOTENCY_TTL_HOURS): the claim itself takes an expired key over
// (the command runs again instead of replaying a day-old answer), and expired keys of every user are
// swept away without a per-command DELETE. PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'
import { IDEMPOTENCY_TTL_HOURS } from '../../src/server/commands/execute'

let t: TestApp
let admin: ApiClient

const age = (key: string, hours: number) =>
  t.database.query(`UPDATE idempotency_key SET created_at = now() - make_interval(hours => $2) WHERE key = $1`, [key, hours])

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
}, 60_000)
afterAll(async () => { await t?.close() })

describe('expired idempotency keys', () => {
  it('are swept: an expired key of another user is gone after a command, a live one stays', async () => {
    // Before this file's first command (the sweep runs at most once per interval per database).
    await t.database.query(`INSERT INTO idempotency_key (user_id, key, command_id, args_digest, response, created_at)
      VALUES (999001, 'old-key-0001', 'x', 'x', '{}', now() - make_interval(hours => $1)),
             (999001, 'new-key-0001', 'x', 'x', '{}', now())`, [IDEMPOTENCY_TTL_HOURS + 1])
    const [u] = await t.database.query<{ id: number }>(`SELECT id FROM app_user WHERE username = 'picker'`)
    expect((await admin.cmd('admin.user.forceOffline', { userId: Number(u!.id) })).statusCode).toBe(200)
    const left = await t.database.query<{ key: string }>(`SELECT key FROM idempotency_key WHERE user_id = 999001 ORDER BY key`)
    expect(left.map((r) => r.key)).toEqual(['new-key-0001'])
  })

  it('a key past its TTL runs the command again; a live key replays', async () => {
    const [u] = await t.database.query<{ id: number }>(`SELECT id FROM app_user WHERE username = 'shelver'`)
    const target = Number(u!.id)
    const key = randomUUID()
    const hash = async () => (await t.database.query<{ h: string }>(`SELECT password_hash AS h FROM app_user WHERE id = $1`, [target]))[0]!.h

    const first = await admin.cmd('admin.user.resetPassword', { userId: target }, key)
    expect(first.statusCode, first.body).toBe(200)
    const h1 = await hash()
    await age(key, IDEMPOTENCY_TTL_HOURS - 1)
    const replay = await admin.cmd('admin.user.resetPassword', { userId: target }, key)
    expect(replay.headers['idempotent-replay']).toBe('true')
    expect(replay.json().data.temporaryPassword).toBe(first.json().data.temporaryPassword)
    expect(await hash()).toBe(h1)

    await age(key, IDEMPOTENCY_TTL_HOURS + 1)
    const again = await admin.cmd('admin.user.resetPassword', { userId: target }, key)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.headers['idempotent-replay']).toBeUndefined()
    expect(again.json().data.temporaryPassword).not.toBe(first.json().data.temporaryPassword)
    expect(await hash()).not.toBe(h1)
    // The key now holds the new answer, fresh again: one more delivery replays it.
    const [row] = await t.database.query<{ fresh: boolean }>(`SELECT created_at > now() - interval '1 minute' AS fresh FROM idempotency_key WHERE key = $1`, [key])
    expect(row!.fresh).toBe(true)
    const replay2 = await admin.cmd('admin.user.resetPassword', { userId: target }, key)
    expect(replay2.headers['idempotent-replay']).toBe('true')
    expect(replay2.json().data.temporaryPassword).toBe(again.json().data.temporaryPassword)
  })
})
