// "Go to document" in the palette: which queries are document numbers, the kinds the caller may look up
// (GET /api/search/kinds, once per session and pair) and the debounced document search both palette
// modes share ('#' / $mod+shift+k, and a number typed in the commands mode without '#').
//
// A query is shaped like a number when it is one token (no spaces, 3–64 letters, digits and - _ . /)
// and either holds at least 4 digits (document numbers RK2611220001, tracking numbers 1Z999AA1…,
// platform order numbers 112-4455667-1234567, box codes RK…-3, plates 粤B12345, containers CART-0007)
// or starts with a known document prefix followed by 2 digits (RK26, cy26 …). Ordinary words (a
// command's name, "ship", "sku") never send a request; a code with fewer digits (CART-7) needs '#'.
import { useEffect, useState } from 'react'
import { api, ApiError } from '../api/clients'
import { session } from '../state/session'

/** Debounce of the document search (brief: 150 ms). */
export const DOCUMENT_DEBOUNCE_MS = 150

export interface DocumentHit {
  type: string; id: number | string; number: string; title: string; status?: string | number; path: string; typeTitle?: string
  matched?: string; matchedBy?: string
}

export interface DocumentKind { type: string; title: string; group: 'document' | 'reference'; prefixes: string[]; alsoBy: string[] }

const TOKEN = /^[\p{L}\p{N}][\p{L}\p{N}._/-]{2,63}$/u

/** True when `q` (as typed, without '#') is shaped like a document number or another number an operator holds. */
export function looksLikeDocumentNumber(q: string, prefixes: readonly string[]): boolean {
  const s = q.trim()
  if (!TOKEN.test(s)) return false
  if ((s.match(/\d/g) ?? []).length >= 4) return true
  const up = s.toUpperCase()
  return prefixes.some((p) => p.length > 0 && up.startsWith(p.toUpperCase()) && /^\d{2}/.test(up.slice(p.length)))
}

let kinds: { key: string; promise: Promise<DocumentKind[]> } | undefined

/** The kinds the caller may look up in the current pair (fetched once per user and pair; [] until then or on failure). */
export function useDocumentKinds(): DocumentKind[] {
  const key = `${session.userId}:${session.tenantId}:${session.warehouseId}`
  const [state, setState] = useState<{ key: string; list: DocumentKind[] }>({ key: '', list: [] })
  useEffect(() => {
    if (!session.token) return
    if (kinds?.key !== key) kinds = { key, promise: api.get<DocumentKind[]>('/api/search/kinds', undefined, { silent: true }).then((l) => l ?? [], () => { kinds = undefined; return [] }) }
    let live = true
    void kinds.promise.then((list) => { if (live) setState({ key, list }) })
    return () => { live = false }
  }, [key])
  return state.key === key ? state.list : []
}

export type DocumentSearch = { status: 'idle' | 'pending' } | { status: 'done'; hits: DocumentHit[] } | { status: 'error'; message?: string }

/**
 * The document search for `query` ('' or null: none): debounced; a newer query aborts the older request,
 * so a slow answer never overwrites a newer one. Pending until the answer for THIS query is in.
 */
export function useDocumentSearch(query: string | null): DocumentSearch {
  const [answer, setAnswer] = useState<{ query: string; result: DocumentSearch } | null>(null)
  useEffect(() => {
    if (!query) return
    const ctrl = new AbortController()
    const timer = setTimeout(() => {
      api.get<DocumentHit[]>('/api/search/documents', { q: query, limit: 20 }, { silent: true, signal: ctrl.signal })
        .then((hits) => { if (!ctrl.signal.aborted) setAnswer({ query, result: { status: 'done', hits: hits ?? [] } }) })
        .catch((e: unknown) => { if (!ctrl.signal.aborted) setAnswer({ query, result: { status: 'error', message: e instanceof ApiError ? e.message : undefined } }) })
    }, DOCUMENT_DEBOUNCE_MS)
    return () => { clearTimeout(timer); ctrl.abort() }
  }, [query])
  if (!query) return { status: 'idle' }
  return answer?.query === query ? answer.result : { status: 'pending' }
}
