// Every call of spec section 7 "Session and shell" and of the notification service exists at the spec's
// path with the spec's method (paths the spec does not show are ours, noted), answers in the envelope
// its client reads, and is listed in the OpenAPI document at /api/docs/openapi.json.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'

type Envelope = 'main' | 'second' | 'notice' | 'raw'
interface SpecCall { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; envelope: Envelope; what: string }

export const SPEC_CALLS: SpecCall[] = [
  // Session and shell
  { method: 'GET', path: '/wms-plus-base/common/pms/user/menus', envelope: 'main', what: 'menu tree (data.menus)' },
  { method: 'GET', path: '/wms-plus-base/common/pms/user/menu/res/:menuId', envelope: 'main', what: 'button permissions of a menu (data.res, data.skipAuth)' },
  { method: 'GET', path: '/wms-plus-base/common/pms/user/info', envelope: 'main', what: 'user info (data.id)' },
  { method: 'GET', path: '/wms-plus-base/common/pms/user/getInfo', envelope: 'main', what: 'second user-info call (datas)' },
  { method: 'POST', path: '/auth/oauth/token', envelope: 'main', what: 'login with form data (datas.access_token; path not shown in the spec)' },
  { method: 'POST', path: '/auth/oauth/user/token', envelope: 'second', what: 'login with a JSON body' },
  { method: 'POST', path: '/auth/oauth/offline-notice', envelope: 'second', what: 'logout offline notice with user name (path not shown)' },
  { method: 'DELETE', path: '/auth/oauth/remove/token', envelope: 'second', what: 'logout' },
  { method: 'GET', path: '/wms-base/basewarehouse/:id/detail', envelope: 'main', what: 'warehouse detail by id (path not shown)' },
  { method: 'GET', path: '/wms-base/basewarehouse/location/:id', envelope: 'main', what: 'warehouse location on warehouse change (datas.warehouseLocation; path not shown)' },
  { method: 'GET', path: '/wms-plus-base/tableColumnConfig/user/getTableColumnConfig', envelope: 'main', what: 'favourites read by tableKey / table column config' },
  { method: 'POST', path: '/wms-plus-base/tableColumnConfig/user/addTableColumnConfig', envelope: 'main', what: 'favourites save / table column config' },
  { method: 'GET', path: '/version.json', envelope: 'raw', what: 'deployed version' },
  { method: 'GET', path: '/ws/version', envelope: 'raw', what: 'version-notification websocket' },
  { method: 'GET', path: '/wms-plus-base/dict/all', envelope: 'main', what: 'dictionaries' },
  { method: 'GET', path: '/base/dict/all', envelope: 'main', what: 'dictionaries (second path)' },
  { method: 'GET', path: '/base/platformsiteshop/list', envelope: 'main', what: 'platform/site/shop cascader (datas)' },
  { method: 'POST', path: '/wms-plus-base/statistics/total', envelope: 'main', what: 'dashboard counts' },
  { method: 'POST', path: '/api/files/upload', envelope: 'main', what: 'file-upload address (path not shown)' },
  { method: 'POST', path: '/i18n-console/client/pull/text-map', envelope: 'main', what: 'text-translation console text map' },
  { method: 'POST', path: '/wms-plus-base/sysButtonBindTemplateConfig/buttonBindTemplateAndResourceFill', envelope: 'main', what: 'button → template binding' },
  { method: 'GET', path: '/pms-console/menu/:id', envelope: 'main', what: 'menu by id (menu console)' },
  { method: 'GET', path: '/locales/:lang/:file', envelope: 'raw', what: 'static per-language translation file with timestamp query' },
  { method: 'GET', path: '/i18n-console/client/messages/:lang', envelope: 'main', what: 'remote messages read by language key' },
  // Notification service (base /notice-api)
  { method: 'POST', path: '/notice-api/noticeManage/getNotice', envelope: 'notice', what: 'unread notices' },
  { method: 'POST', path: '/notice-api/noticeManage/getAllNotice', envelope: 'notice', what: 'all notices' },
  { method: 'POST', path: '/notice-api/noticeManage/allRead', envelope: 'notice', what: 'mark all read' },
  { method: 'POST', path: '/notice-api/noticeManage/closeNotice', envelope: 'notice', what: 'close one notice' },
  { method: 'POST', path: '/notice-api/sysFeedback', envelope: 'notice', what: 'send feedback' },
  { method: 'POST', path: '/notice-api/sysFeedback/getAllFeedback', envelope: 'notice', what: 'my feedback' },
  { method: 'POST', path: '/notice-api/common/upload', envelope: 'notice', what: 'attachment upload' },
]

/** Parameter names are ours to choose; compare the shape only. */
const shape = (p: string) => p.replace(/:\w+/g, '{}').replace(/\{\w*\}/g, '{}')

let t: TestApp
let doc: { paths: Record<string, Record<string, { 'x-envelope'?: string }>> }
beforeAll(async () => {
  t = await createTestApp()
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json()
})
afterAll(async () => { await t?.close() })

describe('spec section 7 calls', () => {
  it('lists each call once', () => {
    const keys = SPEC_CALLS.map((c) => `${c.method} ${shape(c.path)}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it.each(SPEC_CALLS)('$method $path is registered ($what)', ({ method, path }) => {
    expect(t.app.hasRoute({ method, url: path })).toBe(true)
  })

  it.each(SPEC_CALLS)('$method $path is in the OpenAPI document with the $envelope envelope', ({ method, path, envelope }) => {
    const entry = Object.entries(doc.paths).find(([p]) => shape(p) === shape(path))
    expect(entry, `${path} missing from openapi.json`).toBeDefined()
    const op = entry![1][method.toLowerCase()]
    expect(op, `${method} ${path} missing from openapi.json`).toBeDefined()
    expect(op['x-envelope']).toBe(envelope)
  })
})
