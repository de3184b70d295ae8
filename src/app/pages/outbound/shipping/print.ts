// A packed order's label to the printer from a station: the face sheet step's print command
// (outbound.faceSheet.print, print setup's face sheet printer), sent with its own Idempotency-Key and
// quiet — the station says what happened. Resolves to the refusal's text ("must buy before printing",
// "printer not connected" …), or null when the printer took it.
import { ApiError } from '../../../api/clients'
import { commandSender } from '../../../station'
import type { PrintFaceSheetsArgs, PrintResult } from '../../../../../commands/outbound-face-sheets'

const sendPrint = commandSender<PrintFaceSheetsArgs, PrintResult>('outbound.faceSheet.print')

export async function printLabel(orderId: number): Promise<string | null> {
  try {
    await sendPrint({ orderIds: [orderId] }, crypto.randomUUID())
    return null
  } catch (e) {
    return e instanceof ApiError || e instanceof Error ? e.message : String(e)
  }
}
