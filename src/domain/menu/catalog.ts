// STUB — replaced by the menu-catalog work.
export const PERMISSION_CATALOG: ReadonlySet<string> = new Set<string>()
