// @vitest-environment happy-dom
// The app version form's package field follows its declaration's upload purpose ('app': apk/wgt up to
// 50 MB, spec section 5): other formats and larger files are refused before anything is sent, with
// the spec's messages; an apk goes to POST /api/files/upload?purpose=app and the version saves with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act } from 'react'
import { appVersionResource } from '../../src/domain/resources/admin/app-version'
import { ResourceFormDialog } from '../../src/app/resources/ResourceForm'
import { MB } from '../../src/domain/upload'
import { i18next } from '../../src/app/i18n'
import { startHarness, mount, waitFor, type, type Harness } from './grid-harness'

let h: Harness
const label = (f: string) => i18next.t(`admin:appVersion.fields.${f}`)
function control(root: ParentNode, field: string): HTMLInputElement {
  const l = [...root.querySelectorAll('label')].find((x) => x.textContent?.replace('*', '').trim() === label(field))
  if (!l) throw new Error(`no label ${label(field)}`)
  return document.getElementById(l.htmlFor) as HTMLInputElement
}
/** Chooses a file as the browser would (the input's FileList, then a change event). */
async function choose(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true })
  await act(async () => { input.dispatchEvent(new Event('change', { bubbles: true })) })
}
const alertIn = (root: ParentNode) => root.querySelector('[role="alert"]')?.textContent ?? ''

beforeAll(async () => { h = await startHarness() })
afterAll(async () => { await h?.close() })

describe('app version package upload', () => {
  it('refuses another format and more than 50 MB before sending; an apk uploads under the app purpose and saves', async () => {
    const m = mount(<ResourceFormDialog def={appVersionResource} onClose={() => {}} />)
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="resource-form-appVersion"]'), 'form dialog')
    const file = control(dialog, 'fileUrl')
    expect(file.getAttribute('accept')).toBe('.apk,.wgt')

    h.calls.length = 0
    await choose(file, new File(['MZ'], 'pda.exe'))
    await waitFor(() => alertIn(file.parentElement!), 'format refusal')
    expect(alertIn(file.parentElement!)).toBe('please confirm upload file format [apk, wgt]')

    await choose(file, new File([new Uint8Array(50 * MB + 1)], 'pda.apk'))
    await waitFor(() => alertIn(file.parentElement!).includes('50M'), 'size refusal')
    expect(alertIn(file.parentElement!)).toBe('uploaded file size cannot exceed 50M')
    expect(h.calls.filter((c) => c.path === '/api/files/upload')).toEqual([])

    await choose(file, new File(['PK\u0003\u0004'], 'pda-5.11.4.apk'))
    await waitFor(() => h.calls.some((c) => c.path === '/api/files/upload' && c.status === 200), 'upload sent')
    expect(h.calls.find((c) => c.path === '/api/files/upload')!.url).toBe('/api/files/upload?purpose=app')
    // A package is shown as a link, not as a picture.
    await waitFor(() => file.parentElement!.querySelector('a[href^="/api/files/"]'), 'package link')
    expect(file.parentElement!.querySelector('img')).toBeNull()

    type(control(dialog, 'versionNumber'), '5.11.4')
    type(control(dialog, 'appId'), 'com.demo.pda')
    type(control(dialog, 'description'), 'Scanner build')
    await act(async () => { dialog.querySelector('form')!.requestSubmit() })
    await waitFor(() => h.calls.some((c) => c.url === '/api/commands/resource.appVersion.add' && c.status === 200), 'saved')
    const [row] = await h.t.database.query<{ file_url: string; purpose: string; name: string }>(
      `select v.file_url, f.purpose, f.name from app_version v join file_object f on v.file_url = '/api/files/' || f.id where v.app_id = 'com.demo.pda'`)
    expect(row).toMatchObject({ purpose: 'app', name: 'pda-5.11.4.apk' })
    m.unmount()
  })
})
