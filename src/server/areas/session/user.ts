// Who am I and where may I work: user info (spec section 7 "Session and shell"), the user's
// warehouse-tenant pairs, warehouse detail and location (only for warehouses in the user's pairs).
import { and, asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { AppDb } from '../../db/client'
import { appUser, tenant, userAccess, warehouse } from '../../db/schema/core'
import { defineRoute, type RouteDef } from '../../http/route'
import { notFound, unauthorized } from '../../http/errors'

/** Spec section 3 "Tenant entry"; option value warehouseId-tenantId, label warehouseName-tenantName. */
export interface TenantEntry { warehouseId: number; tenantId: number; warehouseName: string; tenantName: string }

export async function userPairs(db: AppDb, userId: number): Promise<TenantEntry[]> {
  return db.select({ warehouseId: userAccess.warehouseId, tenantId: userAccess.tenantId, warehouseName: warehouse.name, tenantName: tenant.name })
    .from(userAccess)
    .innerJoin(warehouse, eq(warehouse.id, userAccess.warehouseId))
    .innerJoin(tenant, eq(tenant.id, userAccess.tenantId))
    .where(eq(userAccess.userId, userId))
    .orderBy(asc(userAccess.sort), asc(userAccess.warehouseId), asc(userAccess.tenantId))
}

async function loadUser(db: AppDb, userId: number) {
  const [u] = await db.select({ id: appUser.id, username: appUser.username, employeeName: appUser.employeeName, avatar: appUser.avatar, introduction: appUser.introduction, weakPassword: appUser.weakPassword })
    .from(appUser).where(eq(appUser.id, userId))
  // The token named a user that no longer exists: the session is over.
  if (!u) throw unauthorized()
  return u
}

/** The warehouse row when `userId` holds at least one pair in it; else 404 (its existence is not revealed). */
async function accessibleWarehouse(db: AppDb, userId: number, warehouseId: number) {
  const [w] = await db.selectDistinct({ warehouseLocation: warehouse.warehouseLocation, stateCode: warehouse.stateCode, warehouseName: warehouse.name, virtualWarehouseType: warehouse.virtualWarehouseType })
    .from(warehouse)
    .innerJoin(userAccess, and(eq(userAccess.warehouseId, warehouse.id), eq(userAccess.userId, userId)))
    .where(eq(warehouse.id, warehouseId))
  if (!w) throw notFound('errors:notFound')
  return w
}

const warehouseParams = z.object({ id: z.coerce.number().int().positive() })

export function userRoutes(db: AppDb): RouteDef[] {
  return [
    defineRoute({
      method: 'GET', url: '/wms-plus-base/common/pms/user/info', envelope: 'main', auth: 'user',
      summary: 'Current user: data.id, username, employeeName, avatar, introduction, roles',
      handler: async ({ auth }) => {
        const u = await loadUser(db, auth.userId)
        return { id: u.id, username: u.username, employeeName: u.employeeName, avatar: u.avatar ?? '', introduction: u.introduction ?? '', roles: auth.roles }
      },
    }),
    defineRoute({
      method: 'GET', url: '/wms-plus-base/common/pms/user/getInfo', envelope: 'main', dataField: 'datas', auth: 'user',
      summary: 'User info with the warehouse-tenant pairs (datas: avatar, username, id, tenants, employee, weakPassword)',
      handler: async ({ auth }) => {
        const u = await loadUser(db, auth.userId)
        return {
          avatar: u.avatar ?? '',
          username: u.username,
          id: u.id,
          tenants: await userPairs(db, u.id),
          employee: { employeeName: u.employeeName },
          weakPassword: u.weakPassword,
          roles: auth.roles,
        }
      },
    }),
    defineRoute({
      method: 'GET', url: '/wms-base/basewarehouse/:id/detail', envelope: 'main', auth: 'user',
      summary: 'Warehouse detail (warehouseLocation, stateCode, warehouseName, virtualWarehouseType) — own warehouses only',
      params: warehouseParams,
      handler: async ({ auth, params }) => {
        const w = await accessibleWarehouse(db, auth.userId, params.id)
        return { warehouseLocation: w.warehouseLocation, stateCode: w.stateCode ?? '', warehouseName: w.warehouseName, virtualWarehouseType: w.virtualWarehouseType }
      },
    }),
    defineRoute({
      method: 'GET', url: '/wms-base/basewarehouse/location/:id', envelope: 'main', dataField: 'datas', auth: 'user',
      summary: 'Warehouse location on warehouse change: datas.warehouseLocation (1 domestic, 2 overseas)',
      params: warehouseParams,
      handler: async ({ auth, params }) => {
        const w = await accessibleWarehouse(db, auth.userId, params.id)
        return { warehouseId: params.id, warehouseLocation: w.warehouseLocation, isDomestic: w.warehouseLocation === 1 }
      },
    }),
  ]
}
