// The org group's declarations and pure rules (src/domain/resources/org): username without Chinese
// characters, tax id / bank card, consignment relations, carrier channels, USD as 1, the sync args,
// and that every declaration is wired to an existing screen, permission buttons and translations.
import { describe, it, expect } from 'vitest'
import { resourceSchemas, fieldLabelKey, titleKeyOf, permissionOf, resourceActions, type FieldDef, type ResourceDef } from '../../src/domain/resource'
import { ORG_RESOURCES, staffResource, supplierResource, shopResource, exchangeRateResource, platformResource, goodsPlatformResource, departmentResource } from '../../src/domain/resources/org/index'
import {
  USERNAME_RE, TAX_ID_RE, BANK_CARD_RE, shopIssues, carrierIssues, exchangeRateIssues, SyncRatesArgs, ForwarderContacts,
  DUPLICATE_CONSIGNMENT_KEY, CONSIGNOR_REQUIRED_KEY, DUPLICATE_CHANNEL_KEY, BASE_RATE_ONE_KEY,
} from '../../src/domain/resources/org/rules'
import { MENU_BY_CODE, PERMISSION_CATALOG } from '../../src/domain/menu/catalog'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The org group's and the dictionary labels of one language, as 'ns:dotted.key' → text. */
function loadLocale(lang: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (ns: string, o: Record<string, unknown>, pre = '') => {
    for (const [k, v] of Object.entries(o)) {
      if (typeof v === 'string') out[`${ns}:${pre}${k}`] = v
      else walk(ns, v as Record<string, unknown>, `${pre}${k}.`)
    }
  }
  for (const ns of ['res-org', 'dict']) walk(ns, JSON.parse(readFileSync(join(__dirname, '..', '..', 'locales', lang, `${ns}.json`), 'utf8')))
  return out
}

const issuesOf = (def: ResourceDef<any>, body: unknown) => {
  const r = resourceSchemas(def).create.safeParse(body)
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])
}

describe('username rule (spec: username invalid, no Chinese characters)', () => {
  it.each(['admin', 'lin.hua', 'a_b-c@d', 'Picker01', 'x'.repeat(32)])('accepts %s', (u) => expect(USERNAME_RE.test(u)).toBe(true))
  it.each(['张伟', 'zhang伟', 'ab', '.dot', 'with space', 'x'.repeat(33), ''])('refuses %s', (u) => expect(USERNAME_RE.test(u)).toBe(false))

  it('the staff create schema names username with the rule message, and checks phone and email', () => {
    const base = { username: 'carla', name: 'Carla', phone: '+52 33 1200 0099', departmentId: 1 }
    expect(issuesOf(staffResource, base)).toEqual([])
    expect(issuesOf(staffResource, { ...base, username: '王芳' })).toEqual([['username', 'res-org:rules.username']])
    expect(issuesOf(staffResource, { ...base, phone: 'x' })).toEqual([['phone', 'errors:field.phone']])
    expect(issuesOf(staffResource, { ...base, email: 'nope' })).toEqual([['email', 'errors:field.email']])
    expect(issuesOf(staffResource, { ...base, workingStatus: 7 })).toEqual([['workingStatus', 'errors:field.invalidValue']])
  })
})

describe('suppliers: tax id and bank card required', () => {
  it('formats', () => {
    expect(TAX_ID_RE.test('91441900MA4EVER01K')).toBe(true)
    expect(TAX_ID_RE.test('95-4821730')).toBe(true)
    expect(TAX_ID_RE.test('abc')).toBe(false)
    expect(BANK_CARD_RE.test('6217857000012345678')).toBe(true)
    expect(BANK_CARD_RE.test('6217 8570')).toBe(false)
  })
  it('the create schema requires both', () => {
    const paths = issuesOf(supplierResource, { code: 'S1', name: 'S', supplierType: 'manufacturer' }).map((i) => i[0]).sort()
    expect(paths).toEqual(['bankCard', 'taxId'])
    expect(issuesOf(supplierResource, { code: 'S1', name: 'S', supplierType: 'manufacturer', taxId: 'ABC123456', bankCard: '12345678', taxRate: 101 })).toEqual([['taxRate', 'errors:field.tooBig']])
  })
})

describe('shop consignment relations', () => {
  it('a tenant twice is a duplicate consignment relation, named at the repeat', () => {
    expect(shopIssues({ consignors: [{ tenantId: 1 }, { tenantId: 2 }, { tenantId: 1 }] })).toEqual([{ path: 'consignors.2.tenantId', messageKey: DUPLICATE_CONSIGNMENT_KEY }])
    expect(shopIssues({ consignors: [{ tenantId: 1 }, { tenantId: 2 }] })).toEqual([])
  })
  it('a consignment shop needs a relation; absent lists are not judged (partial edits)', () => {
    expect(shopIssues({ consignment: true, consignors: [] })).toEqual([{ path: 'consignors', messageKey: CONSIGNOR_REQUIRED_KEY }])
    expect(shopIssues({ consignment: true })).toEqual([])
    expect(shopIssues({ consignment: false, consignors: [] })).toEqual([])
  })
  it('the declaration runs the rule', () => {
    expect(shopResource.refine!({ consignors: [{ tenantId: 3 }, { tenantId: 3 }] })).toHaveLength(1)
  })
})

describe('carriers, forwarders, exchange rates', () => {
  it('a channel code once per carrier', () => {
    expect(carrierIssues({ serviceChannels: [{ code: 'A', name: 'a' }, { code: 'B', name: 'b' }, { code: 'A', name: 'c' }] }))
      .toEqual([{ path: 'serviceChannels.2.code', messageKey: DUPLICATE_CHANNEL_KEY }])
    expect(carrierIssues({})).toEqual([])
  })
  it('forwarder contacts: name required, phone and email checked', () => {
    expect(ForwarderContacts.safeParse([{ name: 'Ann', phone: '+1 213 555 0101', email: 'ann@x.example' }]).success).toBe(true)
    const r = ForwarderContacts.safeParse([{ name: '', phone: 'nope', email: 'x' }])
    expect(r.success ? [] : r.error.issues.map((i) => i.path.join('.')).sort()).toEqual(['0.email', '0.name', '0.phone'])
  })
  it('USD as 1: the target currency\'s own rate is 1', () => {
    expect(exchangeRateIssues({ currencyCode: 'USD', targetCurrency: 'USD', rate: 1.2 })).toEqual([{ path: 'rate', messageKey: BASE_RATE_ONE_KEY, params: { currency: 'USD' } }])
    expect(exchangeRateIssues({ currencyCode: 'USD', rate: 1 })).toEqual([])
    expect(exchangeRateIssues({ currencyCode: 'MXN', targetCurrency: 'USD', rate: 17.1 })).toEqual([])
    expect(issuesOf(exchangeRateResource, { currencyCode: 'usd', currencyName: 'x', targetCurrency: 'USD', rate: 1, syncMode: 'manual', status: 1 })).toEqual([['currencyCode', 'res-org:rules.currency']])
    expect(issuesOf(exchangeRateResource, { currencyCode: 'MXN', currencyName: 'x', targetCurrency: 'USD', rate: 0, syncMode: 'manual', status: 1 })).toEqual([['rate', 'errors:field.tooSmall']])
  })
  it('sync args: an optional YYYY-MM-DD day, nothing else', () => {
    expect(SyncRatesArgs.safeParse({}).success).toBe(true)
    expect(SyncRatesArgs.safeParse({ date: '2026-11-22' }).success).toBe(true)
    expect(SyncRatesArgs.safeParse({ date: '22/11/2026' }).success).toBe(false)
    expect(SyncRatesArgs.safeParse({ date: '2026-13-45' }).success).toBe(false)
    expect(SyncRatesArgs.safeParse({ source: 'x' }).success).toBe(false)
  })
})

describe('declarations are wired', () => {
  const locales = { en: loadLocale('en'), zh: loadLocale('zh'), 'es-MX': loadLocale('es-MX') }

  it('every org resource sits on an existing screen, with its permission buttons in the catalog', () => {
    expect(ORG_RESOURCES.map((r) => r.name)).toEqual(['company', 'staff', 'department', 'platform', 'site', 'shop', 'exchangeRate', 'dailyRate', 'goodsPlatform', 'supplier', 'forwarder', 'carrier'])
    for (const def of ORG_RESOURCES) {
      expect(MENU_BY_CODE.get(def.menuCode)?.type, def.name).toBe('M')
      for (const action of resourceActions(def)) expect(PERMISSION_CATALOG.has(permissionOf(def, action)), `${def.name}.${action}`).toBe(true)
    }
    expect(resourceActions(exchangeRateResource)).toContain('sync')
    expect(resourceActions(departmentResource)).toContain('delete')
    expect(PERMISSION_CATALOG.has('staff-information:status')).toBe(true)
  })

  it('every title, field label and sub-row label is translated in zh, en and es-MX', () => {
    for (const def of ORG_RESOURCES) {
      const keys = [titleKeyOf(def), ...Object.keys(def.fields).map((f) => fieldLabelKey(def, f))]
      for (const [f, fd] of Object.entries(def.fields as Record<string, FieldDef>)) {
        const shape = (fd.item as { element?: { shape?: Record<string, unknown> } } | undefined)?.element?.shape
        if (shape) keys.push(...Object.keys(shape).map((sub) => `${def.ns}:${def.name}.items.${f}.${sub}`))
      }
      for (const [lang, all] of Object.entries(locales)) for (const k of keys) expect(all[k], `${lang} ${k}`).toBeTruthy()
    }
  })

  it('core tables are marked existing; platform and goods platform share one table and field set', () => {
    for (const def of ORG_RESOURCES.filter((d) => ['company', 'platform', 'site', 'shop'].includes(d.table))) expect(def.existingTable, def.name).toBe(true)
    expect(goodsPlatformResource.table).toBe(platformResource.table)
    expect(goodsPlatformResource.fields).toBe(platformResource.fields)
    expect(goodsPlatformResource.specPaths?.page).toBe('/wms-base/basegoodsplatform/page')
  })
})
