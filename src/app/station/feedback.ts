// Station feedback: a short tone per answer (WebAudio oscillators — no audio files to load or cache)
// and the status model behind the big coloured line. The tones differ in pitch AND rhythm (one high
// beep = accepted, two low buzzes = refused) so an operator looking at the goods still knows.
export type FeedbackKind = 'ok' | 'error' | 'info' | 'pending'

export interface StationStatus {
  kind: FeedbackKind
  /** Already translated text (server refusals arrive translated in the operator's language). */
  message: string
  /** Bumps on every new status so the line re-announces an identical message. */
  seq: number
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

/** Plays the tone of an answer; silent when muted or when the browser has no WebAudio. */
export function playTone(kind: 'ok' | 'error'): void {
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
