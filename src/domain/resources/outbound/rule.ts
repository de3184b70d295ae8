// What every outbound rule of rule-management shares (spec section 3 "Rules: … priority, status";
// section 5 "Priority positive integer, lower number higher priority, unique for rule priority"):
// a name and a priority unique per warehouse+tenant (the unique indexes report a taken one on its
// field), an enabled/disabled status, a remark, hard delete, the list sorted by priority, and the
// screen's component under the catalog's 'rules' section. Each rule kind adds its own fields.
import { defineResource, type FieldDef, type ResourceDef } from '../../resource'

const RULE_FIELDS = {
  name: { kind: 'text', required: true, unique: true, maxLength: 100, width: 180 },
  priority: { kind: 'int', required: true, unique: true, min: 1, max: 9999, width: 90 },
  status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
} satisfies Record<string, FieldDef>
const REMARK = { remark: { kind: 'textarea', maxLength: 500, hideInList: true } } satisfies Record<string, FieldDef>

type RuleFields<F> = typeof RULE_FIELDS & F & typeof REMARK
type Issue = { path: string; messageKey: string; params?: Record<string, unknown> }

export interface RuleDecl<F extends Record<string, FieldDef>> {
  name: string
  table: string
  /** The rule-management screen (menu catalog block 16000); its component is `rules/<menuCode>`. */
  menuCode: string
  /** The rule kind's own fields (between the name/priority/status and the remark). */
  fields: F
  /** List columns between priority+name and status. */
  columns: (keyof F & string)[]
  filters?: Partial<Record<keyof F & string, 'enum' | 'ref' | 'text'>>
  /** Form rows between [name, priority] and [status], [remark]. */
  form: (keyof F & string)[][]
  refine?: (value: Record<string, unknown>) => Issue[]
}

export function defineRule<F extends Record<string, FieldDef>>(d: RuleDecl<F>): ResourceDef<RuleFields<F>> {
  return defineResource<RuleFields<F>>({
    name: d.name,
    table: d.table,
    scope: 'warehouse',
    menuCode: d.menuCode,
    component: `rules/${d.menuCode}`,
    ns: 'rules',
    fields: { ...RULE_FIELDS, ...d.fields, ...REMARK } as RuleFields<F>,
    list: {
      columns: ['priority', 'name', ...d.columns, 'status'],
      filters: { q: 'text', status: 'enum', ...d.filters } as ResourceDef<RuleFields<F>>['list']['filters'],
      search: ['name'],
      defaultSort: 'priority:asc',
    },
    form: [['name', 'priority'], ...d.form, ['status'], ['remark']],
    status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
    delete: 'hard',
    ...(d.refine ? { refine: d.refine } : {}),
  })
}

/** A positive integer given (not null/undefined). */
export const given = (v: unknown): v is number => typeof v === 'number'
