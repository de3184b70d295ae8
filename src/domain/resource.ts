// The resource model (ARCHITECTURE.md "Declare once, derive everywhere"). One declaration per basic-data
// or administration entity gives: the server's list/detail/create/update/status/delete/import/export
// endpoints (src/server/resources), the drizzle table (src/server/resources/table.ts), the list screen
// (DataGrid + filter bar), the form, and the commands (new, edit, enable/disable, delete, import,
// export, bulk status) with their permission codes `<menuCode>:<action>`. Pure data: no React, no Node.
import { z } from 'zod'
import { DICTIONARIES } from './dictionaries'
import type { UploadPurpose } from './upload'
import type { CommandContext, EnabledResult } from './commands'
import { dateOnlySchema, dateTimeSchema, int32Schema, isSafeUrl, isStorableText } from './validation'

export type FieldKind =
  | 'text' // single line
  | 'textarea'
  | 'code' // upper-case letters, digits and '-' unless `pattern` says otherwise
  | 'int'
  | 'decimal' // numeric(14,4) — spec: "above 0 with up to 4 decimals"
  | 'bool'
  | 'date' // YYYY-MM-DD
  | 'datetime'
  | 'enum' // a dictionary (src/domain/dictionaries.ts); stored as smallint when the dict is numeric, else text
  | 'ref' // id of a row of another resource (integer)
  | 'refMany' // ids of rows of another resource (integer[])
  | 'email'
  | 'phone'
  | 'image' // file url (POST /api/files/upload)
  | 'files' // list of file urls
  | 'json' // structured sub-rows (e.g. style materials, forwarder contacts): `item` gives their schema

export interface FieldDef {
  kind: FieldKind
  /** Column name; default: snake_case of the field name. */
  column?: string
  required?: boolean
  /** enum: dictionary code; label of a value = `dict:<code>.<value>`. */
  dict?: string
  /** ref/refMany: the referenced resource's name; label column shown in grids/pickers. */
  ref?: string
  /** Not editable in forms or by API (ids, computed, system-managed). */
  readOnly?: boolean
  /** Unique within the resource's scope: duplicate → 409 naming the field. */
  unique?: boolean
  min?: number
  max?: number
  /** Max length for text-like fields. */
  maxLength?: number
  pattern?: RegExp
  /** i18n key of the message when `pattern` fails (e.g. 'resources:errors.locationCode'). */
  patternKey?: string
  /** json: the zod schema of the value. */
  item?: z.ZodType
  /** Default value on create. */
  default?: unknown
  /** Hidden from the list grid (still in detail/form). */
  hideInList?: boolean
  /** Grid column width in px. */
  width?: number
  /**
   * image/files: the spec section 5 upload rule (src/domain/upload.ts) the file must pass — checked
   * by the form before sending, by POST /api/files/upload?purpose=…, and by the save on the server
   * against the stored file. Default: picture formats for 'image', 'attachment' for 'files'.
   */
  uploadPurpose?: UploadPurpose
}

export type FilterKind = 'text' | 'enum' | 'dateRange' | 'numberRange' | 'ref'

export interface ResourceAction {
  /** Action name → permission `<menuCode>:<action>` and command id `resource.<name>.<action>`. */
  action: string
  /** i18n key of its title (also the title of its generated permission button). */
  title: string
  /** Stable index (1..89) → the permission button's menu id `<screen id>*100 + 10 + index`. */
  index: number
  /**
   * zod schema of the command's args. An extra action is a server command (`server: true`) with a
   * hand-written handler (src/server/resources/custom/<group>/) unless `server` is false; no input =
   * no args.
   */
  input?: z.ZodType
  /** zod schema of a server action's answer (its command's `output`, see CommandDef). */
  output?: z.ZodType
  /** Default true: a server command whose handler the resource's group registers with defineHandler. */
  server?: boolean
  /** Grid selection the action works on (default 'none'). */
  selection?: 'none' | 'one' | 'many'
  /** i18n key of a confirmation question. */
  confirm?: string
  /** Shown disabled with the reason when not true (e.g. the selected rows' status machine). */
  enabled?: (ctx: CommandContext) => EnabledResult
  /**
   * The action's input is an Excel sheet (e.g. the styles' L/T-days import): its command opens the
   * import dialog over these endpoints instead of an arguments form — `template` (GET, xlsx),
   * `dryRun` (POST multipart `file` → {total, rows, errors}, writes nothing), then the command runs
   * with `{rows}` of the clean dry run; `doneKey` ({count}) reports the result.
   */
  sheet?: { template: string; dryRun: string; doneKey: string }
}

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** camelCase, unique: 'storageArea'. Command ids: `resource.<name>.<action>`. */
  name: string
  /** Database table (snake_case). */
  table: string
  /**
   * Which scope columns the table carries: 'global' (none: e.g. platforms, tenants), 'tenant'
   * (tenant_id), 'warehouse' (tenant_id + warehouse_id). Rows are always read and written in the
   * caller's scope from the session — never from the body.
   */
  scope: 'global' | 'tenant' | 'warehouse'
  /** The screen's menu code (catalog): permissions `menu:<menuCode>` (read) and `<menuCode>:<action>`. */
  menuCode: string
  /** Screen key the client registers the generated list page under (the catalog's component). */
  component: string
  /**
   * i18n namespace (a locales/<lang>/<ns>.json file of the resource's group, e.g. 'res-warehouse')
   * holding `<name>.title`, `<name>.fields.<field>` and any rule messages of this resource.
   */
  ns: string
  fields: F
  list: {
    columns: (keyof F & string)[]
    filters?: Partial<Record<keyof F & string, FilterKind>> & { q?: 'text' }
    /** Fields the free-text `q` filter searches. */
    search?: (keyof F & string)[]
    defaultSort: string
  }
  /** Form layout: rows of field names. */
  form: (keyof F & string)[][]
  /** Status field with enable/disable commands and bulk status change; values from its dict. */
  status?: { field: keyof F & string; dict: string; enabled: number | string; disabled: number | string }
  /** Delete allowed ('hard'), or not at all (default). */
  delete?: 'hard'
  /**
   * Excel import: the columns of the template, in order; the natural key used to update existing rows.
   * `maxRows`: at most this many data rows per file (e.g. styles: "one style per single import"),
   * refused as a whole with `maxRowsKey` (param {max}).
   */
  import?: { columns: (keyof F & string)[]; key: keyof F & string; templateName?: string; maxRows?: number; maxRowsKey?: string }
  /** Export of the current filter (default true). */
  export?: boolean
  /** Cross-field rules after the per-field schema: return issues (path + i18n key). */
  refine?: (value: Record<string, unknown>) => { path: string; messageKey: string; params?: Record<string, unknown> }[]
  /** Read-only rows: a predicate over a stored row (e.g. styles from the product data system). */
  readOnlyRow?: { field: keyof F & string; value: unknown; messageKey: string }
  /** Extra actions beyond the standard ones (handled by hand-written server handlers). */
  actions?: ResourceAction[]
  /** Spec section 7 paths that serve this resource (aliases of the generic endpoints). */
  specPaths?: { page?: string; base?: string; list?: string }
  /** Document-number lookup in the palette's "go to document": the field holding the number. */
  lookup?: keyof F & string
  /**
   * The table is a core table declared by hand in src/server/db/schema/core.ts (company, platform,
   * site, shop, warehouse…): the resource schema must not declare it a second time. Its columns there
   * must match what resourceTable(def) would derive.
   */
  existingTable?: boolean
  /**
   * Database constraints (CHECK, UNIQUE, FOREIGN KEY, or a trigger's `RAISE … USING CONSTRAINT`) that
   * the generic handlers report as a field error instead of a generic one: constraint name →
   * the field to name, the i18n key of the message, and the HTTP status (default 409 for unique and
   * foreign-key violations, 400 otherwise). For rules only the database can see (one main currency,
   * no cycles in a tree, a row still referenced).
   */
  constraints?: Record<string, { field: string; messageKey: string; status?: 400 | 409 }>
  /**
   * The field that names a row in ref cells, pickers, previews and import/export of references
   * (default: `name`, else `code`, else the id). See labelFieldOf.
   */
  label?: keyof F & string
}

export function defineResource<F extends Record<string, FieldDef>>(def: ResourceDef<F>): ResourceDef<F> {
  return def
}

export const STANDARD_ACTIONS = ['add', 'edit', 'status', 'delete', 'import', 'export'] as const
export type StandardAction = (typeof STANDARD_ACTIONS)[number]

/** Actions a resource declares (standard ones implied by its declaration + its extra actions). */
export function resourceActions(def: ResourceDef<any>): string[] {
  const a: string[] = ['add', 'edit']
  if (def.status) a.push('status')
  if (def.delete) a.push('delete')
  if (def.import) a.push('import')
  if (def.export !== false) a.push('export')
  for (const x of def.actions ?? []) a.push(x.action)
  return a
}

/** Permission codes are kebab-case (`<screen>:<action>` convention): action 'boxCeiling' → 'location:box-ceiling'. */
export const permissionOf = (def: ResourceDef<any>, action: string) => `${def.menuCode}:${action.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
export const commandIdOf = (def: ResourceDef<any>, action: string) => `resource.${def.name}.${action}`
export const titleKeyOf = (def: ResourceDef<any>) => `${def.ns}:${def.name}.title`
export const fieldLabelKey = (def: ResourceDef<any>, field: string) => `${def.ns}:${def.name}.fields.${field}`
export const columnOf = (name: string, f: FieldDef) => f.column ?? name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

const CODE_RE = /^[A-Z0-9-]+$/
/** numeric(14,4) holds values below 10^10. */
const DECIMAL_LIMIT = 1e10
const PHONE_RE = /^\+?[0-9][0-9 -]{5,19}$/

/** Values of a dictionary as stored ('' when unknown); numeric when every value is an integer. */
export function dictValues(code: string | undefined): { values: readonly string[]; numeric: boolean } | undefined {
  const d = code ? (DICTIONARIES as Record<string, readonly { value: string }[]>)[code] : undefined
  if (!d) return undefined
  const values = d.map((e) => e.value)
  return { values, numeric: values.length > 0 && values.every((v) => /^-?\d+$/.test(v)) }
}

/**
 * An enum value must be one of its dictionary's values; numeric dictionaries store numbers (a numeric
 * string such as a query or sheet cell is accepted and converted), string ones strings.
 */
function enumSchema(dict: string | undefined, required = false): z.ZodType {
  const d = dictValues(dict)
  if (!d) return z.union([z.number(), z.string()])
  const allowed = new Set(d.values)
  // An empty choice ('' from a cleared select or sheet cell) of a required enum reads "required".
  const filled = z.union([z.number(), z.string()])
    .refine((v) => !required || String(v).trim() !== '', { message: 'errors:field.required', abort: true })
  return filled
    .refine((v) => allowed.has(String(v).trim()), { message: 'errors:field.invalidValue' })
    .transform((v) => (d.numeric ? Number(String(v).trim()) : String(v).trim()))
}

/** The field naming a row (ResourceDef.label, else `name`, else `code`); undefined → the id. */
export function labelFieldOf(def: ResourceDef<any>): string | undefined {
  if (def.label) return def.label
  if (def.fields.name) return 'name'
  if (def.fields.code) return 'code'
  return undefined
}

/** zod schema of one field's input value (create/update body, import cell after conversion). */
export function fieldSchema(f: FieldDef): z.ZodType {
  let s: z.ZodType
  switch (f.kind) {
    case 'int': case 'ref': {
      // integer columns: 2^31 and up is refused here, naming the field, not by the database.
      let n = f.kind === 'ref' ? int32Schema().positive() : int32Schema()
      if (f.min !== undefined) n = n.min(f.min)
      if (f.max !== undefined) n = n.max(f.max)
      s = n
      break
    }
    case 'decimal': {
      // numeric(14,4): at most 10 integer digits.
      let n = z.number().refine((v) => Number.isFinite(v) && Math.abs(v * 1e4 - Math.round(v * 1e4)) < 1e-6, { message: 'errors:field.decimals4', abort: true })
        .refine((v) => Math.abs(v) < DECIMAL_LIMIT, { message: 'errors:field.tooBig', params: { max: DECIMAL_LIMIT - 0.0001 } })
      if (f.min !== undefined) n = n.refine((v) => v >= f.min!, { message: 'errors:field.tooSmall', params: { min: f.min } })
      if (f.max !== undefined) n = n.refine((v) => v <= f.max!, { message: 'errors:field.tooBig', params: { max: f.max } })
      s = n
      break
    }
    case 'bool': s = z.boolean(); break
    case 'date': s = dateOnlySchema; break
    case 'datetime': s = dateTimeSchema; break
    case 'refMany': s = z.array(int32Schema().positive()).max(1000); break
    case 'files': s = z.array(z.string().max(500).refine(isSafeUrl, 'errors:field.url')).max(100); break
    case 'json': s = f.item ?? z.unknown(); break
    case 'enum': s = enumSchema(f.dict, f.required); break
    default: {
      // NUL and lone surrogates: refused for every request before any schema (parseWith); here too for
      // sheet cells, which the importer checks with this schema alone.
      let t = z.string().trim().refine(isStorableText, { message: 'errors:field.badText', abort: true }) as unknown as z.ZodString
      if (f.required) t = t.min(1, 'errors:field.required')
      const maxLen = f.maxLength ?? (f.kind === 'textarea' ? 2000 : f.kind === 'image' ? 500 : 200)
      t = t.max(maxLen)
      if (f.kind === 'code') t = t.regex(f.pattern ?? CODE_RE, f.patternKey ?? 'errors:field.codeFormat')
      else if (f.pattern) t = t.regex(f.pattern, f.patternKey ?? 'errors:field.invalidFormat')
      if (f.kind === 'email') t = t.email('errors:field.email')
      if (f.kind === 'phone') t = t.regex(PHONE_RE, 'errors:field.phone')
      // An image is shown by the browser: an http(s) address or an uploaded file's path, never javascript:.
      if (f.kind === 'image') t = t.refine((v) => v === '' || isSafeUrl(v), 'errors:field.url') as unknown as typeof t
      s = t
    }
  }
  return f.required ? s : s.nullish()
}

/**
 * One field's value as a stored record answers it (JSON): the column's type, not the input's rules (a
 * row written before a rule tightened still answers). Optional fields answer null when empty.
 */
function storedValueSchema(f: FieldDef): z.ZodType {
  let s: z.ZodType
  switch (f.kind) {
    case 'int': case 'ref': s = z.number().int(); break
    case 'decimal': s = z.number(); break
    case 'bool': s = z.boolean(); break
    case 'date': s = z.iso.date(); break
    case 'datetime': s = z.iso.datetime({ offset: true }); break
    case 'refMany': s = z.array(z.number().int()); break
    case 'files': s = z.array(z.string()); break
    case 'json': s = z.unknown(); break
    case 'enum': s = dictValues(f.dict)?.numeric ? z.number().int() : z.string(); break
    default: s = z.string()
  }
  return f.required ? s : s.nullable()
}

const recordSchemas = new WeakMap<ResourceDef<any>, z.ZodType>()
/**
 * A resource's record as the API answers it (detail, add, edit; src/server/resources/runtime.ts `select`):
 * id, every field, `<ref>Label` and `<refMany>Labels`, the audit columns. Exact: nothing else.
 */
export function recordSchemaOf(def: ResourceDef<any>): z.ZodType {
  let s = recordSchemas.get(def)
  if (s) return s
  const shape: Record<string, z.ZodType> = { id: z.number().int() }
  for (const [name, f] of Object.entries(def.fields as Record<string, FieldDef>)) {
    shape[name] = storedValueSchema(f)
    if (f.kind === 'ref') shape[`${name}Label`] = z.string().nullable()
    else if (f.kind === 'refMany') shape[`${name}Labels`] = z.array(z.string())
  }
  Object.assign(shape, {
    createdAt: z.iso.datetime({ offset: true }), updatedAt: z.iso.datetime({ offset: true }),
    createdBy: z.number().int().nullable(), updatedBy: z.number().int().nullable(),
  })
  recordSchemas.set(def, (s = z.strictObject(shape)))
  return s
}

/** The answer of `resource.<name>.status`: the ids changed, and each refused id with the reason's i18n key. */
export const ResourceStatusResult = z.strictObject({
  changed: z.array(z.number().int()),
  refused: z.array(z.strictObject({ id: z.number().int(), reason: z.string().nullable() })),
})
export type ResourceStatusResult = z.infer<typeof ResourceStatusResult>
/** The answer of `resource.<name>.delete`: how many rows were deleted (all the ids, or the command is refused). */
export const ResourceDeleteResult = z.strictObject({ deleted: z.number().int() })
export type ResourceDeleteResult = z.infer<typeof ResourceDeleteResult>
/** The answer of `resource.<name>.import`: rows created and updated by the committed sheet. */
export const ResourceImportResult = z.strictObject({ created: z.number().int(), updated: z.number().int() })
export type ResourceImportResult = z.infer<typeof ResourceImportResult>

/** The create schema (all editable fields; required ones required) and the update schema (all optional). */
export function resourceSchemas(def: ResourceDef<any>) {
  const shape: Record<string, z.ZodType> = {}
  for (const [name, f] of Object.entries(def.fields as Record<string, FieldDef>)) if (!f.readOnly) shape[name] = fieldSchema(f)
  // A required field with a default may be left out on create (the server fills the default); it
  // still cannot be cleared (null) on create or update.
  const create = z.object(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, def.fields[k].required && def.fields[k].default !== undefined ? v.optional() : v]))).strict()
  const update = z.object(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()]))).strict()
  return { create, update }
}
