// The scan-station kit — every station, inbound and outbound, is declared with defineStation (define.ts)
// and drawn by StationScreen from these parts, so they all behave the same at the bench:
//
//   useScanQueue({ send, onDone, onRefused, onRetry?, storageKey? }) → { queue, pending }
//     queue.enqueue(args, label) — each scan gets its own Idempotency-Key and is sent strictly in
//     order, one at a time (a scan made while the previous one is in flight waits behind it). A
//     transport failure (network, timeout, 5xx, 401, 429 — see isTransportError) keeps the scan and
//     its key at the head and retries with backoff (and at once when the browser is back online), so
//     the server applies it once; a business refusal (other 4xx) is an answer → onRefused(item, err),
//     err.message is the server's translated text. With storageKey (include user + warehouse pair)
//     unsent scans survive a reload. `pending` lists the unanswered scans → <PendingScans items/>.
//   commandSender(commandId) — the default `send`: POST /api/commands/:id, silent (no toast).
//   <ScanInput onScan={(code, {source}) => …} labelKey active? onKeyDown? inputRef?/> — keeps the
//     focus, Enter submits trimmed text and clears, source 'scanner' | 'typed' by key rhythm; pushes
//     the 'scan' focus scope while focused (global single-key shortcuts quiet).
//   useStationFeedback() → { status, ok(text), error(text), info(text), clear() } plays the WebAudio tone
//     (ok: one high beep, error: two low buzzes; setMuted/isMuted) — only while the station is the
//     visible page — → <StatusLine status idleKey?/>: the big coloured, aria-live line. A text is a key
//     and params, msg(key, params), or refusal(error) for a server refusal (its messageKey + params):
//     the line is translated when drawn, so a language change re-translates it.
//   StationScreen's onScan may return the promise of a read: scans behind it wait (serial.ts), in
//     order; `doubleRead` drops a second read of one code within the warehouse's interval.
//   useSteps([{ id, promptKey }…]) → { current, index, go(id), next(), reset() } → <StepBar model/>.
//   <KeyHelp hints={[{ keys: 'Enter', labelKey }…]}/> — the station's keyboard line.
//   altLetter(e) — the letter of an Alt+letter press (physical key); stationFieldKeys(e, scanInput,
//     onBack) — Enter/Esc in a side field (data-station-field) back to the scan field, Esc on the
//     empty scan field one step back.
// Keys of the kit's own texts live under 'inbound:station.*'.
export { ScanQueue, isTransportError, type ScanItem, type ScanQueueOptions, type ScanState, type Sender } from './queue'
export { commandSender } from './send'
export { playTone, onTone, setMuted, isMuted, msg, refusal, statusText, type FeedbackKind, type StationStatus, type StationText } from './feedback'
export { useSerialScans, type DoubleReadGuard, type ScanHandler } from './serial'
export { useSteps, type StationStep, type StepModel } from './steps'
export { ScanInput, type ScanInputProps, type ScanSource } from './ScanInput'
export { useScanQueue } from './useScanQueue'
export { StatusLine, PendingScans, StepBar, KeyHelp, useStationFeedback, type KeyHint } from './StationUi'
export { altLetter, focusField, stationFieldKeys } from './keys'
export { defineStation, classifyScan, SCAN_PARSERS, type StationDef, type ScanKind } from './define'
export { StationScreen, BigFact, SideField } from './StationScreen'
