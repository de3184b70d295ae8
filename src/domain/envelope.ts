// Response envelopes of the spec (section 7 "Headers and clients", section 8 "Transport").
// main client:        { responseCode: '0001' | '302' | <error>, responseDesc, data }
// second client:      { code: 0 | <error>, msg, data }       (the auth service)
// notification:       plain { data } with HTTP 200; anything else is a failure
export const SUCCESS_CODE = '0001'
export const REDIRECT_CODE = '302'
export const DEFAULT_SUCCESS_DESC = 'success'

export interface MainEnvelope<T = unknown> {
  responseCode: string
  responseDesc: string
  data?: T
  datas?: T
  /** i18n key of the error (for the client to re-translate) and the field or row it names. */
  messageKey?: string
  errors?: FieldError[]
  requestId?: string
}

export interface SecondEnvelope<T = unknown> {
  code: number
  msg: string
  data?: T
  messageKey?: string
  errors?: FieldError[]
}

export interface FieldError {
  /** Dotted path of the field, e.g. `lines.3.quantity`; `row` for imports. */
  field: string
  messageKey: string
  message: string
  params?: Record<string, unknown>
}

/** Error codes of our API (responseCode / code values other than success). */
export const ERROR_CODES = {
  badRequest: '400',
  unauthorized: '401',
  forbidden: '403',
  notFound: '404',
  conflict: '409',
  unprocessable: '422',
  tooMany: '429',
  internal: '500',
} as const
