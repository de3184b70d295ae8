// The print command (inbound.labels.print, commands/inbound-extra.ts) asks kind, paper, code type and
// range in the palette, then opens the panel LABELS_DOWNLOAD_PANEL with the PDF's URL; this watcher
// (imported once by the screen registry) fetches it with the console's headers and saves the file —
// a refusal (bad range, UPC or FNSKU missing …) is shown as the server's translated message.
import { subscribe } from 'valtio'
import { i18next } from '../../../i18n'
import { ui, closePanel } from '../../../state/ui'
import { showToast } from '../../../state/toast'
import { exportDownload } from '../../../lib/download'
import { LABELS_DOWNLOAD_PANEL } from '../../../../../commands/inbound-extra'

subscribe(ui, () => {
  if ((ui.panel as string | null) !== LABELS_DOWNLOAD_PANEL) return
  // messageKey: what the toast says while fetching (another document than labels, e.g. a wave's picking list).
  const { url, orderNo, messageKey } = ui.panelProps as { url?: string; orderNo?: string; messageKey?: string }
  closePanel()
  if (!url) return
  showToast('info', i18next.t(messageKey ?? 'inbound:labels.downloading', { orderNo, waveNo: orderNo }))
  exportDownload(url).then(
    (name) => showToast('success', i18next.t(messageKey ? 'outbound:wave.done.saved' : 'inbound:labels.saved', { name })),
    (e: unknown) => showToast('error', e instanceof Error ? e.message : String(e)),
  )
})
