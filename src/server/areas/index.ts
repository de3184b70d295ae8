// The composition root's list: every area of the API, registered in this order (src/server/app.ts). An area
// is a function that registers its routes (src/server/http/area.ts); importing its module registers its
// command handlers, so importing this list registers every handler. Areas never import this file.
import type { Area } from '../http/area'
import { authArea } from './auth/index'
import { sessionArea } from './session/index'
import { noticesArea } from './notices/index'
import { commandsArea } from './commands/index'
import { searchArea } from './search/index'
import { auditArea } from './audit/index'
import { menusArea } from './menus/index'
import { productArea } from '../resources/custom/product/routes'
import { adminArea } from './admin/index'
import { resourcesArea } from './resources/index'
import { stockArea } from './stock/index'
import { inspectionArea } from './inbound/inspection'
import { shelvingArea } from './inbound/shelving'
import { inboundArea } from './inbound/index'
import { inboundExtraArea } from './inbound/settings-area'
import { outboundArea } from './outbound/index'
import { faceSheetArea } from './outbound/face-sheets'
import { reportsArea } from './reports/index'
import { printArea } from './print/index'
import { stockCountArea } from './stock-count/index'

export const areas: Area[] = [authArea, sessionArea, noticesArea, commandsArea, auditArea, searchArea, menusArea, adminArea, resourcesArea, productArea, stockArea, inspectionArea, shelvingArea, inboundArea, inboundExtraArea, outboundArea, faceSheetArea, reportsArea, printArea, stockCountArea]
