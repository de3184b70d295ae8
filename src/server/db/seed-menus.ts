// STUB — replaced by the menu-catalog work: inserts the menu tree, the demo roles and their grants.
import type { AppTx } from './client'
export async function seedMenusAndRoles(_tx: AppTx): Promise<void> {}
