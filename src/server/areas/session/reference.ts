// Reference data the shell needs: every dictionary (both spec paths), the platform/site/shop
// cascader tree, and the enabled outbound rules of the current warehouse+tenant (findRules).
import { and, asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { AppDb } from '../../db/client'
import { dictItem } from '../../db/schema/shell'
import { platform, site, shop } from '../../db/schema/core'
import { defineRoute, type RouteDef } from '../../http/route'
import { translate } from '../../i18n'
import type { Language } from '../../../domain/i18n'
import type { DictionaryMap } from '../../../domain/dictionaries'
import { enabledRules } from '../../inventory/outbound-strategy'

export async function loadDictionaries(db: AppDb, lang: Language): Promise<DictionaryMap> {
  const rows = await db.select().from(dictItem).where(eq(dictItem.status, 1)).orderBy(asc(dictItem.dictCode), asc(dictItem.sort), asc(dictItem.dictValue))
  const out: DictionaryMap = {}
  for (const r of rows) {
    // An administrator's label for this language wins (dictionary screen); else the bundled translation;
    // a value added without a translation shows its stored label as written.
    const own = lang === 'zh' ? r.labelZh : lang === 'es-MX' ? r.labelEsMx : r.labelEn
    const t = r.labelKey ? translate(lang, r.labelKey) : r.labelKey
    ;(out[r.dictCode] ??= []).push({ dictLabel: own || (t === r.labelKey ? r.dictLabel : t), dictValue: r.dictValue, sort: r.sort, labelKey: r.labelKey })
  }
  return out
}

export interface CascaderOption { value: string; label: string; id: number; children?: CascaderOption[] }

export async function platformSiteShopTree(db: AppDb, platformCode?: string): Promise<CascaderOption[]> {
  const rows = await db.select({
    pId: platform.id, pCode: platform.code, pName: platform.name,
    sId: site.id, sCode: site.code, sName: site.name,
    hId: shop.id, hCode: shop.code, hName: shop.name,
  }).from(platform)
    .leftJoin(site, and(eq(site.platformId, platform.id), eq(site.status, 1)))
    .leftJoin(shop, and(eq(shop.siteId, site.id), eq(shop.status, 1)))
    .where(platformCode ? and(eq(platform.status, 1), eq(platform.code, platformCode)) : eq(platform.status, 1))
    .orderBy(asc(platform.code), asc(site.code), asc(shop.code))
  const platforms = new Map<number, CascaderOption>()
  const sites = new Map<number, CascaderOption>()
  for (const r of rows) {
    let p = platforms.get(r.pId)
    if (!p) platforms.set(r.pId, (p = { value: r.pCode, label: r.pName, id: r.pId, children: [] }))
    if (r.sId === null) continue
    let s = sites.get(r.sId)
    if (!s) { sites.set(r.sId, (s = { value: r.sCode!, label: r.sName!, id: r.sId, children: [] })); p.children!.push(s) }
    if (r.hId !== null) s.children!.push({ value: r.hCode!, label: r.hName!, id: r.hId })
  }
  return [...platforms.values()]
}

export function referenceRoutes(db: AppDb): RouteDef[] {
  const dictAll = (url: string): RouteDef => defineRoute({
    method: 'GET', url, envelope: 'main', auth: 'user',
    summary: 'Every dictionary: { <dictCode>: [{dictLabel, dictValue, sort, labelKey}] } (labels in the request language)',
    handler: ({ raw }) => loadDictionaries(db, raw.lang),
  })
  return [
    dictAll('/wms-plus-base/dict/all'),
    dictAll('/base/dict/all'),
    defineRoute({
      method: 'GET', url: '/base/platformsiteshop/list', envelope: 'main', dataField: 'datas', auth: 'scoped',
      summary: 'Platform → site → shop cascader options [{value, label, id, children}]; optional platformCode',
      query: z.object({ platformCode: z.string().trim().max(50).optional() }),
      handler: ({ query }) => platformSiteShopTree(db, query.platformCode || undefined),
    }),
    defineRoute({
      method: 'GET', url: '/wms-in/rules/findRules', envelope: 'main', auth: 'scoped',
      summary: 'Enabled rules of the current warehouse and tenant by kind, each sorted by priority: { waveRules, pickingMergeRules, orderSplittingRules, outboundStrategies }',
      handler: ({ auth }) => enabledRules(db, auth),
    }),
  ]
}
