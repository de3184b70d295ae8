// A signed-in API client over a TestApp: sign in as a demo user, then GET/POST and run commands
// (POST /api/commands/:id with a fresh or given Idempotency-Key) in a (tenant, warehouse) pair.
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import type { TestApp } from './app'

export const DEMO_PASSWORD = 'Demo#2026'

export interface ApiClient {
  token: string
  headers: Record<string, string>
  get(url: string): Promise<LightMyRequestResponse>
  post(url: string, body: unknown): Promise<LightMyRequestResponse>
  cmd(commandId: string, args: unknown, idempotencyKey?: string): Promise<LightMyRequestResponse>
  /** The same user in another pair (or language). */
  in(pair: { tenantId?: number; warehouseId?: number; lang?: string }): ApiClient
}

export async function signIn(t: TestApp, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await t.app.inject({
    method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`)
  return res.json().datas.access_token
}

export function client(t: TestApp, token: string, username: string, pair: { tenantId?: number; warehouseId?: number; lang?: string } = {}): ApiClient {
  const tenantId = pair.tenantId ?? 1
  const warehouseId = pair.warehouseId ?? 26
  const headers = {
    authorization: `Bearer ${token}`, 'x-userinfo-header': `${tenantId}-${encodeURIComponent(username)}-${warehouseId}`, 'x-language-header': pair.lang ?? 'en-US',
  }
  return {
    token, headers,
    get: (url) => t.app.inject({ method: 'GET', url, headers }),
    post: (url, body) => t.app.inject({ method: 'POST', url, payload: body as object, headers }),
    cmd: (commandId, args, key) => t.app.inject({
      method: 'POST', url: `/api/commands/${commandId}`, payload: (args ?? {}) as object, headers: { ...headers, 'idempotency-key': key ?? randomUUID() },
    }),
    in: (p) => client(t, token, username, { tenantId, warehouseId, lang: pair.lang, ...p }),
  }
}

/** Sign in and return the client of the user's first pair (or the given one). */
export async function apiAs(t: TestApp, username: string, pair?: { tenantId?: number; warehouseId?: number; lang?: string }): Promise<ApiClient> {
  return client(t, await signIn(t, username), username, pair)
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** POSTs one file as multipart `file` (what the browser's upload and import dialogs send). */
export function postFile(t: TestApp, url: string, headers: Record<string, string>, content: Buffer, filename = 'orders.xlsx', contentType = XLSX_TYPE) {
  const boundary = `----b${randomUUID()}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content, Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } })
}

/** Runs a command that must succeed (200) and returns its data; the failure names the command and the answer. */
export async function expectOk(c: ApiClient, command: string, args: Record<string, unknown>) {
  const r = await c.cmd(command, args)
  expect(r.statusCode, `${command} ${r.body}`).toBe(200)
  return r.json().data
}

/** Runs a command that must be refused with `status` and the message key `key`; returns the envelope. */
export async function expectRefused(c: ApiClient, command: string, args: Record<string, unknown>, status: number, key: string) {
  const r = await c.cmd(command, args)
  expect(r.statusCode, `${command} ${r.body}`).toBe(status)
  expect(r.json().messageKey, r.body).toBe(key)
  return r.json()
}
