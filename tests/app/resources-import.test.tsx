// @vitest-environment happy-dom
// Import and bulk status dialogs on the real API (locations of the warehouse group): a sheet with bad
// rows lists EVERY bad row and cell in the operator's language, writes nothing and keeps "Confirm
// import" disabled; the fixed sheet imports in one command. The bulk status preview says per row what
// changes and why a row is refused; confirming changes exactly those rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act } from 'react'
import ExcelJS from 'exceljs'
import { locationResource as location } from '../../src/domain/resources/warehouse/location'
import { titleKeyOf } from '../../src/domain/resource'
import { ImportDialog } from '../../src/app/resources/ImportDialog'
import { StatusDialog } from '../../src/app/resources/StatusDialog'
import { session } from '../../src/app/state/session'
import { toasts } from '../../src/app/state/toast'
import { i18next } from '../../src/app/i18n'
import { startHarness, mount, waitFor, click, type Harness } from './grid-harness'

let h: Harness
let areaCode: string
const en = (k: string, o?: Record<string, unknown>) => i18next.t(k, o)

async function sheet(rows: (string | number | null)[][]): Promise<File> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('locations')
  ws.addRow(['code', 'type', 'storageAreaId', 'shelfId', 'floor', 'status'])
  for (const r of rows) ws.addRow(r)
  const buf = await wb.xlsx.writeBuffer()
  return new File([new Uint8Array(buf as ArrayBuffer)], 'locations.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })
}

async function choose(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, 'files', { configurable: true, value: [file] })
  await act(async () => { input.dispatchEvent(new Event('change', { bubbles: true })) })
}

const countZx = async () => Number((await h.t.database.query<{ n: string }>(`select count(*) n from location where tenant_id = 1 and warehouse_id = 26 and code like 'ZX-%'`))[0].n)

beforeAll(async () => {
  h = await startHarness()
  ;[{ code: areaCode }] = await h.t.database.query<{ code: string }>('select code from storage_area where tenant_id = 1 and warehouse_id = 26 order by id limit 1')
})
afterAll(async () => { await h?.t.close() })

describe('import dialog', () => {
  it('lists every bad row and cell, writes nothing; the fixed sheet imports all rows', async () => {
    const m = mount(<ImportDialog def={location} onClose={() => {}} />)
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="resource-import-location"]'), 'dialog')
    const input = dialog.querySelector<HTMLInputElement>('[data-testid="import-file"]')!
    const confirm = dialog.querySelector<HTMLButtonElement>('[data-testid="import-confirm"]')!
    expect(confirm.disabled).toBe(true)

    // Wrong format: refused before anything is sent.
    h.calls.length = 0
    await choose(input, new File(['x'], 'locations.csv', { type: 'text/csv' }))
    expect(dialog.querySelector('[data-testid="import-file-error"]')!.textContent).toContain('xls, xlsx')
    expect(h.calls.filter((c) => c.url.includes('/import/'))).toEqual([])

    await choose(input, await sheet([
      ['BAD CODE', 'fullBox', areaCode, null, 1, 1],
      ['ZX-01-01', 'nonsense', areaCode, null, 1, 1],
      ['ZX-01-02', 'fullBox', 'NO-SUCH-AREA', null, 1, 1],
      ['ZX-01-03', 'scattered', areaCode, null, 1, 1],
      ['ZX-01-04', 'sample', areaCode, null, 'abc', 1],
    ]))
    const table = await waitFor(() => dialog.querySelector<HTMLTableElement>('[data-testid="import-errors"]'), 'error table')
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''))
    // Every bad row (sheet rows 2, 3, 4 and 6), each naming its column in English.
    expect([...new Set(rows.map((r) => r[0]))].sort()).toEqual(['2', '3', '4', '6'])
    expect(rows.find((r) => r[0] === '2')![1]).toBe(en('res-warehouse:location.fields.code'))
    expect(rows.find((r) => r[0] === '3')![1]).toBe(en('res-warehouse:location.fields.type'))
    expect(rows.find((r) => r[0] === '4')![1]).toBe(en('res-warehouse:location.fields.storageAreaId'))
    expect(rows.find((r) => r[0] === '6')![1]).toBe(en('res-warehouse:location.fields.floor'))
    for (const r of rows) expect(r[2].length).toBeGreaterThan(0)
    expect(dialog.querySelector('[data-testid="import-summary"]')!.textContent).toBe(en('resources-ui:import.hasErrors', { count: rows.length, rows: 4, total: 5 }))
    expect(confirm.disabled).toBe(true)
    expect(await countZx()).toBe(0)

    // The operator's language: the same sheet in Spanish lists Spanish messages.
    await act(async () => { session.language = 'es-MX'; await i18next.changeLanguage('es-MX') })
    await choose(input, await sheet([['ZX-01-05', 'fullBox', 'NO-SUCH-AREA', null, 1, 1]]))
    await waitFor(() => dialog.querySelector('[data-testid="import-errors"] tbody td:nth-child(2)')?.textContent === i18next.t('res-warehouse:location.fields.storageAreaId'), 'spanish column')
    await act(async () => { session.language = 'en'; await i18next.changeLanguage('en') })

    await choose(input, await sheet([
      ['ZX-01-01', 'fullBox', areaCode, null, 1, 1],
      ['ZX-01-02', 'scattered', areaCode, null, 2, 1],
      ['ZX-01-03', 'sample', areaCode, null, null, 1],
    ]))
    await waitFor(() => !confirm.disabled, 'confirm enabled')
    expect(dialog.querySelector('[data-testid="import-errors"]')).toBeNull()
    expect(dialog.querySelector('[data-testid="import-summary"]')!.textContent).toBe(en('resources-ui:import.clean', { total: 3, creates: 3, updates: 0 }))
    expect(await countZx()).toBe(0) // the dry run wrote nothing
    click(confirm)
    const done = await waitFor(() => dialog.querySelector('[data-testid="import-done"]'), 'done')
    expect(done.textContent).toBe(en('resources-ui:import.done', { created: 3, updated: 0 }))
    expect(await countZx()).toBe(3)
    m.unmount()
  })
})

describe('bulk status dialog', () => {
  it('previews per row (changes / refused with reason) and changes exactly the rows that can', async () => {
    const ids = (await h.t.database.query<{ id: number }>(`select id from location where tenant_id = 1 and warehouse_id = 26 and code like 'ZX-01-0%' order by code`)).map((r) => Number(r.id))
    expect(ids).toHaveLength(3)
    await h.t.database.query('update location set status = 0 where id = $1', [ids[2]])
    const m = mount(<StatusDialog def={location} ids={ids} status={0} onClose={() => {}} />)
    const table = await waitFor(() => document.querySelector<HTMLTableElement>('[data-testid="status-preview"]'), 'preview')
    const rows = [...table.querySelectorAll('tbody tr')]
    expect(rows.map((r) => r.getAttribute('data-change'))).toEqual(['true', 'true', 'false'])
    expect(rows[0].textContent).toContain('ZX-01-01')
    expect(rows[2].textContent).toContain(en('dict:enabledFlag.0'))
    expect(rows[2].querySelector('td:last-child')!.textContent).not.toBe(en('resources-ui:status.willChange'))
    expect(document.querySelector('[data-testid="status-summary"]')!.textContent).toBe(en('resources-ui:status.summary', { changes: 2, refused: 1 }))
    const confirm = document.querySelector<HTMLButtonElement>('[data-testid="status-confirm"]')!
    expect(confirm.textContent).toBe(en('resources-ui:status.confirm', { count: 2 }))
    click(confirm)
    // The toast names the resource and the status set, and the refused row (issue 18: a bulk result names its action).
    const said = `${en(titleKeyOf(location))}: 2 rows set to ${en('dict:enabledFlag.0')} · 1 refused`
    expect(en('counts:withRefused', { done: 'resources-ui:status.done', title: en(titleKeyOf(location)), count: 2, refused: 1, status: en('dict:enabledFlag.0') })).toBe(said)
    await waitFor(() => toasts.list.some((x) => x.message === said), 'done toast')
    const st = await h.t.database.query<{ status: number }>(`select status from location where id = any($1::int[])`, [ids])
    expect(st.map((r) => Number(r.status))).toEqual([0, 0, 0])
    m.unmount()
  })
})
