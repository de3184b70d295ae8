// Download helpers of spec section 7 "Helpers": Excel from base64, content-disposition exports,
// and the hidden-frame download with its 5000 ms timeout.
import { excelFileName, exportFileName } from '../../domain/format'
import { ApiError, commonHeaders, LONG_TIMEOUT_MS } from '../api/clients'

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
export const FRAME_DOWNLOAD_TIMEOUT_MS = 5000

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  a.style.display = 'none'
  document.body.appendChild(a)
  a.click()
  a.remove()
  // Revoke on the next tick: some browsers read the URL asynchronously after click().
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** Decodes base64 (a `data:` URL prefix is tolerated) into a Blob. */
export function base64ToBlob(base64: string, type = XLSX_MIME): Blob {
  const b64 = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '')
  const bin = atob(b64)
  const bytes = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i)
  return new Blob([bytes], { type })
}

/** Saves a base64 Excel workbook as year-month-day-hour-minute-second.xlsx; returns the name used. */
export function downloadExcelBase64(base64: string, fileName: string = excelFileName()): string {
  saveBlob(base64ToBlob(base64), fileName)
  return fileName
}

function extFor(contentType: string): string {
  if (contentType.includes('spreadsheetml') || contentType.includes('ms-excel')) return '.xlsx'
  if (contentType.includes('pdf')) return '.pdf'
  if (contentType.includes('csv')) return '.csv'
  if (contentType.includes('zip')) return '.zip'
  return ''
}

/**
 * Saves an export response (status 200) under its content-disposition name, else YYYYMMDD.
 * A JSON body on an export is the server's envelope saying why there is no file (e.g. no data).
 */
export async function saveResponse(res: Response): Promise<string> {
  const type = res.headers.get('content-type') ?? ''
  if (res.status !== 200 || type.includes('application/json')) {
    const body = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined
    const msg = String(body?.error ?? body?.responseDesc ?? body?.msg ?? 'Error')
    throw new ApiError(msg, res.status, String(body?.responseCode ?? res.status), body?.messageKey as string | undefined)
  }
  const name = exportFileName(res.headers.get('content-disposition'), new Date(), extFor(type))
  saveBlob(await res.blob(), name)
  return name
}

/** POSTs (or GETs, without a body) an export call with the console headers and saves the file. */
export async function exportDownload(url: string, body?: unknown, timeoutMs = LONG_TIMEOUT_MS): Promise<string> {
  const ctrl = new AbortController()
  const timer = setTimeout(() => ctrl.abort(), timeoutMs)
  try {
    const headers: Record<string, string> = { ...commonHeaders() }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(url, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body), signal: ctrl.signal })
    return await saveResponse(res)
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Downloads through a hidden iframe (for server URLs that answer with an attachment and need no
 * headers). Resolves when the frame reports load; rejects 'Download timed out' after `timeoutMs`.
 * The frame is removed either way.
 */
export function frameDownload(url: string, timeoutMs = FRAME_DOWNLOAD_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe')
    frame.style.display = 'none'
    frame.setAttribute('aria-hidden', 'true')
    const done = () => { clearTimeout(timer); frame.onload = null; frame.remove() }
    const timer = setTimeout(() => { done(); reject(new Error('Download timed out')) }, timeoutMs)
    frame.onload = () => { done(); resolve() }
    frame.src = url
    document.body.appendChild(frame)
  })
}
