// One transfer order (stock-out-allot → allot-detail, component 'stock-out-allot/allot-detail', ?no=<DB…>):
// its stage and its stage commands (the machine enables each, disabled with the reason), from → to
// warehouse, the lines (ordered, reserved, shipped, received, in transit), the boxes (box code, units, the
// box label on the receiving inbound order and what of it was received), the receiving inbound order, and
// the ledger rows of both warehouses under the DB and inbound numbers. A number typed in the field at the
// top opens another order. Opened from the list (Enter), the palette's document jump, or after creating.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { dictLabelKey } from '../../../domain/dictionaries'
import { formatTime } from '../../../domain/format'
import { ledgerDocTypeKey, ledgerReasonKey } from '../../../domain/ledger-reasons'
import { CommandButtons } from '../documents/CommandButtons'
import { useDocumentContext } from '../documents/useDocumentContext'
import { usePageSearch } from '../kit'
import { docInputCls } from '../documents/formParts'
import { transferDetailPath } from '../../../../commands/transfers'
import { fetchTransfer } from './api'
import { TRANSFER_GRID_ID } from './TransferOrdersPage'

const F = (f: string) => `transfers:fields.${f}`
const STAGE_COMMANDS = ['transfer.order.confirm', 'transfer.order.assignPicking', 'transfer.order.ship', 'transfer.order.complete', 'transfer.order.audit', 'transfer.order.cancel']

function Table({ testId, heads, children }: { testId: string; heads: string[]; children: React.ReactNode }) {
  const { t } = useTranslation()
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <thead className="bg-slate-100 text-left"><tr>{heads.map((h) => <th key={h} className="px-2 py-1">{t(F(h))}</th>)}</tr></thead>
      <tbody>{children}</tbody>
    </table>
  )
}

export default function TransferDetailPage() {
  const { t } = useTranslation()
  const no = (new URLSearchParams(usePageSearch()).get('no') ?? '').trim().toUpperCase()
  const [, navigate] = useLocation()
  const [typed, setTyped] = useState('')
  const doc = useQuery({ queryKey: ['grid', 'transfer-doc', no], queryFn: () => fetchTransfer(no), enabled: !!no, retry: false, staleTime: 0 })
  const d = doc.data
  const { ctx } = useDocumentContext(TRANSFER_GRID_ID, d ? { id: d.id, transferNo: d.transferNo, status: d.status } : undefined)
  const open = (e: React.FormEvent) => { e.preventDefault(); const v = typed.trim().toUpperCase(); if (v) navigate(transferDetailPath(v)) }
  return (
    <div className="flex flex-col gap-3" data-testid="transfer-detail" data-no={d?.transferNo ?? ''} data-status={d?.status ?? ''}>
      <form className="flex items-end gap-2" onSubmit={open} role="search">
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-gray-700">{t(F('transferNo'))}</span>
          <input className={`${docInputCls(false)} w-56 font-mono uppercase`} data-testid="transfer-open-no" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={no || 'DB…'} />
        </label>
        <button type="submit" className="h-8 rounded border px-3 text-sm">{t('transfers:detail.open')}</button>
      </form>
      {no && doc.isError && <p role="alert" className="text-sm text-red-700">{t('transfers:detail.notFound')}</p>}
      {d && (
        <>
          <section className="flex flex-wrap items-center gap-3" aria-label={t('transfers:detail.header')}>
            <h2 className="font-mono text-lg font-semibold">{d.transferNo}</h2>
            <span className="rounded bg-slate-100 px-2 py-0.5 text-sm" data-testid="transfer-stage">{t(dictLabelKey('constructionStage', d.status))}</span>
            <CommandButtons ids={STAGE_COMMANDS} ctx={ctx} label="transfers:title.detail" />
          </section>
          <dl className="grid max-w-5xl grid-cols-[auto_1fr_auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="transfer-facts">
            <dt className="text-slate-600">{t(F('fromWarehouse'))}</dt><dd>{d.fromWarehouse.code} · {d.fromWarehouse.name}</dd>
            <dt className="text-slate-600">{t(F('toWarehouseId'))}</dt><dd data-testid="transfer-to-warehouse">{d.toWarehouse.code} · {d.toWarehouse.name}</dd>
            <dt className="text-slate-600">{t(F('expectedArrival'))}</dt><dd>{d.expectedArrival ?? '—'}</dd>
            <dt className="text-slate-600">{t(F('boxMark'))}</dt><dd>{d.boxMark ?? '—'}</dd>
            <dt className="text-slate-600">{t(F('packingTaskNo'))}</dt><dd className="font-mono" data-testid="transfer-packing-task">{d.packingTaskNo ?? '—'}</dd>
            <dt className="text-slate-600">{t(F('inboundOrderNo'))}</dt>
            <dd className="font-mono" data-testid="transfer-inbound">{d.inbound ? `${d.inbound.orderNo} · ${t(dictLabelKey('inboundStatus', d.inbound.status))} · ${d.inbound.receivedQty}/${d.inbound.expectedQty}` : '—'}</dd>
            <dt className="text-slate-600">{t(F('shippedQty'))}</dt><dd data-testid="transfer-shipped">{d.shippedQty} · {t(F('shippedBoxes'))}: {d.shippedBoxes}</dd>
            <dt className="text-slate-600">{t(F('releasedQty'))}</dt><dd>{d.releasedQty}</dd>
            <dt className="text-slate-600">{t(F('createdAt'))}</dt><dd>{formatTime(d.createdAt)}</dd>
            <dt className="text-slate-600">{t(F('shippedAt'))}</dt><dd>{d.shippedAt ? formatTime(d.shippedAt) : '—'}</dd>
            <dt className="text-slate-600">{t(F('inTransit'))}</dt><dd className="font-semibold" data-testid="transfer-in-transit-sum">{d.inTransit.reduce((s, x) => s + x.inTransit, 0)}</dd>
            <dt className="text-slate-600">{t(F('remark'))}</dt><dd>{d.remark ?? '—'}</dd>
          </dl>
          <h3 className="text-sm font-semibold">{t('transfers:detail.linesTitle')}</h3>
          <Table testId="transfer-detail-lines" heads={['lineNo', 'skuCode', 'batchNo', 'qty', 'reserved', 'shippedQty', 'received', 'inTransit']}>
            {d.lines.map((l) => (
              <tr key={l.lineNo} className="border-b" data-sku={l.skuCode}>
                <td className="px-2 py-1">{l.lineNo}</td><td className="px-2 py-1 font-mono">{l.skuCode}</td><td className="px-2 py-1">{l.batchNo || '—'}</td>
                <td className="px-2 py-1 text-right">{l.qty}</td><td className="px-2 py-1 text-right">{l.reserved}</td><td className="px-2 py-1 text-right">{l.shippedQty}</td>
                <td className="px-2 py-1 text-right">{l.received}</td><td className="px-2 py-1 text-right font-semibold">{l.inTransit}</td>
              </tr>
            ))}
          </Table>
          <h3 className="text-sm font-semibold">{t('transfers:detail.boxesTitle')}</h3>
          {d.boxes.length === 0 ? <p className="text-sm text-slate-600">{t('transfers:detail.noBoxes')}</p> : (
            <Table testId="transfer-detail-boxes" heads={['boxNo', 'boxCode', 'units', 'weight', 'volume', 'boxLabel', 'received']}>
              {d.boxes.map((b) => (
                <tr key={b.boxCode} className="border-b">
                  <td className="px-2 py-1">{b.boxNo ?? b.seq}</td><td className="px-2 py-1 font-mono">{b.boxCode}</td><td className="px-2 py-1 text-right">{b.units}</td>
                  <td className="px-2 py-1 text-right">{b.weight ?? '—'}</td><td className="px-2 py-1 text-right">{b.volume ?? '—'}</td>
                  <td className="px-2 py-1 font-mono">{b.boxLabel ?? '—'}</td><td className="px-2 py-1 text-right">{b.received}</td>
                </tr>
              ))}
            </Table>
          )}
          <h3 className="text-sm font-semibold">{t('transfers:detail.ledgerTitle')}</h3>
          <Table testId="transfer-detail-ledger" heads={['createdAt', 'warehouse', 'docNo', 'reason', 'location', 'skuCode', 'delta', 'reserved']}>
            {d.ledger.slice(-200).map((g) => (
              <tr key={g.id} className="border-b">
                <td className="px-2 py-1">{formatTime(g.createdAt)}</td><td className="px-2 py-1">{g.warehouseId}</td>
                <td className="px-2 py-1 font-mono">{t(ledgerDocTypeKey(g.docType))} {g.docNo}</td>
                <td className="px-2 py-1">{g.reason ? t(ledgerReasonKey(g.reason), g.reasonParams) : '—'}</td>
                <td className="px-2 py-1 font-mono">{g.locationCode}</td><td className="px-2 py-1 font-mono">{g.skuCode}</td>
                <td className="px-2 py-1 text-right">{g.deltaOnHand}</td><td className="px-2 py-1 text-right">{g.deltaLocked}</td>
              </tr>
            ))}
          </Table>
        </>
      )}
    </div>
  )
}
