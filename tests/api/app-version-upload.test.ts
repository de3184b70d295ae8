// App versions accept apk/wgt up to 50 MB (spec section 5) — the field's uploadPurpose 'app': the upload
// itself refuses other formats and larger files, and saving a version refuses a stored file that does
// not pass the same rule (e.g. a PDF uploaded as an attachment), each with the spec's message.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import { createTestApp, type TestApp } from '../helpers/app'
import { MB } from '../../src/domain/upload'

let t: TestApp
let admin: string

async function login(username: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username, password: 'Demo#2026' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().datas.access_token
}
const headers = () => ({ authorization: `Bearer ${admin}`, 'x-userinfo-header': '1-admin-26', 'x-language-header': 'en-US' })
const run = (args: unknown) => t.app.inject({ method: 'POST', url: '/api/commands/resource.appVersion.add', payload: args as object, headers: { ...headers(), 'idempotency-key': randomUUID() } })

function upload(purpose: string, name: string, content: Buffer) {
  const boundary = `----b${randomUUID()}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content, Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return t.app.inject({ method: 'POST', url: `/api/files/upload?purpose=${purpose}`, payload, headers: { ...headers(), 'content-type': `multipart/form-data; boundary=${boundary}` } })
}
const versions = async (appId: string) => Number((await t.database.query<{ n: number }>('select count(*)::int n from app_version where app_id = $1', [appId]))[0].n)
const version = (appId: string, fileUrl: string) => ({ versionNumber: '5.11.4', appId, description: 'PDA build', fileUrl })

beforeAll(async () => {
  t = await createTestApp()
  admin = await login('admin')
}, 120_000)
afterAll(async () => { await t?.close() })

describe('app version packages (upload purpose app)', () => {
  it('the upload refuses another extension and more than 50 MB with the spec messages', async () => {
    const exe = await upload('app', 'pda.exe', Buffer.from('MZ'))
    expect(exe.statusCode).toBe(400)
    expect(exe.json().errors[0]).toMatchObject({ field: 'file', messageKey: 'errors:upload.badFormat', message: 'please confirm upload file format [apk, wgt]' })
    const big = await upload('app', 'pda.apk', Buffer.alloc(50 * MB + 1))
    expect(big.statusCode).toBe(400)
    expect(big.json().errors[0]).toMatchObject({ field: 'file', messageKey: 'errors:upload.tooLarge', message: 'uploaded file size cannot exceed 50M' })
  }, 60_000)

  it('saving a version refuses a stored file of another format, naming the field', async () => {
    const pdf = await upload('attachment', 'manual.pdf', Buffer.from('%PDF-1.4'))
    expect(pdf.statusCode, pdf.body).toBe(200)
    const res = await run(version('com.demo.pdf', pdf.json().data.url))
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'fileUrl', messageKey: 'errors:upload.badFormat', message: 'please confirm upload file format [apk, wgt]' })])
    // An address elsewhere is checked by its extension.
    const ext = await run(version('com.demo.ext', 'https://cdn.example.com/builds/pda.zip'))
    expect(ext.json().errors?.[0]).toMatchObject({ field: 'fileUrl', messageKey: 'errors:upload.badFormat' })
    expect(await versions('com.demo.pdf') + await versions('com.demo.ext')).toBe(0)
  })

  it('saving a version refuses a stored package over 50 MB', async () => {
    // Inserted directly (no upload route stores more than 50 MB): the save checks the stored size itself.
    const id = randomUUID()
    await t.database.query(`insert into file_object (id, name, content_type, size, purpose, content) values ($1, 'huge.apk', 'application/vnd.android.package-archive', $2, 'template', '\\x00'::bytea)`, [id, 50 * MB + 1])
    const res = await run(version('com.demo.huge', `/api/files/${id}`))
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'fileUrl', messageKey: 'errors:upload.tooLarge', message: 'uploaded file size cannot exceed 50M' })])
    expect(await versions('com.demo.huge')).toBe(0)
  })

  it('an apk uploaded for the app purpose is saved; editing to an unknown stored file is refused', async () => {
    const apk = await upload('app', 'pda-5.11.4.apk', Buffer.from('PK\u0003\u0004'))
    expect(apk.statusCode, apk.body).toBe(200)
    const res = await run(version('com.demo.ok', apk.json().data.url))
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().data.id
    const edit = await t.app.inject({ method: 'POST', url: '/api/commands/resource.appVersion.edit', payload: { id, fileUrl: `/api/files/${randomUUID()}` }, headers: { ...headers(), 'idempotency-key': randomUUID() } })
    expect(edit.statusCode).toBe(400)
    expect(edit.json().errors[0]).toMatchObject({ field: 'fileUrl', messageKey: 'resources:errors.refNotFound' })
    const [row] = await t.database.query<{ file_url: string }>('select file_url from app_version where id = $1', [id])
    expect(row.file_url).toBe(apk.json().data.url)
  })
})
