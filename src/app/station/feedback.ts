// Station feedback: a short tone per answer (WebAudio oscillators — no audio files to load or cache)
// and the status model behind the big coloured line. The tones differ in pitch AND rhythm (one high
// beep = accepted, two low buzzes = refused) so an operator looking at the goods still knows.
export type FeedbackKind = 'ok' | 'error' | 'info' | 'pending'

/**
 * What a status line says, kept as an i18n key and its params — never as text already translated — so
 * the line reads in the operator's language after a language change too. A param that is itself a
 * `{ key, params }` (a document kind, a dictionary label) is translated when the line is drawn.
 * `literal` is text with nothing to translate (an error without a key).
 */
export type StationText = { key: string; params?: Record<string, unknown>; literal?: undefined } | { literal: string; key?: undefined }

export interface StationStatus {
  kind: FeedbackKind
  text: StationText
  /** Bumps on every new status so the line re-announces an identical message. */
  seq: number
}

/** A status text by key: `fb.ok(msg('inbound:receiving.accepted', { skuCode, qty }))`. */
export const msg = (key: string, params?: Record<string, unknown>): StationText => ({ key, params })

/** The general "check the form" key of a form-validation refusal: a station has no form to check. */
export const FORM_REFUSAL_KEY = 'errors:validation.form'

/**
 * The status text of a refusal or any thrown value: a server refusal by its message key and params
 * (ApiError.messageKey / .params: re-translated on a language change), else the error's own message.
 * A form-validation refusal (FORM_REFUSAL_KEY) says its real reason instead — its first error's message,
 * as the server translated it with the field's label, and how many more there are (issue 19 §2).
 */
export function refusal(e: unknown): StationText {
  if (e && typeof e === 'object') {
    const x = e as { messageKey?: unknown; params?: unknown; message?: unknown; errors?: unknown }
    const first = Array.isArray(x.errors) ? x.errors[0] as { message?: unknown } | undefined : undefined
    if (x.messageKey === FORM_REFUSAL_KEY && first && typeof first.message === 'string' && first.message) {
      const more = (x.errors as unknown[]).length - 1
      return more > 0 ? { key: 'errors:validation.andMore', params: { message: first.message, more } } : { literal: first.message }
    }
    if (typeof x.messageKey === 'string' && x.messageKey) {
      return { key: x.messageKey, params: x.params && typeof x.params === 'object' ? x.params as Record<string, unknown> : undefined }
    }
    if (typeof x.message === 'string') return { literal: x.message }
  }
  return { literal: String(e) }
}

/** The line's text in the current language (`t` is i18next's). */
export function statusText(text: StationText, t: (key: string, params?: Record<string, unknown>) => string): string {
  if (text.key === undefined) return text.literal
  const params: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(text.params ?? {})) {
    const nested = v && typeof v === 'object' && typeof (v as StationText).key === 'string' ? v as { key: string; params?: Record<string, unknown> } : null
    params[k] = nested ? t(nested.key, nested.params) : v
  }
  return t(text.key, params)
}

let ctx: AudioContext | null | undefined
let muted = typeof localStorage !== 'undefined' && localStorage.getItem('stationMuted') === '1'

export function setMuted(m: boolean): void {
  muted = m
  try { localStorage.setItem('stationMuted', m ? '1' : '0') } catch { /* ignore */ }
}
export const isMuted = (): boolean => muted

function audio(): AudioContext | null {
  if (ctx !== undefined) return ctx
  const Ctor = (globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext }).AudioContext
    ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext
  try { ctx = Ctor ? new Ctor() : null } catch { ctx = null }
  return ctx
}

function beep(ac: AudioContext, at: number, freq: number, ms: number, type: OscillatorType): void {
  const osc = ac.createOscillator()
  const gain = ac.createGain()
  osc.type = type
  osc.frequency.value = freq
  // Short attack/release ramps avoid clicks.
  gain.gain.setValueAtTime(0.0001, at)
  gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01)
  gain.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000)
  osc.connect(gain).connect(ac.destination)
  osc.start(at)
  osc.stop(at + ms / 1000 + 0.02)
}

const toneListeners = new Set<(kind: 'ok' | 'error') => void>()
/** Observes every tone asked for (muted or not) — tests and diagnostics; returns the unsubscribe. */
export function onTone(fn: (kind: 'ok' | 'error') => void): () => void {
  toneListeners.add(fn)
  return () => { toneListeners.delete(fn) }
}

/** Plays the tone of an answer; silent when muted or when the browser has no WebAudio. */
export function playTone(kind: 'ok' | 'error'): void {
  for (const fn of toneListeners) fn(kind)
  if (muted) return
  const ac = audio()
  if (!ac) return
  try {
    if (ac.state === 'suspended') void ac.resume()
    const t = ac.currentTime
    if (kind === 'ok') beep(ac, t, 1320, 90, 'sine')
    else { beep(ac, t, 220, 160, 'square'); beep(ac, t + 0.22, 180, 220, 'square') }
  } catch { /* audio is a courtesy; the status line carries the message */ }
}
