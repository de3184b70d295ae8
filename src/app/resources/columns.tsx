// What a declaration gives the grid and the pickers: columns (enum cells and filters labelled from
// the dictionary `dict:<code>.<value>`, bool as yes/no, ref cells showing the referenced row's label),
// and enum options.
import { useTranslation } from 'react-i18next'
import { DICTIONARIES, dictLabelKey } from '../../domain/dictionaries'
import { fieldLabelKey, type ResourceDef } from '../../domain/resource'
import type { EnumOption, GridColumn } from '../grid'
import type { Row } from './api'
import { addedDictValues } from '../lib/dictionaries'

export interface DictOption { value: number | string; labelKey: string }

/** The dictionary's entries; numeric dictionaries give numbers (the stored smallint), others strings. */
export function dictOptions(code: string | undefined): DictOption[] {
  const entries = (code ? (DICTIONARIES as Record<string, readonly { value: string }[]>)[code] : undefined) ?? []
  const numeric = entries.length > 0 && entries.every((e) => /^-?\d+$/.test(e.value))
  return entries.map((e) => ({ value: numeric ? Number(e.value) : e.value, labelKey: dictLabelKey(code!, e.value) }))
}

/**
 * Enum filter options: the bundled values, then those an administrator added on the dictionary screen
 * (session cache; labelled through the same `dict:` keys, which the cache writes into i18next). Filters
 * only: the server stores bundled values alone (resourceSchemas' enum check, the tables' CHECKs), so
 * form selects keep dictOptions.
 */
const enumDict = (code: string | undefined): EnumOption[] => [
  ...dictOptions(code).map((o) => ({ value: String(o.value), labelKey: o.labelKey })),
  ...(code ? addedDictValues(code).map((v) => ({ value: v, labelKey: dictLabelKey(code, v) })) : []),
]

/** The server joins referenced rows' labels (`<field>Label`, `<field>Labels`); the id is the fallback. */
function RefCell({ field, row }: { field: string; row: Record<string, unknown> }) {
  const label = row[`${field}Label`]
  const id = row[field]
  if (label) return <>{String(label)}</>
  return id === null || id === undefined || id === '' ? null : <>{`#${String(id)}`}</>
}

function RefManyCell({ field, row }: { field: string; row: Record<string, unknown> }) {
  const labels = row[`${field}Labels`]
  const ids = row[field]
  if (Array.isArray(labels) && labels.length) return <>{labels.join(', ')}</>
  return Array.isArray(ids) && ids.length ? <>{ids.map((x) => `#${String(x)}`).join(', ')}</> : null
}

function BoolCell({ v }: { v: unknown }) {
  const { t } = useTranslation()
  if (v === null || v === undefined) return null
  return <>{t(v ? 'common:yes' : 'common:no')}</>
}

function FilesCell({ v }: { v: unknown }) {
  const { t } = useTranslation()
  const n = Array.isArray(v) ? v.length : v ? 1 : 0
  return n ? <>{t('resources-ui:files.count', { count: n })}</> : null
}

function ItemsCell({ v }: { v: unknown }) {
  const { t } = useTranslation()
  return Array.isArray(v) && v.length ? <>{t('resources-ui:items.count', { count: v.length })}</> : null
}

const ALIGN_RIGHT = new Set(['int', 'decimal'])

/** Grid columns of a declaration: list.columns in order; filters, sorting and widths from the declaration. */
export function gridColumnsOf(def: ResourceDef): GridColumn<Row>[] {
  const filters = (def.list.filters ?? {}) as Record<string, string | undefined>
  return def.list.columns.map((name) => {
    const f = def.fields[name] ?? { kind: 'text' }
    const filter = filters[name]
    const col: GridColumn<Row> = {
      id: name, titleKey: fieldLabelKey(def, name), width: f.width, sortable: true,
      align: ALIGN_RIGHT.has(f.kind) ? 'right' : undefined,
    }
    if (filter === 'text' || filter === 'enum' || filter === 'dateRange' || filter === 'numberRange') col.filter = filter
    if (filter === 'ref') col.filter = 'ref' as never
    switch (f.kind) {
      case 'enum': col.enumDict = enumDict(f.dict); break
      case 'bool': col.render = (r) => <BoolCell v={r[name]} />; break
      case 'ref': col.render = (r) => <RefCell field={name} row={r} />; break
      case 'refMany': col.render = (r) => <RefManyCell field={name} row={r} />; break
      case 'files': col.render = (r) => <FilesCell v={r[name]} />; break
      case 'json': col.render = (r) => <ItemsCell v={r[name]} />; break
      case 'date': col.render = (r) => (typeof r[name] === 'string' ? (r[name] as string).slice(0, 10) : null); break
      default: break
    }
    return col
  })
}
