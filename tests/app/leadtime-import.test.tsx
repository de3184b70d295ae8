// @vitest-environment happy-dom
// The styles' L/T-days import (spec section 4: "Only incomplete-entry styles can be imported for L/T
// update") on the real API: the palette command resource.style.leadtime opens the shared import dialog
// over the action's sheet; the dry run lists every bad row and cell (a complete-entry style refused
// with the spec's rule, an unknown style, a bad number) and writes nothing; the fixed sheet updates
// every row in one command, reported with the action's own message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act } from 'react'
import ExcelJS from 'exceljs'
import { resourceCommandList } from '../../commands/resources'
import { runCommand } from '../../src/app/commands/run'
import { ResourceDialogHost } from '../../src/app/resources/ResourceDialogHost'
import { LT_DRY_RUN_URL, LT_TEMPLATE_URL } from '../../src/domain/resources/product/rules'
import { closePanel } from '../../src/app/state/ui'
import { i18next } from '../../src/app/i18n'
import { startHarness, mount, waitFor, click, type Harness } from './grid-harness'

let h: Harness
const en = (k: string, o?: Record<string, unknown>) => i18next.t(k, o)
type Style = { id: number; style_no: string; lt_days: number | null }
let incomplete: Style[]
let complete: Style

async function sheet(rows: (string | number | null)[][]): Promise<File> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('lt')
  ws.addRow([en('res-product:style.ltImport.fields.styleNo'), en('res-product:style.ltImport.fields.ltDays')])
  for (const r of rows) ws.addRow(r)
  const buf = await wb.xlsx.writeBuffer()
  return new File([new Uint8Array(buf as ArrayBuffer)], 'lt.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })
}
async function choose(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, 'files', { configurable: true, value: [file] })
  await act(async () => { input.dispatchEvent(new Event('change', { bubbles: true })) })
}
const ltOf = async (ids: number[]) => (await h.t.database.query<{ id: number; lt_days: number | null }>('select id, lt_days from product_style where id = any($1::int[]) order by id', [ids]))
  .map((r) => [Number(r.id), r.lt_days === null ? null : Number(r.lt_days)])

beforeAll(async () => {
  h = await startHarness()
  incomplete = await h.t.database.query<Style>(`select id, style_no, lt_days from product_style where tenant_id = 1 and entry_status = 'incomplete' and source = 'local' order by id limit 2`)
  ;[complete] = await h.t.database.query<Style>(`select id, style_no, lt_days from product_style where tenant_id = 1 and entry_status = 'complete' and source = 'local' order by id limit 1`)
  expect(incomplete).toHaveLength(2)
  expect(complete).toBeTruthy()
})
afterAll(async () => { closePanel(); await h?.close() })

describe('L/T-days import', () => {
  it('the palette command opens the import dialog over the action sheet; bad rows listed, nothing written; the fixed sheet updates all rows', async () => {
    const cmd = resourceCommandList.find((c) => c.id === 'resource.style.leadtime')!
    const m = mount(<ResourceDialogHost />)
    await act(async () => { await runCommand(cmd) })
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="resource-import-style-leadtime"]'), 'L/T dialog')
    expect(dialog.querySelector('h2')!.textContent).toBe(en('res-product:style.actions.leadtime'))
    const input = dialog.querySelector<HTMLInputElement>('[data-testid="import-file"]')!
    const confirm = dialog.querySelector<HTMLButtonElement>('[data-testid="import-confirm"]')!
    expect(document.activeElement).toBe(input)

    const before = await ltOf([...incomplete.map((s) => s.id), complete.id])
    await choose(input, await sheet([
      [incomplete[0].style_no, 21],
      [complete.style_no, 9],
      ['NO-SUCH-STYLE', 5],
      [incomplete[1].style_no, 400],
      [incomplete[0].style_no, 22],
    ]))
    const table = await waitFor(() => dialog.querySelector<HTMLTableElement>('[data-testid="import-errors"]'), 'error table')
    expect(h.calls.some((c) => c.path === LT_DRY_RUN_URL)).toBe(true)
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''))
    const styleCol = en('res-product:style.ltImport.fields.styleNo')
    const ltCol = en('res-product:style.ltImport.fields.ltDays')
    expect(rows).toEqual([
      ['3', styleCol, en('res-product:rules.ltOnlyIncomplete', { styleNo: complete.style_no })],
      ['4', styleCol, en('res-product:rules.styleUnknown', { styleNo: 'NO-SUCH-STYLE' })],
      ['5', ltCol, en('errors:field.tooBig', { field: ltCol, max: 365 })],
      ['6', styleCol, en('res-product:rules.duplicateStyleRow', { row: 2 })],
    ])
    // The spec's rule, in the operator's words.
    expect(rows[0][2]).toContain('only incomplete-entry styles can be imported for L/T update')
    expect(dialog.querySelector('[data-testid="import-summary"]')!.textContent).toBe(en('resources-ui:import.hasErrors', { count: 4, rows: 4, total: 5 }))
    expect(confirm.disabled).toBe(true)
    expect(await ltOf([...incomplete.map((s) => s.id), complete.id])).toEqual(before)
    expect(h.calls.filter((c) => c.path.startsWith('/api/commands/'))).toEqual([])

    await choose(input, await sheet([[incomplete[0].style_no, 21], [incomplete[1].style_no, 30]]))
    await waitFor(() => !confirm.disabled, 'confirm enabled')
    expect(dialog.querySelector('[data-testid="import-errors"]')).toBeNull()
    expect(dialog.querySelector('[data-testid="import-summary"]')!.textContent).toBe(en('resources-ui:import.clean', { total: 2, creates: 0, updates: 2 }))
    await waitFor(() => document.activeElement === confirm, 'confirm focused')
    click(confirm)
    const done = await waitFor(() => dialog.querySelector('[data-testid="import-done"]'), 'done')
    expect(done.textContent).toBe(en('res-product:style.result.leadtime', { count: 2 }))
    const sent = h.calls.filter((c) => c.path === '/api/commands/resource.style.leadtime')
    expect(sent).toHaveLength(1)
    expect(JSON.parse(sent[0].body)).toEqual({ rows: [{ row: 2, styleNo: incomplete[0].style_no, ltDays: 21 }, { row: 3, styleNo: incomplete[1].style_no, ltDays: 30 }] })
    expect(await ltOf(incomplete.map((s) => s.id))).toEqual([[incomplete[0].id, 21], [incomplete[1].id, 30]])
    const audit = await h.t.database.query<{ result: string }>(`select result from audit_log where command_id = 'resource.style.leadtime'`)
    expect(audit.map((a) => a.result)).toEqual(['ok'])
    // The template comes from the action's own endpoint (last: happy-dom's download link ends the page's fetches).
    click(dialog.querySelector('[data-testid="import-template"]'))
    await waitFor(() => h.calls.find((c) => c.path === LT_TEMPLATE_URL)?.status, 'template downloaded')
    expect(h.calls.find((c) => c.path === LT_TEMPLATE_URL)!.status).toBe(200)

    m.unmount()
  })
})
