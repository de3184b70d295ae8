// Every area of the API, registered in this order. An area is a function that registers its routes.
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import type { AppDb, Database } from '../db/client'
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

export interface AreaDeps {
  config: Config
  database: Database
  db: AppDb
}

export type Area = (app: FastifyInstance, deps: AreaDeps) => Promise<void> | void

export const areas: Area[] = [authArea, sessionArea, noticesArea, commandsArea, auditArea, searchArea, menusArea, adminArea, resourcesArea, productArea, stockArea, inspectionArea, shelvingArea, inboundArea, inboundExtraArea, outboundArea, faceSheetArea, reportsArea, printArea]
