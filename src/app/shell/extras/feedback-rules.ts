// Feedback form rules (spec section 5): content required (checked on blur), refused when blank after
// trim (a warning, not a field error), at most 500 characters; textarea grows from 2 to 4 rows.
export const FEEDBACK_MAX = 500
export const FEEDBACK_MIN_ROWS = 2
export const FEEDBACK_MAX_ROWS = 4

export type FeedbackCheck =
  | { ok: true; content: string }
  | { ok: false; level: 'error' | 'warning'; messageKey: string; params?: Record<string, number> }

/** The blur check: only emptiness (the field's own required rule). */
export function checkFeedbackOnBlur(value: string): string | null {
  return value === '' ? 'extras:feedback.required' : null
}

/** The submit check; `content` is what gets sent (trimmed). */
export function checkFeedbackForSubmit(value: string): FeedbackCheck {
  if (value === '') return { ok: false, level: 'error', messageKey: 'extras:feedback.required' }
  const content = value.trim()
  if (!content) return { ok: false, level: 'warning', messageKey: 'extras:feedback.blank' }
  if (value.length > FEEDBACK_MAX) return { ok: false, level: 'error', messageKey: 'extras:feedback.tooLong', params: { max: FEEDBACK_MAX } }
  return { ok: true, content }
}

/** Rows for the autosizing textarea: lines (hard breaks and soft wraps) clamped to 2..4. */
export function feedbackRows(value: string, charsPerLine = 90): number {
  const lines = value.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / charsPerLine)), 0)
  return Math.min(FEEDBACK_MAX_ROWS, Math.max(FEEDBACK_MIN_ROWS, lines))
}

export type TagTone = 'danger' | 'warning' | 'info' | 'success'

/** Status tag colours: 0 pending red, 10 accepted warning, 20 demand info, 90 finished green, else info. */
export function feedbackStatusTone(status: number | string | null | undefined): TagTone {
  // Number(null) and Number('') are 0: a missing status must not read as "pending".
  if (status === null || status === undefined || status === '') return 'info'
  switch (Number(status)) {
    case 0: return 'danger'
    case 10: return 'warning'
    case 20: return 'info'
    case 90: return 'success'
    default: return 'info'
  }
}

/** i18n key of a status label when the server sends no feedbackStatusName. */
export function feedbackStatusKey(status: number | string | null | undefined): string {
  const n = status === null || status === undefined || status === '' ? NaN : Number(status)
  return [0, 10, 20, 90].includes(n) ? `extras:feedback.status.s${n}` : 'extras:feedback.status.other'
}
