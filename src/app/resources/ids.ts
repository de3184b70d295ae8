// Stable ids derived from a declaration (react-query keys, column-config table keys, test ids).
import type { ResourceDef } from '../../domain/resource'

/** The list screen's grid id: its react-query key ['grid', id] and its saved column configuration key. */
export const gridIdOf = (def: Pick<ResourceDef, 'name'>) => `resource-${def.name}`
