// Mail outbox (system-manage → mail outbox, component 'system/mail-outbox'): the mails the console
// "sends" (verification codes, spec sections 5 and 9), newest first, read in the reader's language
// (GET /api/admin/mail-outbox). Enter on a row opens the whole mail; the toolbar (and Alt+V) runs
// admin.user.verificationCode, which mails a code to the signed-in user's bound address.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { formatTime } from '../../../domain/format'
import { api } from '../../api/clients'
import { DataGrid, type GridColumn, type GridQuery } from '../../grid'
import { Modal } from '../../palette/focus'
import { AdminToolbar, pageKeyHandler, type PageKey } from './admin-ui'

export interface MailRecord extends Record<string, unknown> {
  id: number; toAddress: string; subject: string; body: string; purpose: string; userId: number | null; createdAt: string
}

export const MAIL_GRID = 'admin-mail-outbox'
const PURPOSES = [{ value: 'verificationCode', labelKey: 'admin:ui.mail.purpose.verificationCode' }]

export const mailColumns: GridColumn<MailRecord>[] = [
  { id: 'createdAt', titleKey: 'admin:ui.mail.createdAt', width: 170, sortable: true, filter: 'dateRange', hideable: false },
  { id: 'toAddress', titleKey: 'admin:ui.mail.toAddress', width: 220, sortable: true, filter: 'text' },
  { id: 'purpose', titleKey: 'admin:ui.mail.purposeTitle', width: 140, filter: 'enum', enumDict: PURPOSES },
  { id: 'subject', titleKey: 'admin:ui.mail.subject', width: 220 },
  { id: 'body', titleKey: 'admin:ui.mail.body', width: 520 },
]

const fetchMail = (q: GridQuery, signal?: AbortSignal) => api.get<{ records: MailRecord[]; total: number }>('/api/admin/mail-outbox', q, { signal })

const MAIL_KEYS: PageKey[] = [{ key: 'alt+v', command: 'admin.user.verificationCode' }]

export default function MailOutboxPage() {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const [open, setOpen] = useState<MailRecord | null>(null)
  const refresh = () => void qc.invalidateQueries({ queryKey: ['grid', MAIL_GRID] })
  return (
    <div className="flex flex-col gap-2" data-testid="admin-mail-outbox" onKeyDown={pageKeyHandler(MAIL_KEYS, refresh)}>
      <h2 className="text-base font-semibold">{t('admin:ui.mail.title')}</h2>
      <DataGrid<MailRecord>
        gridId={MAIL_GRID} titleKey="admin:ui.mail.title" columns={mailColumns} fetcher={fetchMail} defaultSort="createdAt:desc"
        onOpen={(r) => setOpen(r)}
        toolbar={<AdminToolbar label={t('admin:ui.mail.title')} ids={['admin.user.verificationCode']} keys={MAIL_KEYS} after={refresh} />}
      />
      <p className="text-xs text-gray-500">{t('admin:ui.mail.keys')}</p>
      {open && <MailDialog mail={open} onClose={() => setOpen(null)} />}
    </div>
  )
}

export function MailDialog({ mail, onClose }: { mail: MailRecord; onClose(): void }) {
  const { t } = useTranslation()
  return (
    <Modal scope="dialog" labelledBy="mail-title" onEscape={onClose} testId="mail-dialog" className="w-full max-w-xl rounded-lg bg-white p-5 shadow-2xl">
      <h2 id="mail-title" className="text-base font-semibold">{mail.subject}</h2>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-500">{t('admin:ui.mail.toAddress')}</dt><dd data-testid="mail-to">{mail.toAddress}</dd>
        <dt className="text-gray-500">{t('admin:ui.mail.createdAt')}</dt><dd>{formatTime(mail.createdAt)}</dd>
        <dt className="text-gray-500">{t('admin:ui.mail.purposeTitle')}</dt><dd>{t(`admin:ui.mail.purpose.${mail.purpose}`, { defaultValue: mail.purpose })}</dd>
      </dl>
      <p className="mt-3 whitespace-pre-wrap rounded border bg-gray-50 p-3 text-sm" data-testid="mail-body">{mail.body}</p>
      <div className="mt-4 flex justify-end">
        <button type="button" autoFocus className="h-8 rounded border px-3 text-sm" onClick={onClose} data-testid="mail-close">{t('common:close')}</button>
      </div>
    </Modal>
  )
}
