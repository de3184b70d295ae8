// @vitest-environment happy-dom
// The client's dictionary cache (spec section 3) on the real API: every dictionary fetched once into
// sessionStorage 'Dictionaries' (keyed by code, entries with dictValue; lookup = first entry's value);
// an administrator's label edited in the dictionary form shows at once in another screen's enum cell
// (the storage-area grid) in place of the bundled translation, and goes back when cleared; a value
// the admin added has its stored label; logout clears the cache and every admin label.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { storageAreaResource } from '../../src/domain/resources/warehouse/storage-area'
import { fieldLabelKey } from '../../src/domain/resource'
import { dictItemResource } from '../../src/domain/resources/admin/dictionary-item'
import { ResourceListPage } from '../../src/app/resources/ResourceListPage'
import { ResourceFormDialog } from '../../src/app/resources/ResourceForm'
import { queryClient } from '../../src/app/state/query-client'
import { session } from '../../src/app/state/session'
import { clearSession } from '../../src/app/state/session-flow'
import { i18next, resources } from '../../src/app/i18n'
import { DICTIONARIES_KEY, dictLabel, dictValue, overridesOf, readDictionaries, refreshDictionaries } from '../../src/app/lib/dictionaries'
import { startHarness, type Harness } from '../helpers/bridge'
import { newRoot, renderInto, waitFor, type } from '../helpers/dom'
import type { DictionaryMap } from '../../src/domain/dictionaries'

let h: Harness
const en = (k: string) => i18next.t(k)
const bundled = (lang: string, code: string, value: string) => (resources[lang].dict as Record<string, Record<string, string>>)[code]?.[value]

/** The control a field's <label> points at (dictionary form). */
function control(root: ParentNode, field: string): HTMLInputElement {
  const text = en(`admin:dictItem.fields.${field}`)
  const l = [...root.querySelectorAll('label')].find((x) => x.textContent?.replace('*', '').trim() === text)
  if (!l) throw new Error(`no label ${text}`)
  return document.getElementById(l.htmlFor) as HTMLInputElement
}

async function editLabelEn(id: number, value: string) {
  const { host, root } = newRoot()
  let closed = false
  await renderInto(root, <QueryClientProvider client={queryClient}><ResourceFormDialog def={dictItemResource} id={id} onClose={() => { closed = true }} /></QueryClientProvider>)
  const dialog = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="resource-form-dictItem"]'), 'dictionary form')
  const input = await waitFor(() => { try { return control(dialog, 'labelEn') } catch { return null } }, 'form loaded')
  type(input, value)
  await act(async () => { dialog.querySelector('form')!.requestSubmit() })
  await waitFor(() => closed, 'form saved and closed')
  await act(async () => { root.unmount() })
  host.remove()
}

beforeAll(async () => {
  h = await startHarness('admin')
  session.language = 'en'
})
afterAll(async () => { await h?.t.close() })

describe('dictionary cache and admin labels', () => {
  it('caches every dictionary in sessionStorage; the lookup is the first entry\'s dictValue; nothing differs from the bundle yet', async () => {
    sessionStorage.removeItem(DICTIONARIES_KEY)
    await refreshDictionaries()
    expect(h.calls.some((c) => c.path === '/wms-plus-base/dict/all')).toBe(true)
    const map = JSON.parse(sessionStorage.getItem(DICTIONARIES_KEY)!) as DictionaryMap
    expect(map.storageAreaType.map((e) => e.dictValue)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9'])
    expect(dictValue('storageAreaType')).toBe('1')
    expect(dictValue('locationType')).toBe('fullBox')
    expect(dictValue('noSuchDictionary')).toBeUndefined()
    // The server's labels in English equal the bundled ones: no override until an admin sets one.
    expect(overridesOf('en', map)).toEqual({})
  })

  it('an admin label edited in the dictionary form replaces the enum label in the storage-area grid, and goes back when cleared', async () => {
    const [area] = await h.t.database.query<{ area_type: number }>('select area_type from storage_area where tenant_id = 1 and warehouse_id = 26 order by code limit 1')
    const v = String(area.area_type)
    const [item] = await h.t.database.query<{ id: number }>(`select id from dict_item where dict_code = 'storageAreaType' and dict_value = $1`, [v])
    const original = bundled('en', 'storageAreaType', v)
    expect(original).toBeTruthy()

    const { host, root } = newRoot()
    await renderInto(root, <QueryClientProvider client={queryClient}><ResourceListPage def={storageAreaResource} /></QueryClientProvider>)
    // The first row's type cell: the gridcell under the 'Type' column header (same aria-colindex).
    const typeCol = () => [...host.querySelectorAll('[role="columnheader"]')]
      .find((c) => c.textContent?.replace(/[▲▼]/g, '').trim() === en(fieldLabelKey(storageAreaResource, 'type')))?.getAttribute('aria-colindex')
    const firstRow = () => {
      const col = typeCol()
      return col ? host.querySelector('[role="row"][data-row-id]')?.querySelector(`[role="gridcell"][aria-colindex="${col}"]`)?.textContent ?? '' : ''
    }
    await waitFor(() => firstRow() === original, 'bundled label in the grid')

    await editLabelEn(Number(item.id), 'Ground stack (admin)')
    // The stored label, the refreshed cache, i18next and the grid cell all read the admin's label.
    const [row] = await h.t.database.query<{ label_en: string }>('select label_en from dict_item where id = $1', [item.id])
    expect(row.label_en).toBe('Ground stack (admin)')
    await waitFor(() => firstRow() === 'Ground stack (admin)', 'admin label in the grid')
    expect(readDictionaries()!.storageAreaType.find((e) => e.dictValue === v)!.dictLabel).toBe('Ground stack (admin)')
    expect(dictLabel('storageAreaType', v)).toBe('Ground stack (admin)')
    // Other values and the other languages keep their bundled labels.
    expect(en('dict:storageAreaType.9')).toBe(bundled('en', 'storageAreaType', '9'))
    expect(i18next.t(`dict:storageAreaType.${v}`, { lng: 'zh' })).toBe(bundled('zh', 'storageAreaType', v))

    // Cleared: back to the bundled translation everywhere.
    await editLabelEn(Number(item.id), '')
    await waitFor(() => firstRow() === original, 'bundled label back in the grid')
    expect(dictLabel('storageAreaType', v)).toBe(original)
    await act(async () => { root.unmount() })
    host.remove()
  })

  it('a language switch fetches the labels of the new language (the admin\'s Chinese label there, bundled English back)', async () => {
    await h.t.database.query(`update dict_item set label_zh = '临时区（管理员）' where dict_code = 'storageAreaType' and dict_value = '4'`)
    h.calls.length = 0
    session.language = 'zh'
    await act(async () => { await i18next.changeLanguage('zh') })
    await waitFor(() => i18next.t('dict:storageAreaType.4') === '临时区（管理员）', 'zh admin label')
    const call = h.calls.find((c) => c.path === '/wms-plus-base/dict/all')!
    expect(call.headers['x-language-header']).toBe('zh-CN')
    expect(readDictionaries()!.storageAreaType.find((e) => e.dictValue === '4')!.dictLabel).toBe('临时区（管理员）')
    session.language = 'en'
    await act(async () => { await i18next.changeLanguage('en') })
    await waitFor(() => readDictionaries()!.storageAreaType.find((e) => e.dictValue === '4')!.dictLabel === bundled('en', 'storageAreaType', '4'), 'en cache')
    expect(en('dict:storageAreaType.4')).toBe(bundled('en', 'storageAreaType', '4'))
  })

  it('a value the admin added is labelled from the dictionary; logout clears the cache and the admin labels', async () => {
    await h.t.database.query(`insert into dict_item (dict_code, dict_value, dict_label, label_en, sort, status) values ('storageAreaType', '42', 'Mezzanine', 'Mezzanine deck', 99, 1)`)
    await h.t.database.query(`update dict_item set label_en = 'Picking face' where dict_code = 'storageAreaType' and dict_value = '2'`)
    await refreshDictionaries()
    expect(dictLabel('storageAreaType', 42)).toBe('Mezzanine deck')
    expect(en('dict:storageAreaType.42')).toBe('Mezzanine deck')
    expect(en('dict:storageAreaType.2')).toBe('Picking face')

    clearSession()
    expect(sessionStorage.getItem(DICTIONARIES_KEY)).toBeNull()
    expect(en('dict:storageAreaType.2')).toBe(bundled('en', 'storageAreaType', '2'))
    expect(i18next.exists('dict:storageAreaType.42')).toBe(false)
    expect(dictLabel('storageAreaType', 42)).toBe('42')
  })
})
