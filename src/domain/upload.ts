// Upload rules of spec section 5, shared by the client (checks before sending) and the server (the
// check that counts). Both the extension and the size must pass; one file at a time.
//   templates: xls/xlsx ≤ 10 MB · some imports: xls/xlsx ≤ 1 MB · app packages: apk/wgt ≤ 50 MB ·
//   marketplace labels: xls/xlsx/pdf ≤ 10 MB · feedback attachments: images/pdf ≤ 10 MB · photos: images ≤ 10 MB.

export const MB = 1024 * 1024
/** Default size limit when a rule names none (spec: "default 10MB"). */
export const DEFAULT_UPLOAD_LIMIT_MB = 10

export interface UploadRule {
  /** Lower-case extensions without the dot, in the order the warning lists them. */
  extensions: readonly string[]
  maxMb: number
}

export const UPLOAD_RULES = {
  template: { extensions: ['xls', 'xlsx'], maxMb: 10 },
  smallImport: { extensions: ['xls', 'xlsx'], maxMb: 1 },
  label: { extensions: ['xls', 'xlsx', 'pdf'], maxMb: 10 },
  app: { extensions: ['apk', 'wgt'], maxMb: 50 },
  attachment: { extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'pdf'], maxMb: 10 },
  /** A photo (the packing photo of spec section 3): images only. */
  photo: { extensions: ['jpg', 'jpeg', 'png', 'webp'], maxMb: 10 },
} as const satisfies Record<string, UploadRule>

export type UploadPurpose = keyof typeof UPLOAD_RULES
export const UPLOAD_PURPOSES = Object.keys(UPLOAD_RULES) as UploadPurpose[]

export function isUploadPurpose(v: unknown): v is UploadPurpose {
  return typeof v === 'string' && Object.prototype.hasOwnProperty.call(UPLOAD_RULES, v)
}

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const i = base.lastIndexOf('.')
  return i > 0 ? base.slice(i + 1).toLowerCase() : ''
}

export type UploadCheck =
  | { ok: true }
  | { ok: false; messageKey: 'errors:upload.badFormat'; params: { formats: string } }
  | { ok: false; messageKey: 'errors:upload.tooLarge'; params: { limit: number } }

/** Extension first (the spec's order), then size. `size` in bytes; omit it to check the name only. */
export function checkUpload(rule: UploadRule, name: string, size?: number): UploadCheck {
  if (!rule.extensions.includes(fileExtension(name))) {
    return { ok: false, messageKey: 'errors:upload.badFormat', params: { formats: rule.extensions.join(', ') } }
  }
  if (size !== undefined && size > rule.maxMb * MB) {
    return { ok: false, messageKey: 'errors:upload.tooLarge', params: { limit: rule.maxMb } }
  }
  return { ok: true }
}

/** MIME type to store/serve for an extension (the browser's claim is not trusted). */
export function contentTypeFor(name: string): string {
  switch (fileExtension(name)) {
    case 'xls': return 'application/vnd.ms-excel'
    case 'xlsx': return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    case 'pdf': return 'application/pdf'
    case 'apk': return 'application/vnd.android.package-archive'
    case 'png': return 'image/png'
    case 'jpg': case 'jpeg': return 'image/jpeg'
    case 'gif': return 'image/gif'
    case 'webp': return 'image/webp'
    case 'bmp': return 'image/bmp'
    default: return 'application/octet-stream'
  }
}
