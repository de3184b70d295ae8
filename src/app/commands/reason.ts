// A disabled command's reason in the operator's language (key, or key + params from a document's
// status machine): buttons' titles, the palette's rows, the toast of a disabled run.
import i18next from 'i18next'
import { reasonText, type Reason } from '../../domain/commands'

export const reasonLabel = (r: string | Reason): string => reasonText((key, params) => String(i18next.t(key, params as never)), r)
