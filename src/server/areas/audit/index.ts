// Operation log: the audit_log rows of the caller's tenant+warehouse (written by every mutating
// command, see areas/commands), as a list and as an xlsx export of the current filter or selection.
// Each row is told as a sentence in the reader's language (issue 18) — who ran which command (its
// title) on which documents (from its audited arguments, else its summary) and, when it was refused
// or failed, why — with the documents, the arguments and the request id for the detail view.
import type { Area } from '../../http/area'
import { commandRegistry } from '../../../../commands/index'
import { auditDocuments, auditSubject } from '../../commands/audit-args'
import { auditLog } from '../../db/schema/index'
import { translate } from '../../i18n'
import type { Language } from '../../../domain/i18n'
import { defineRoute, registerRoutes } from '../../http/route'
import { listQuerySchema, runList, streamListXlsx, type ExportColumn, type ListDef } from '../../http/list'

/** Permission codes of the operation-log screen and its export button (menu catalog). */
export const AUDIT_PERMISSIONS = { view: 'menu:operation-log', export: 'operation-log:export' } as const
export const AUDIT_RESULTS = ['ok', 'refused', 'error'] as const

/**
 * A refusal's stored message key in the reader's language (x-language-header), with the parameters
 * stored beside it (migration 0029); a parameter an older row does not have shows as '…'. Anything that
 * is not a known key (an old free-text code) is shown as stored.
 */
export function auditMessage(lang: Language, code: string | null, params?: Record<string, unknown> | null): string | null {
  if (!code || !/^[\w-]+:[\w.-]+$/.test(code)) return code
  const text = translate(lang, code, params ?? undefined)
  return text === code ? code : text.replace(/\{\{\s*\w+\s*\}\}/g, '…')
}

export const auditList = {
  table: auditLog,
  select: {
    id: auditLog.id,
    createdAt: auditLog.createdAt,
    username: auditLog.username,
    userId: auditLog.userId,
    commandId: auditLog.commandId,
    summary: auditLog.summary,
    result: auditLog.result,
    errorCode: auditLog.errorCode,
    errorParams: auditLog.errorParams,
    argsDigest: auditLog.argsDigest,
    args: auditLog.args,
    durationMs: auditLog.durationMs,
    requestId: auditLog.requestId,
    ip: auditLog.ip,
  },
  scope: { tenant: auditLog.tenantId, warehouse: auditLog.warehouseId },
  key: auditLog.id,
  sortable: {
    createdAt: auditLog.createdAt,
    username: auditLog.username,
    commandId: auditLog.commandId,
    result: auditLog.result,
    durationMs: auditLog.durationMs,
    id: auditLog.id,
  },
  defaultSort: 'createdAt:desc',
  filters: {
    commandId: { type: 'text', column: auditLog.commandId },
    username: { type: 'text', column: auditLog.username },
    result: { type: 'enum', column: auditLog.result, values: AUDIT_RESULTS },
    createdAt: { type: 'dateRange', column: auditLog.createdAt },
  },
} satisfies ListDef

type AuditRow = { [K in keyof typeof auditList.select]: unknown }

/** Documents named in a sentence; the rest are counted ("CK1, CK2, CK3 and 4 more"). */
export const SENTENCE_DOCUMENTS = 3

/** A command's title in the reader's language (its id when the catalog no longer has it). */
export function commandTitle(lang: Language, commandId: string): string {
  const def = commandRegistry.get(commandId)
  return def ? translate(lang, def.title) : commandId
}

/** One audit row told as a sentence, and the documents it is about (first the arguments', then the summary's). */
export function auditSentence(lang: Language, r: Pick<AuditRow, 'username' | 'commandId' | 'result' | 'args' | 'summary' | 'errorCode' | 'errorParams'>): { sentence: string; documents: string[] } {
  const documents = auditDocuments(r.args, r.summary as string | null)
  const list = documents.length > SENTENCE_DOCUMENTS
    ? translate(lang, 'audit:sentence.more', { list: documents.slice(0, SENTENCE_DOCUMENTS).join(', '), count: documents.length - SENTENCE_DOCUMENTS })
    : documents.join(', ')
  const subject = list || auditSubject(r.args)
  const result = (AUDIT_RESULTS as readonly string[]).includes(r.result as string) ? (r.result as string) : 'ok'
  const reason = result === 'ok' ? '' : auditMessage(lang, r.errorCode as string | null, r.errorParams as Record<string, unknown> | null) ?? ''
  const sentence = translate(lang, `audit:sentence.${result}${subject ? '' : 'Plain'}`, {
    user: (r.username as string | null) || translate(lang, 'audit:sentence.someone'), command: commandTitle(lang, r.commandId as string), documents: subject ?? '', reason,
  })
  return { sentence, documents }
}

const exportColumns = (lang: Language): ExportColumn<AuditRow>[] => [
  { key: 'createdAt', titleKey: 'audit:col.createdAt', width: 20 },
  { key: 'sentence', titleKey: 'audit:col.sentence', width: 60, value: (r) => auditSentence(lang, r).sentence },
  { key: 'username', titleKey: 'audit:col.username', width: 16 },
  { key: 'commandId', titleKey: 'audit:col.commandId', width: 30 },
  { key: 'summary', titleKey: 'audit:col.summary', width: 40 },
  { key: 'result', titleKey: 'audit:col.result', width: 10 },
  { key: 'errorCode', titleKey: 'audit:col.errorCode', width: 24 },
  { key: 'durationMs', titleKey: 'audit:col.durationMs', width: 12 },
  { key: 'requestId', titleKey: 'audit:col.requestId', width: 38 },
  { key: 'ip', titleKey: 'audit:col.ip', width: 16 },
  { key: 'argsDigest', titleKey: 'audit:col.argsDigest', width: 66 },
]

export const auditArea: Area = (app, { db }) => {
  registerRoutes(app, [
    defineRoute({
      method: 'GET', url: '/api/audit-log', summary: 'Operation log of the current warehouse and tenant', tags: ['audit'],
      envelope: 'main', auth: 'scoped', permission: AUDIT_PERMISSIONS.view,
      query: listQuerySchema(auditList),
      handler: async ({ query, auth, raw: req }) => {
        const page = await runList(db, auditList, query, auth)
        return {
          ...page,
          records: page.records.map((r) => ({
            ...r, ...auditSentence(req.lang, r as AuditRow), commandTitle: commandTitle(req.lang, r.commandId as string),
            errorMessage: auditMessage(req.lang, r.errorCode as string | null, r.errorParams as Record<string, unknown> | null),
          })),
        }
      },
    }),
    defineRoute({
      method: 'GET', url: '/api/audit-log/export', summary: 'Operation log as xlsx (current filter, or up to 50 selected ids)', tags: ['audit'],
      envelope: 'main', auth: 'scoped', permission: AUDIT_PERMISSIONS.export,
      query: listQuerySchema(auditList, { forExport: true }),
      handler: ({ query, auth, raw: req }, reply) => streamListXlsx({
        db, def: auditList, query, auth, reply, lang: req.lang, columns: exportColumns(req.lang),
        fileBase: 'operation-log', sheetKey: 'audit:title', log: req.log,
      }),
    }),
  ])
}
