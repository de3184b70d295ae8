// The L/T-days sheet's dry run names the column in every cell message (a blank or out-of-range L/T
// days reads "L/T days is required" / "… is too large", in the operator's language), and its template
// carries the translated headers the dry run reads back.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import ExcelJS from 'exceljs'
import { createTestApp, type TestApp } from '../helpers/app'
import { LT_DRY_RUN_URL, LT_TEMPLATE_URL } from '../../src/domain/resources/product/rules'

let t: TestApp
let admin: string
const headers = (lang: string) => ({ authorization: `Bearer ${admin}`, 'x-userinfo-header': '1-admin-26', 'x-language-header': lang })

async function upload(content: Buffer, lang: string) {
  const boundary = `----b${randomUUID()}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lt.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    content, Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return t.app.inject({ method: 'POST', url: LT_DRY_RUN_URL, payload, headers: { ...headers(lang), 'content-type': `multipart/form-data; boundary=${boundary}` } })
}

beforeAll(async () => {
  t = await createTestApp()
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username: 'admin', password: 'Demo#2026' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  admin = res.json().datas.access_token
}, 120_000)
afterAll(async () => { await t?.close() })

describe('L/T sheet', () => {
  it('the template\'s headers come back as a dry run whose cell messages name their column', async () => {
    for (const [lang, required, tooBig] of [['en-US', 'L/T days is required', 'L/T days is too large (maximum 365)'], ['zh-CN', 'L/T天数', 'L/T天数']] as const) {
      const tpl = await t.app.inject({ method: 'GET', url: LT_TEMPLATE_URL, headers: headers(lang) })
      expect(tpl.statusCode).toBe(200)
      const wb = new ExcelJS.Workbook()
      await wb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer)
      const ws = wb.worksheets[0]
      const [styleNo] = await t.database.query<{ style_no: string }>(`select style_no from product_style where tenant_id = 1 and entry_status = 'incomplete' and source = 'local' order by id limit 1`)
      ws.addRow([styleNo.style_no, null])
      ws.addRow([`${styleNo.style_no}-X`, 999])
      const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()), lang)
      expect(res.statusCode, res.body).toBe(200)
      const errors = res.json().data.errors as { row: number; field: string; message: string }[]
      expect(errors.find((e) => e.row === 2)).toMatchObject({ field: 'ltDays' })
      expect(errors.find((e) => e.row === 2)!.message).toContain(required)
      expect(errors.find((e) => e.row === 3 && e.field === 'ltDays')!.message).toContain(tooBig)
      expect(errors.every((e) => !e.message.includes('{{'))).toBe(true)
    }
  })
})
