// Resource declarations of print management (print-manage → print-setup, print-template,
// printer-management; issue 13 §3), one file per entity.
import type { ResourceDef } from '../../resource'
import { printerResource } from './printer'
import { printTemplateResource } from './print-template'
import { printSettingResource } from './print-setting'

export { printerResource, printTemplateResource, printSettingResource }

export const PRINT_RESOURCES: ResourceDef<any>[] = [printerResource, printTemplateResource, printSettingResource]
