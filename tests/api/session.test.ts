// Session & shell calls (spec section 7 "Session and shell"): user info, warehouse detail, per-user
// settings, version push, dictionaries, cascader, dashboard counts, files, text map, template bindings.
// Real sign-in through the auth service; real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { WebSocket } from 'ws'
import { createTestApp, type TestApp } from '../helpers/app'
import { buildApp } from '../../src/server/app'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DICTIONARIES, dictLabelKey, feedbackTagType, firstDictValue, findDictItem } from '../../src/domain/dictionaries'
import { checkUpload, fileExtension, UPLOAD_RULES } from '../../src/domain/upload'
import { TABLE_CONFIG_MAX_BYTES } from '../../src/server/areas/session/settings'
import { packageVersion } from '../../src/server/areas/session/version'

let t: TestApp
const tokens: Record<string, string> = {}

async function login(username: string, password = 'Demo#2026'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/user/token', payload: { username, password } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.access_token as string
}

/** Headers of a signed-in console in one warehouse-tenant pair. */
function as(username: string, pair?: [warehouseId: number, tenantId: number], lang = 'en-US') {
  const h: Record<string, string> = { authorization: `Bearer ${tokens[username]}`, 'x-language-header': lang, 'x-oauth2-app': 'wms' }
  if (pair) h['x-userinfo-header'] = `${pair[1]}-${encodeURIComponent(username)}-${pair[0]}`
  return h
}

function multipart(files: { field?: string; name: string; content: Buffer }[]) {
  const boundary = `----wms${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`))
    chunks.push(f.content, Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** Opens /ws/version and collects every message from the first byte on. */
async function openVersionSocket(app: TestApp['app'], path = '/ws/version') {
  const messages: unknown[] = []
  const ws: WebSocket = await app.injectWS(path, {}, { onInit: (s) => s.on('message', (m) => messages.push(JSON.parse(String(m)))) })
  return { ws, messages }
}

const until = async (cond: () => boolean, ms = 2000) => {
  const end = Date.now() + ms
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 10))
}

beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'receiver', 'picker']) tokens[u] = await login(u)
  tokens.weakuser = await login('weakuser', 'weak1234')
})
afterAll(async () => { await t?.close() })

describe('user info', () => {
  it('refuses without a token: 401 with responseCode 302 and a redirect path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wms-plus-base/common/pms/user/info' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ responseCode: '302', data: { redirectPath: expect.any(String) } })
  })

  it('GET user/info returns data.id and the user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wms-plus-base/common/pms/user/info', headers: as('receiver') })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.responseCode).toBe('0001')
    expect(body.data).toMatchObject({ id: expect.any(Number), username: 'receiver', employeeName: 'Rui Receiver', roles: ['receiver'] })
  })

  it('GET user/getInfo returns datas with the pairs in user_access order, employee and weakPassword', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wms-plus-base/common/pms/user/getInfo', headers: as('receiver') })
    const { datas } = res.json()
    expect(datas).toMatchObject({ username: 'receiver', id: expect.any(Number), employee: { employeeName: 'Rui Receiver' }, weakPassword: false })
    expect(datas.tenants).toEqual([
      { warehouseId: 26, tenantId: 1, warehouseName: 'Dongguan DC', tenantName: 'Stride Footwear' },
      { warehouseId: 168, tenantId: 1, warehouseName: 'Los Angeles', tenantName: 'Stride Footwear' },
    ])
    const weak = await t.app.inject({ method: 'GET', url: '/wms-plus-base/common/pms/user/getInfo', headers: as('weakuser') })
    expect(weak.json().datas.weakPassword).toBe(true)
    const admin = await t.app.inject({ method: 'GET', url: '/wms-plus-base/common/pms/user/getInfo', headers: as('admin') })
    expect(admin.json().datas.tenants.map((p: { warehouseId: number; tenantId: number }) => `${p.warehouseId}-${p.tenantId}`)).toEqual(['26-1', '26-2', '31-2', '168-1', '201-1'])
  })
})

describe('warehouse detail and location', () => {
  it('answers for a warehouse in my pairs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wms-base/basewarehouse/168/detail', headers: as('receiver') })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({ warehouseLocation: 2, stateCode: 'CA', warehouseName: 'Los Angeles', virtualWarehouseType: null })
    const loc = await t.app.inject({ method: 'GET', url: '/wms-base/basewarehouse/location/26', headers: as('receiver') })
    expect(loc.json().datas.warehouseLocation).toBe(1)
  })

  it('is 404 for a warehouse outside my pairs (and for one that does not exist)', async () => {
    for (const url of ['/wms-base/basewarehouse/201/detail', '/wms-base/basewarehouse/location/201', '/wms-base/basewarehouse/9999/detail']) {
      const res = await t.app.inject({ method: 'GET', url, headers: as('receiver') })
      expect(res.statusCode, url).toBe(404)
      expect(res.json().responseCode).toBe('404')
    }
    // The picker does work in 201.
    const ok = await t.app.inject({ method: 'GET', url: '/wms-base/basewarehouse/location/201', headers: as('picker') })
    expect(ok.json().datas.warehouseLocation).toBe(2)
  })

  it('names the id when it is not a number', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wms-base/basewarehouse/abc/detail', headers: as('receiver') })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0].field).toBe('id')
  })
})

describe('favourites and table column configs', () => {
  const get = (user: string, tableKey: string) => t.app.inject({ method: 'GET', url: `/wms-plus-base/tableColumnConfig/user/getTableColumnConfig?tableKey=${tableKey}`, headers: as(user) })
  const save = (user: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/wms-plus-base/tableColumnConfig/user/addTableColumnConfig', headers: as(user), payload: payload as object })

  it('reads null before anything is saved, then the saved string; saving again replaces it', async () => {
    expect((await get('receiver', 'favoriteRoutes')).json()).toMatchObject({ responseCode: '0001', data: null })
    const fav = JSON.stringify([{ fullPath: '/rights/user', name: 'rights-user', path: '/rights/user', meta: { title: 'menu.rights-user' } }])
    expect((await save('receiver', { tableKey: 'favoriteRoutes', tableConfig: fav })).statusCode).toBe(200)
    expect((await get('receiver', 'favoriteRoutes')).json().data).toBe(fav)
    await save('receiver', { tableKey: 'favoriteRoutes', tableConfig: '[]' })
    expect((await get('receiver', 'favoriteRoutes')).json().data).toBe('[]')
    // Per user: the picker has none.
    expect((await get('picker', 'favoriteRoutes')).json().data).toBeNull()
  })

  it('refuses a tableConfig that is not JSON, naming tableConfig, and keeps the stored one', async () => {
    const res = await save('receiver', { tableKey: 'favoriteRoutes', tableConfig: '{not json' })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.errors[0]).toMatchObject({ field: 'tableConfig', messageKey: 'errors:field.invalidFormat', message: 'Table configuration has an invalid format' })
    expect((await get('receiver', 'favoriteRoutes')).json().data).toBe('[]')
  })

  it('refuses a tableConfig over 256 KB and a missing tableKey', async () => {
    const big = JSON.stringify('x'.repeat(TABLE_CONFIG_MAX_BYTES))
    const res = await save('receiver', { tableKey: 'grid.big', tableConfig: big })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0]).toMatchObject({ field: 'tableConfig', messageKey: 'errors:field.tooBig' })
    const noKey = await save('receiver', { tableConfig: '{}' })
    expect(noKey.statusCode).toBe(400)
    expect(noKey.json().errors[0].field).toBe('tableKey')
    expect((await get('receiver', 'grid.big')).json().data).toBeNull()
  })
})

describe('version', () => {
  it('GET /version.json is public and raw: {version, buildTime}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/version.json' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.version).toBe(packageVersion())
    expect(Number.isNaN(Date.parse(body.buildTime))).toBe(false)
    expect(body.responseCode).toBeUndefined()
  })

  it('a client naming the current build gets nothing; one naming an older build is told at once', async () => {
    const fresh = await openVersionSocket(t.app, `/ws/version?v=${packageVersion()}`)
    const stale = await openVersionSocket(t.app, '/ws/version?v=5.0.0')
    await until(() => stale.messages.length > 0)
    expect(stale.messages).toEqual([{ event: 'updated', name: packageVersion(), task: { pipelineName: 'WMS' } }])
    expect(fresh.messages).toEqual([])
    fresh.ws.terminate(); stale.ws.terminate()
  })

  it('announce-deploy is admin only, pushes {event:updated} to connected consoles and moves /version.json', async () => {
    const denied = await t.app.inject({ method: 'POST', url: '/api/admin/announce-deploy', headers: as('receiver'), payload: { version: '5.12.0' } })
    expect(denied.statusCode).toBe(403)
    const { ws, messages } = await openVersionSocket(t.app)
    expect(messages).toEqual([])
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/announce-deploy', headers: as('admin'), payload: { version: '5.12.0' } })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ version: '5.12.0', notified: expect.any(Number) })
    await until(() => messages.length > 0)
    expect(messages).toEqual([{ event: 'updated', name: '5.12.0', task: { pipelineName: 'WMS' } }])
    expect((await t.app.inject({ method: 'GET', url: '/version.json' })).json().version).toBe('5.12.0')
    ws.terminate()
    const empty = await t.app.inject({ method: 'POST', url: '/api/admin/announce-deploy', headers: as('admin'), payload: { version: ' ' } })
    expect(empty.json().errors[0].field).toBe('version')
  })

  it('a server started on a new version tells a reconnecting console of the old build, records the version', async () => {
    const next = await buildApp({ config: { ...t.config, version: '6.0.0' }, database: t.database, logger: false })
    await next.ready()
    try {
      const old = await openVersionSocket(next, '/ws/version?v=5.12.0')
      const unnamed = await openVersionSocket(next)
      await until(() => old.messages.length > 0)
      expect(old.messages).toEqual([{ event: 'updated', name: '6.0.0', task: { pipelineName: 'WMS' } }])
      expect(unnamed.messages).toEqual([])
      old.ws.terminate(); unnamed.ws.terminate()
      const stored = await t.database.query<{ value: string }>(`SELECT value FROM shell_meta WHERE key = 'version'`)
      expect(stored[0].value).toBe('6.0.0')
    } finally { await next.close() }
  })
})

describe('dictionaries', () => {
  it('both paths return every dictionary with values in order, label keys and labels in the request language', async () => {
    for (const url of ['/wms-plus-base/dict/all', '/base/dict/all']) {
      const res = await t.app.inject({ method: 'GET', url, headers: as('receiver') })
      expect(res.statusCode, url).toBe(200)
      const data = res.json().data
      for (const [code, entries] of Object.entries(DICTIONARIES)) {
        expect(data[code].map((d: { dictValue: string }) => d.dictValue), code).toEqual(entries.map((e) => e.value))
      }
      expect(data.documentStatus[1]).toEqual({ dictLabel: 'Effective', dictValue: '1', sort: 2, labelKey: 'dict:documentStatus.1' })
    }
    const zh = (await t.app.inject({ method: 'GET', url: '/base/dict/all', headers: as('receiver', undefined, 'zh-CN') })).json().data
    expect(zh.feedbackStatus.map((d: { dictLabel: string }) => d.dictLabel)).toEqual(['待处理', '已受理', '需求', '已完结'])
    expect(zh.noticeType.map((d: { dictValue: string }) => d.dictValue)).toEqual(['1', '2'])
  })

  it('a value an administrator added without a translation shows its stored label', async () => {
    await t.database.query(`INSERT INTO dict_item (dict_code, dict_value, dict_label, label_key, sort) VALUES ('season', 'monsoon', 'Monsoon', 'dict:season.monsoon', 99)`)
    const data = (await t.app.inject({ method: 'GET', url: '/base/dict/all', headers: as('receiver') })).json().data
    expect(data.season.at(-1)).toEqual({ dictLabel: 'Monsoon', dictValue: 'monsoon', sort: 99, labelKey: 'dict:season.monsoon' })
  })
})

describe('platform / site / shop cascader', () => {
  it('returns the tree (scoped), optionally for one platform', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/base/platformsiteshop/list', headers: as('receiver', [26, 1]) })
    expect(res.statusCode).toBe(200)
    const tree = res.json().datas
    expect(tree.map((p: { value: string }) => p.value)).toEqual(expect.arrayContaining(['AMAZON', 'WALMART', 'MERCADOLIBRE']))
    const amazon = tree.find((p: { value: string }) => p.value === 'AMAZON')
    expect(amazon.children.map((s: { value: string }) => s.value)).toEqual(['CA', 'MX', 'US'])
    expect(amazon.children.find((s: { value: string }) => s.value === 'US').children.map((h: { value: string }) => h.value)).toEqual(['AMZ-US-STRIDE', 'AMZ-US-THREAD'])
    const one = (await t.app.inject({ method: 'GET', url: '/base/platformsiteshop/list?platformCode=MERCADOLIBRE', headers: as('receiver', [26, 1]) })).json().datas
    expect(one.map((p: { value: string }) => p.value)).toEqual(['MERCADOLIBRE'])
    expect(one[0].children[0].children).toHaveLength(3)
  })

  it('refuses a pair that is not mine', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/base/platformsiteshop/list', headers: as('receiver', [201, 1]) })
    expect(res.statusCode).toBe(403)
  })
})

describe('dashboard statistics', () => {
  it('counts the requested keys with real queries', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/wms-plus-base/statistics/total', headers: as('admin', [26, 1]), payload: { keys: ['usersOnline', 'warehouseUsers', 'myWarehousePairs'] } })
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    // Four demo users signed in above; in 26-1 every demo user may work; admin holds all five pairs.
    expect(data.usersOnline).toBeGreaterThanOrEqual(4)
    expect(data.warehouseUsers).toBe(8)
    expect(data.myWarehousePairs).toBe(5)
    expect(Object.keys(data).sort()).toEqual(['myWarehousePairs', 'usersOnline', 'warehouseUsers'])
  })

  it('returns every key without a body, and names keys when one is unknown', async () => {
    const all = await t.app.inject({ method: 'POST', url: '/wms-plus-base/statistics/total', headers: as('receiver', [168, 1]) })
    expect(Object.keys(all.json().data)).toEqual(expect.arrayContaining(['usersOnline', 'noticesUnread', 'feedbackPending', 'warehouseUsers']))
    expect(all.json().data.warehouseUsers).toBe(5) // admin, supervisor, receiver, shelver, shipper work in 168-1
    const bad = await t.app.inject({ method: 'POST', url: '/wms-plus-base/statistics/total', headers: as('receiver', [26, 1]), payload: { keys: ['nope'] } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toBe('keys')
  })
})

describe('file upload and download', () => {
  const upload = (files: Parameters<typeof multipart>[0], purpose?: string, user = 'receiver') => {
    const m = multipart(files)
    return t.app.inject({ method: 'POST', url: `/api/files/upload${purpose ? `?purpose=${purpose}` : ''}`, payload: m.payload, headers: { ...as(user), ...m.headers } })
  }

  it('stores an xlsx template and serves it back with its name', async () => {
    const content = Buffer.from('PK\u0003\u0004 pretend workbook')
    const res = await upload([{ name: 'Locations 2026.xlsx', content }])
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({ id: expect.any(String), url: `/api/files/${data.id}`, name: 'Locations 2026.xlsx', size: content.length })
    const dl = await t.app.inject({ method: 'GET', url: data.url })
    expect(dl.statusCode).toBe(200)
    expect(dl.rawPayload.equals(content)).toBe(true)
    expect(dl.headers['content-disposition']).toContain("attachment; filename=\"Locations 2026.xlsx\"; filename*=UTF-8''Locations%202026.xlsx")
    expect(dl.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  })

  it('refuses a wrong extension with the spec message and the allowed formats in brackets', async () => {
    const res = await upload([{ name: 'labels.pdf', content: Buffer.from('%PDF-1.4') }], 'template')
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0]).toMatchObject({ field: 'file', messageKey: 'errors:upload.badFormat', message: 'please confirm upload file format [xls, xlsx]' })
    // ...which the marketplace-label rule allows.
    expect((await upload([{ name: 'labels.pdf', content: Buffer.from('%PDF-1.4') }], 'label')).statusCode).toBe(200)
    const apk = await upload([{ name: 'pda.apk', content: Buffer.from('apk') }], 'template')
    expect(apk.json().errors[0].messageKey).toBe('errors:upload.badFormat')
    expect((await upload([{ name: 'pda.apk', content: Buffer.from('apk') }], 'app')).statusCode).toBe(200)
  })

  it('refuses a file over the limit ("uploaded file size cannot exceed 1M") and stores nothing', async () => {
    const before = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM file_object')
    const res = await upload([{ name: 'big.xlsx', content: Buffer.alloc(1024 * 1024 + 10, 1) }], 'smallImport')
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0]).toMatchObject({ field: 'file', messageKey: 'errors:upload.tooLarge', message: 'uploaded file size cannot exceed 1M' })
    const after = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM file_object')
    expect(after[0].n).toBe(before[0].n)
  })

  it('takes one file at a time, needs a file, and needs a signed-in user', async () => {
    const two = await upload([{ name: 'a.xlsx', content: Buffer.from('a') }, { name: 'b.xlsx', content: Buffer.from('b') }])
    expect(two.statusCode).toBe(400)
    expect(two.json().errors[0]).toMatchObject({ field: 'file', messageKey: 'notices:upload.oneFile' })
    const none = await t.app.inject({ method: 'POST', url: '/api/files/upload', headers: as('receiver'), payload: { x: 1 } })
    expect(none.statusCode).toBe(400)
    expect(none.json().errors[0].field).toBe('file')
    const m = multipart([{ name: 'a.xlsx', content: Buffer.from('a') }])
    const anon = await t.app.inject({ method: 'POST', url: '/api/files/upload', payload: m.payload, headers: m.headers })
    expect(anon.statusCode).toBe(401)
    const badPurpose = await upload([{ name: 'a.xlsx', content: Buffer.from('a') }], 'everything')
    expect(badPurpose.json().errors[0].field).toBe('purpose')
  })

  it('404 for an unknown file id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/files/00000000-0000-4000-8000-000000000000' })
    expect(res.statusCode).toBe(404)
  })
})

describe('translation console stand-in', () => {
  it('pulls flat texts of the named namespaces in every language', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/i18n-console/client/pull/text-map', payload: { appList: ['common', 'dict'], codeType: 'flat' } })
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(Object.keys(data).sort()).toEqual(['en', 'es-MX', 'zh'])
    expect(data.en['common:ok']).toBe('OK')
    expect(data.zh['dict:documentStatus.1']).toBe('生效')
    expect(data['es-MX']['dict:feedbackStatus.90']).toBe('Terminado')
    expect(Object.keys(data.en).some((k) => k.startsWith('errors:'))).toBe(false)
  })

  it('nested codeType returns trees; an unknown namespace is named in appList', async () => {
    const nested = (await t.app.inject({ method: 'POST', url: '/i18n-console/client/pull/text-map', payload: { appList: ['dict'], codeType: 'nested' } })).json().data
    expect(nested.en.dict.noticeType['2']).toBe('System announcement')
    const bad = await t.app.inject({ method: 'POST', url: '/i18n-console/client/pull/text-map', payload: { appList: ['nope'] } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toBe('appList')
    const traversal = await t.app.inject({ method: 'POST', url: '/i18n-console/client/pull/text-map', payload: { appList: ['../package'] } })
    expect(traversal.statusCode).toBe(400)
  })

  it('serves the static per-language file and the remote messages of one language', async () => {
    const file = await t.app.inject({ method: 'GET', url: '/locales/es-MX/dict.json?t=1700000000' })
    expect(file.json().season.winter).toBe('Invierno')
    expect((await t.app.inject({ method: 'GET', url: '/locales/fr/dict.json' })).statusCode).toBe(400)
    const msgs = (await t.app.inject({ method: 'GET', url: '/i18n-console/client/messages/en' })).json().data
    expect(msgs['errors:upload.badFormat']).toBe('please confirm upload file format [{{formats}}]')
  })
})

describe('button → print template binding', () => {
  const url = '/wms-plus-base/sysButtonBindTemplateConfig/buttonBindTemplateAndResourceFill'
  it('binds per warehouse and tenant, reads back without templateCode, and audits the change', async () => {
    const none = await t.app.inject({ method: 'POST', url, headers: as('admin', [26, 1]), payload: { buttonCode: 'shipping:print-label' } })
    expect(none.json().data).toBeNull()
    const bind = await t.app.inject({ method: 'POST', url, headers: as('admin', [26, 1]), payload: { buttonCode: 'shipping:print-label', templateCode: 'LABEL_100x150', resourceId: 7 } })
    expect(bind.statusCode).toBe(200)
    expect(bind.json().data).toMatchObject({ buttonCode: 'shipping:print-label', templateCode: 'LABEL_100x150', resourceId: '7' })
    const back = await t.app.inject({ method: 'POST', url, headers: as('admin', [26, 1]), payload: { buttonCode: 'shipping:print-label' } })
    expect(back.json().data.templateCode).toBe('LABEL_100x150')
    const otherPair = await t.app.inject({ method: 'POST', url, headers: as('admin', [26, 2]), payload: { buttonCode: 'shipping:print-label' } })
    expect(otherPair.json().data).toBeNull()
    const audit = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE command_id = 'shell.button-template.bind' AND warehouse_id = 26 AND tenant_id = 1`)
    expect(audit[0].n).toBe(1)
  })

  it('names buttonCode when it is missing', async () => {
    const res = await t.app.inject({ method: 'POST', url, headers: as('admin', [26, 1]), payload: { templateCode: 'X' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0].field).toBe('buttonCode')
  })
})

describe('shared rules the client uses too (src/domain)', () => {
  it('every dictionary value has a label in zh, en and es-MX', () => {
    for (const lang of ['zh', 'en', 'es-MX']) {
      const labels = JSON.parse(readFileSync(join(__dirname, '..', '..', 'locales', lang, 'dict.json'), 'utf8')) as Record<string, Record<string, string>>
      const missing = Object.entries(DICTIONARIES).flatMap(([code, entries]) => entries.filter((e) => !labels[code]?.[e.value]).map((e) => dictLabelKey(code, e.value)))
      expect(missing, lang).toEqual([])
    }
  })

  it('dictionary helpers: first value, lookup by number or text, feedback tag colours', () => {
    const dicts = { feedbackStatus: [{ dictLabel: 'Pending', dictValue: '0', sort: 1, labelKey: 'dict:feedbackStatus.0' }, { dictLabel: 'Finished', dictValue: '90', sort: 4, labelKey: 'dict:feedbackStatus.90' }] }
    expect(firstDictValue(dicts, 'feedbackStatus')).toBe('0')
    expect(firstDictValue(dicts, 'nope')).toBeUndefined()
    expect(findDictItem(dicts, 'feedbackStatus', 90)?.dictLabel).toBe('Finished')
    expect(findDictItem(dicts, 'feedbackStatus', null)).toBeUndefined()
    expect([0, 10, 20, 90, 55].map(feedbackTagType)).toEqual(['danger', 'warning', 'info', 'success', 'info'])
  })

  it('upload check: extension (case-insensitive, last dot) before size; both must pass', () => {
    expect(fileExtension('C:\\fakepath\\Stock.Report.XLSX')).toBe('xlsx')
    expect(fileExtension('.xlsx')).toBe('')
    expect(fileExtension('README')).toBe('')
    expect(checkUpload(UPLOAD_RULES.template, 'a.XLS', 10 * 1024 * 1024)).toEqual({ ok: true })
    expect(checkUpload(UPLOAD_RULES.template, 'a.xls', 10 * 1024 * 1024 + 1)).toEqual({ ok: false, messageKey: 'errors:upload.tooLarge', params: { limit: 10 } })
    expect(checkUpload(UPLOAD_RULES.template, 'a.csv', 10 ** 9)).toEqual({ ok: false, messageKey: 'errors:upload.badFormat', params: { formats: 'xls, xlsx' } })
    expect(checkUpload(UPLOAD_RULES.app, 'pda.wgt', 50 * 1024 * 1024)).toEqual({ ok: true })
    expect(checkUpload(UPLOAD_RULES.label, 'label.pdf').ok).toBe(true)
  })
})
