// The CommandContext of the browser, built from the stores at the moment a command is considered
// (key press, palette open, button render) — never stored. The permission Set is rebuilt only when
// the session's permission list changes.
import { useMemo, useSyncExternalStore } from 'react'
import { useLocation } from 'wouter'
import { snapshot } from 'valtio'
import { useSnapshot } from 'valtio/react'
import type { CommandContext, FocusScope } from '../../domain/commands'
import type { Language } from '../../domain/i18n'
import { session } from '../state/session'
import { ui } from '../state/ui'
import { selection } from '../state/selection'
import { scopeStack, subscribeScopes } from '../keys/focus-stack'
import { getActiveRegistry, navigationPaths } from './registry'

let permSource: readonly string[] | null = null
let permSet: ReadonlySet<string> = new Set()

/** Set of held permission codes, rebuilt only when the list (snapshot identity) changes. */
function permissionSetOf(list: readonly string[]): ReadonlySet<string> {
  if (list !== permSource) {
    permSource = list
    permSet = new Set(list)
  }
  return permSet
}

export function permissionSet(): ReadonlySet<string> {
  return permissionSetOf(snapshot(session).permissions)
}

export type ContextExtension = (ctx: CommandContext) => Partial<CommandContext>
const extensions = new Set<ContextExtension>()

/** Lets the shell refine fields it knows better (e.g. whether the page may be a favourite). */
export function registerContextExtension(fn: ContextExtension): () => void {
  extensions.add(fn)
  return () => { extensions.delete(fn) }
}

function currentRoute(): string {
  return typeof location === 'object' ? location.pathname : ''
}

interface ContextInputs {
  permissions: readonly string[]
  roles: readonly string[]
  userId: number
  tenantId: number
  warehouseId: number
  language: Language
  favourites: readonly { path: string; fullPath: string }[]
  rows: readonly Record<string, unknown>[]
  documentId: string | number | undefined
  document: Readonly<Record<string, unknown>> | undefined
  errorCount: number
  scopes: string
  route: string
}

function makeContext(i: ContextInputs): CommandContext {
  // Spec: the favourite star shows only for routes among the permitted (menu) routes.
  const permitted = navigationPaths(getActiveRegistry()).has(i.route)
  let ctx: CommandContext = {
    permissions: permissionSetOf(i.permissions),
    roles: i.roles,
    userId: i.userId,
    tenantId: i.tenantId,
    warehouseId: i.warehouseId,
    language: i.language,
    route: i.route,
    selection: i.rows,
    documentId: i.documentId,
    document: i.document,
    favourite: permitted ? i.favourites.some((f) => f.path === i.route || f.fullPath === i.route) : undefined,
    errorCount: i.errorCount,
    scopes: i.scopes.split('/') as FocusScope[],
  }
  for (const ext of extensions) ctx = { ...ctx, ...ext(ctx) }
  return ctx
}

/** The context at this moment, from the stores (key presses, runs). */
export function buildCommandContext(): CommandContext {
  const s = snapshot(session)
  const sel = snapshot(selection)
  return makeContext({
    permissions: s.permissions, roles: s.roles, userId: s.userId, tenantId: s.tenantId, warehouseId: s.warehouseId, language: s.language,
    favourites: s.favourites, rows: sel.rows, documentId: sel.documentId, document: sel.document, errorCount: ui.errorLog.length, scopes: scopeKey(), route: currentRoute(),
  })
}

/** React: the context, rebuilt only when one of its inputs changes (session, selection, error log, focus stack, route). */
export function useCommandContext(): CommandContext {
  const s = useSnapshot(session)
  const sel = useSnapshot(selection)
  const errorCount = useSnapshot(ui).errorLog.length
  const scopes = useSyncExternalStore(subscribeScopes, scopeKey, scopeKey)
  const [route] = useLocation()
  const { permissions, roles, userId, tenantId, warehouseId, language, favourites } = s
  const { rows, documentId, document } = sel
  return useMemo(
    () => makeContext({ permissions, roles, userId, tenantId, warehouseId, language, favourites, rows, documentId, document, errorCount, scopes, route }),
    [permissions, roles, userId, tenantId, warehouseId, language, favourites, rows, documentId, document, errorCount, scopes, route],
  )
}

function scopeKey(): string { return scopeStack().join('/') }
