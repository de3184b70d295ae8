// Who may read a resource's picker options (id + label). A ref picker must work for whoever may fill
// the form that holds it, not only for the referenced resource's own screen: the options of a resource
// are readable with the screen permission (`menu:<code>`) of the resource itself, of every resource
// with a field referring to it, and of every non-resource form declared here as referring to it.
import type { FieldDef } from '../resource'
import { ALL_RESOURCES, RESOURCE_BY_NAME } from './index'

/** A form that is not a generic resource (its own page and handlers) with ref pickers: field → resource name. */
export interface FormRefs { menuCode: string; refs: Readonly<Record<string, string>> }

/** The user form (rights-user, src/app/pages/admin/UserForm.tsx): a user's department. */
export const USER_FORM_REFS = { menuCode: 'rights-user', refs: { deptId: 'department' } } as const satisfies FormRefs

/** Every non-resource form with ref pickers (add a form's entry next to its declaration). */
export const FORM_REFS: readonly FormRefs[] = [USER_FORM_REFS]

for (const f of FORM_REFS) {
  for (const [field, name] of Object.entries(f.refs)) {
    if (!RESOURCE_BY_NAME.has(name)) throw new Error(`form ${f.menuCode}: ${field} refers to unknown resource ${name}`)
  }
}

/** Screens whose holders may read `name`'s options: its own, referring resources' and referring forms'. */
export function optionReaderScreens(name: string): string[] {
  const own = RESOURCE_BY_NAME.get(name)
  const codes = new Set<string>(own ? [own.menuCode] : [])
  for (const other of ALL_RESOURCES) {
    if (Object.values(other.fields as Record<string, FieldDef>).some((f) => f.ref === name)) codes.add(other.menuCode)
  }
  for (const f of FORM_REFS) if (Object.values(f.refs).includes(name)) codes.add(f.menuCode)
  return [...codes]
}
