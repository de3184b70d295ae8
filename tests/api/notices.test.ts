// The notification service (spec section 7, base /notice-api): plain {data}, non-200 = failure. Notices
// are unread per reader until closed; feedback is validated and listed newest first; attachments upload.
// The identity in the body must be the caller's.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { seedShell, DEMO_SLIDE_IDS } from '../../src/server/db/seed-shell'

let t: TestApp
const users: Record<string, { token: string; id: number }> = {}

async function login(username: string) {
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/user/token', payload: { username, password: 'Demo#2026' } })
  expect(res.statusCode, res.body).toBe(200)
  const token = res.json().data.access_token as string
  const info = await t.app.inject({ method: 'GET', url: '/wms-plus-base/common/pms/user/info', headers: { authorization: `Bearer ${token}` } })
  users[username] = { token, id: info.json().data.id }
}

const post = (user: string, path: string, payload: object, lang = 'en-US') =>
  t.app.inject({ method: 'POST', url: `/notice-api${path}`, payload, headers: { authorization: `Bearer ${users[user].token}`, 'x-language-header': lang } })
const me = (user: string) => ({ noticeSource: 'WMS', readerId: users[user].id, userName: user })

function multipart(name: string, content: Buffer) {
  const b = '----wmsnotice'
  const payload = Buffer.concat([
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content, Buffer.from(`\r\n--${b}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${b}` } }
}

beforeAll(async () => {
  t = await createTestApp()
  // The demo seed calls seedShell; calling it again proves it is idempotent (no duplicate notices).
  await t.database.tx((tx) => seedShell(tx))
  await t.database.tx((tx) => seedShell(tx))
  for (const u of ['admin', 'receiver', 'picker']) await login(u)
})
afterAll(async () => { await t?.close() })

describe('notices', () => {
  it('the demo has one SystemAnnouncement with two slides and release notices, all unread', async () => {
    const res = await post('receiver', '/noticeManage/getNotice', me('receiver'))
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(Object.keys(body)).toEqual(['data'])
    expect(body.data).toHaveLength(3)
    const ann = body.data.filter((n: { noticeType: number }) => n.noticeType === 2)
    expect(ann).toHaveLength(1)
    const slides = JSON.parse(ann[0].announceContent)
    expect(slides).toHaveLength(2)
    expect(slides[0]).toMatchObject({ imageUrl: `/api/files/${DEMO_SLIDE_IDS[0]}`, title: expect.any(String), description: expect.any(String) })
    const release = body.data.find((n: { noticeType: number; noticeContent: string | null }) => n.noticeType === 1 && n.noticeContent)
    expect(release).toMatchObject({ noticeSource: 'WMS', closeTime: null, effectiveBegin: expect.any(String), createTime: expect.any(String) })
    // The slide images are real files.
    const img = await t.app.inject({ method: 'GET', url: slides[0].imageUrl })
    expect(img.statusCode).toBe(200)
    expect(img.headers['content-type']).toBe('image/svg+xml')
  })

  it('closing one sets its closeTime for that reader only', async () => {
    const [first] = (await post('receiver', '/noticeManage/getNotice', me('receiver'))).json().data
    const closed = await post('receiver', '/noticeManage/closeNotice', { ...me('receiver'), id: first.id })
    expect(closed.statusCode).toBe(200)
    expect(closed.json().data).toMatchObject({ id: first.id, closeTime: expect.any(String) })

    const unread = (await post('receiver', '/noticeManage/getNotice', me('receiver'))).json().data
    expect(unread.map((n: { id: number }) => n.id)).not.toContain(first.id)
    const all = (await post('receiver', '/noticeManage/getAllNotice', me('receiver'))).json().data
    expect(all).toHaveLength(3)
    expect(all.find((n: { id: number }) => n.id === first.id).closeTime).not.toBeNull()
    // The picker still has it unread.
    expect((await post('picker', '/noticeManage/getNotice', me('picker'))).json().data).toHaveLength(3)

    // Closing twice keeps the first close time.
    const again = await post('receiver', '/noticeManage/closeNotice', { ...me('receiver'), id: first.id })
    expect(again.json().data.closeTime).toBe(closed.json().data.closeTime)
  })

  it('allRead closes every unread notice; the unread count on the dashboard follows', async () => {
    const stat = async () => (await t.app.inject({
      method: 'POST', url: '/wms-plus-base/statistics/total', payload: { keys: ['noticesUnread'] },
      headers: { authorization: `Bearer ${users.picker.token}`, 'x-userinfo-header': `1-picker-26` },
    })).json().data.noticesUnread
    expect(await stat()).toBe(3)
    const res = await post('picker', '/noticeManage/allRead', me('picker'))
    expect(res.json()).toEqual({ data: 3 })
    expect((await post('picker', '/noticeManage/getNotice', me('picker'))).json().data).toEqual([])
    expect(await stat()).toBe(0)
    expect((await post('picker', '/noticeManage/getAllNotice', me('picker'))).json().data.every((n: { closeTime: string | null }) => n.closeTime)).toBe(true)
  })

  it('a notice addressed to one reader, or not yet in effect, is not shown to others', async () => {
    await t.database.query(`INSERT INTO notice (notice_type, notice_title, notice_content, reader_id) VALUES (1, 'Only for admin', 'x', $1)`, [users.admin.id])
    await t.database.query(`INSERT INTO notice (notice_type, notice_title, effective_begin) VALUES (1, 'Tomorrow', now() + interval '1 day')`)
    const admin = (await post('admin', '/noticeManage/getAllNotice', me('admin'))).json().data.map((n: { noticeTitle: string }) => n.noticeTitle)
    expect(admin).toContain('Only for admin')
    expect(admin).not.toContain('Tomorrow')
    const receiver = (await post('receiver', '/noticeManage/getAllNotice', me('receiver'))).json().data.map((n: { noticeTitle: string }) => n.noticeTitle)
    expect(receiver).not.toContain('Only for admin')
    const id = (await t.database.query<{ id: number }>(`SELECT id FROM notice WHERE notice_title = 'Only for admin'`))[0].id
    const foreign = await post('receiver', '/noticeManage/closeNotice', { ...me('receiver'), id })
    expect(foreign.statusCode).toBe(404)
  })

  it('refuses a readerId that is not the caller (403), a missing readerId (400) and no token (401)', async () => {
    const other = await post('receiver', '/noticeManage/getNotice', { ...me('receiver'), readerId: users.admin.id })
    expect(other.statusCode).toBe(403)
    expect(other.json()).toMatchObject({ messageKey: 'notices:errors.notYou' })
    const missing = await post('receiver', '/noticeManage/getNotice', { noticeSource: 'WMS' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors[0].field).toBe('readerId')
    const anon = await t.app.inject({ method: 'POST', url: '/notice-api/noticeManage/getNotice', payload: me('receiver') })
    expect(anon.statusCode).toBe(401)
    expect(anon.json().data).toBeUndefined()
  })
})

describe('feedback', () => {
  const send = (user: string, extra: object) => post(user, '/sysFeedback', { feedbackUserId: users[user].id, feedbackUserName: user, noticeSource: 'WMS', feedbackFile: [], ...extra })

  it('stores trimmed feedback as pending and lists mine newest first with a status name', async () => {
    const a = await send('receiver', { feedbackContent: '  The scan beep is too quiet  ' })
    expect(a.statusCode).toBe(200)
    expect(a.json().data).toMatchObject({ feedbackContent: 'The scan beep is too quiet', feedbackStatus: 0, feedbackUserName: 'Rui Receiver' })
    await send('receiver', { feedbackContent: 'Please add a dark theme', feedbackFile: ['/api/files/abc'] })
    await send('picker', { feedbackContent: 'Not the receiver’s' })
    await t.database.query(`UPDATE feedback SET feedback_status = 90 WHERE feedback_content = 'The scan beep is too quiet'`)

    const list = (await post('receiver', '/sysFeedback/getAllFeedback', { noticeSource: 'WMS', feedbackUserId: users.receiver.id })).json().data
    expect(list.map((f: { feedbackContent: string }) => f.feedbackContent)).toEqual(['Please add a dark theme', 'The scan beep is too quiet'])
    expect(list[0]).toMatchObject({ feedbackStatus: 0, feedbackStatusName: 'Pending', feedbackFile: ['/api/files/abc'] })
    expect(list[1]).toMatchObject({ feedbackStatus: 90, feedbackStatusName: 'Finished' })
    const zh = (await post('receiver', '/sysFeedback/getAllFeedback', { noticeSource: 'WMS' }, 'zh-CN')).json().data
    expect(zh[0].feedbackStatusName).toBe('待处理')
  })

  it('refuses empty (after trimming) and over-500-character content, naming feedbackContent', async () => {
    for (const feedbackContent of ['', '    ', 'x'.repeat(501), undefined]) {
      const res = await send('receiver', { feedbackContent })
      expect(res.statusCode, String(feedbackContent)).toBe(400)
      expect(res.json().errors[0].field).toBe('feedbackContent')
    }
    expect((await send('receiver', { feedbackContent: 'y'.repeat(500) })).statusCode).toBe(200)
    const long = await send('receiver', { feedbackContent: 'x'.repeat(501) })
    expect(long.json().errors[0]).toMatchObject({ messageKey: 'errors:field.tooBig', message: 'Feedback is too large (maximum 500)' })
  })

  it('refuses feedback in someone else’s name, and listing someone else’s', async () => {
    const res = await post('receiver', '/sysFeedback', { feedbackContent: 'hi', feedbackUserId: users.admin.id, noticeSource: 'WMS' })
    expect(res.statusCode).toBe(403)
    const list = await post('receiver', '/sysFeedback/getAllFeedback', { noticeSource: 'WMS', feedbackUserId: users.admin.id })
    expect(list.statusCode).toBe(403)
  })
})

describe('attachment upload', () => {
  const upload = (name: string, content: Buffer) => {
    const m = multipart(name, content)
    return t.app.inject({ method: 'POST', url: '/notice-api/common/upload', payload: m.payload, headers: { authorization: `Bearer ${users.receiver.token}`, ...m.headers } })
  }

  it('takes an image and answers {data: url} that serves it', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    const res = await upload('screen shot.png', png)
    expect(res.statusCode, res.body).toBe(200)
    const url = res.json().data
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/)
    const img = await t.app.inject({ method: 'GET', url })
    expect(img.headers['content-type']).toBe('image/png')
    expect(img.headers['content-disposition']).toMatch(/^inline;/)
    expect(img.rawPayload.equals(png)).toBe(true)
  })

  it('refuses other formats and files over 10 MB with the spec messages', async () => {
    const exe = await upload('tool.exe', Buffer.from('MZ'))
    expect(exe.statusCode).toBe(400)
    expect(exe.json()).toMatchObject({ errors: [{ field: 'file', messageKey: 'errors:upload.badFormat' }] })
    expect(exe.json().errors[0].message).toBe('please confirm upload file format [png, jpg, jpeg, gif, webp, bmp, pdf]')
    const big = await upload('scan.pdf', Buffer.alloc(10 * 1024 * 1024 + 1))
    expect(big.statusCode).toBe(400)
    expect(big.json().errors[0].message).toBe('uploaded file size cannot exceed 10M')
  })
})
