// The command catalog: one file per area, listed here explicitly. The palette, the keyboard
// dispatcher, the keymap help and the server endpoint all read this one registry.
// Navigation commands are per user (built from the menu tree) and are added by the browser.
import { CommandRegistry, type CommandDef } from '../src/domain/commands'
import { shellCommands } from './shell'
import { gridCommands } from './grid'
import { adminCommands } from './admin'
import { adminResourceCommands } from './admin-resources'
import { resourceCommandList } from './resources'
import { stockCommands } from './stock'
import { inspectionCommands } from './inspection'
import { shelvingCommands } from './shelving'
import { receivingCommands } from './receiving'
import { inboundOrderCommands } from './inbound-orders'
import { inboundExtraCommands } from './inbound-extra'
import { outboundOrderCommands } from './outbound-orders'
import { pickingCommands } from './outbound-picking'
import { sortingCommands } from './outbound-sorting'
import { faceSheetCommands } from './outbound-face-sheets'
import { shippingCommands } from './outbound-shipping'
import { countCommands } from './stock-count'
import { sampleCommands } from './samples'
import { moveCommands } from './moves'
import { stockAllotCommands } from './stock-allot'
import { otherInoutCommands } from './other-inout'
import { tobOrderCommands } from './tob-orders'
import { taskPoolCommands } from './task-pool'
import { auditPlanCommands } from './audit-plans'
import { replenishmentCommands } from './replenishment'
import { cartonCommands } from './cartons'
import { shipmentCommands } from './shipments'
import { containerLoadingCommands } from './container-loading'
import { transferCommands } from './transfers'
import { outboundExceptionCommands } from './outbound-exceptions'

export const ALL_COMMANDS: readonly CommandDef<any>[] = [...faceSheetCommands, ...shellCommands, ...gridCommands, ...adminCommands, ...adminResourceCommands, ...resourceCommandList, ...stockCommands, ...inspectionCommands, ...shelvingCommands, ...receivingCommands, ...inboundOrderCommands, ...inboundExtraCommands, ...outboundOrderCommands, ...pickingCommands, ...sortingCommands, ...shippingCommands, ...countCommands, ...sampleCommands, ...moveCommands, ...stockAllotCommands, ...otherInoutCommands, ...tobOrderCommands, ...taskPoolCommands, ...replenishmentCommands, ...auditPlanCommands, ...cartonCommands, ...shipmentCommands, ...containerLoadingCommands, ...transferCommands, ...outboundExceptionCommands]

/** Static registry; throws at import on a duplicate id. */
export const commandRegistry = new CommandRegistry(ALL_COMMANDS)

export { navigationCommands, joinPath, NAV_PREFIX, type NavMenuNode } from './navigation'
export { shellCommands, type WarehousePair } from './shell'
export { gridCommands } from './grid'
export { adminCommands, UserTargetArgs, type ResetPasswordResult, type ForceOfflineResult } from './admin'
export { SHELL_PERMISSION, type ShellPanel } from './panels'
