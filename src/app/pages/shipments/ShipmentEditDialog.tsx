// Edit a shipment's fields (spec §3): container number, port, shipping method, forwarder, bill of lading, seal
// number, tracking number, departure and arrival times. Ctrl+Enter saves through shipments.edit; every refusal
// shows under its field — the schema's first, then the server's ("shipment status and expected container number
// must be consistent": the orders' expected container, fixed once boxes ship; arrival not before departure; the
// shipping method fixed once approved). Esc closes.
import { useId, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { Modal } from '../../palette/focus'
import { docInputCls as inputCls, useCommandSubmit, useFieldParts } from '../documents/formParts'
import { FormFooter } from '../documents/LinesEditor'
import { EditShipmentArgs } from '../../../../commands/shipments'
import type { ShipmentView } from './api'
import { F } from './columns'

const TEXT = ['containerNo', 'port', 'shippingMethod', 'forwarder', 'billOfLading', 'sealNo', 'trackingNo'] as const
const TIMES = ['departureAt', 'arrivalAt'] as const
type Field = (typeof TEXT)[number] | (typeof TIMES)[number]
/** An ISO time as the value of a datetime-local input (local time, minutes). */
const local = (iso: string | null) => {
  if (!iso) return ''
  const d = new Date(iso)
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

export function ShipmentEditDialog({ shipment, onClose }: { shipment: ShipmentView['shipment']; onClose(): void }) {
  const { t } = useTranslation()
  const uid = useId()
  const qc = useQueryClient()
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    containerNo: shipment.containerNo ?? '', port: shipment.port ?? '', shippingMethod: shipment.shippingMethod ?? '', forwarder: shipment.forwarder ?? '',
    billOfLading: shipment.billOfLading ?? '', sealNo: shipment.sealNo ?? '', trackingNo: shipment.trackingNo ?? '',
    departureAt: local(shipment.departureAt), arrivalAt: local(shipment.arrivalAt),
  }))
  const { errors, formError, busy, submit } = useCommandSubmit()
  const { fieldBox, fieldProps, errOf } = useFieldParts(uid, errors, F)
  const save = async () => {
    const args: Record<string, unknown> = { shipmentNo: shipment.shipmentNo }
    for (const f of TEXT) args[f] = values[f].trim() || null
    for (const f of TIMES) args[f] = values[f] ? new Date(values[f]).toISOString() : null
    const out = await submit('shipments.edit', EditShipmentArgs, args)
    if (out) { await qc.invalidateQueries({ queryKey: ['grid'] }); onClose() }
  }
  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save() }
  }
  const titleId = `${uid}-title`
  return (
    <Modal scope="dialog" labelledBy={titleId} onEscape={onClose} onKeyDown={keyDown} testId="shipment-form" className="max-h-[90vh] w-full max-w-3xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <h2 id={titleId} className="mb-3 text-base font-semibold">{t('shipments:page.edit')} · <span className="font-mono">{shipment.shipmentNo}</span></h2>
      <div className="grid grid-cols-2 gap-3">
        {TEXT.map((f, i) => fieldBox(f, (
          <input {...fieldProps(f)} className={`${inputCls(!!errOf(f))} ${f === 'containerNo' ? 'font-mono uppercase' : ''}`} value={values[f]} maxLength={f === 'forwarder' ? 100 : 60}
            autoFocus={i === 0} onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))} />
        )))}
        {TIMES.map((f) => fieldBox(f, (
          <input type="datetime-local" {...fieldProps(f)} className={inputCls(!!errOf(f))} value={values[f]} onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))} />
        )))}
      </div>
      <FormFooter formError={formError} keys="shipments:page.keys" saveLabel="shipments:page.save" busy={busy} onCancel={onClose} onSave={() => void save()} />
    </Modal>
  )
}
