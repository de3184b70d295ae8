// The user session (spec section 3 "User session"), a valtio store. Tokens persist in cookies
// (token, jwtToken; the refresh token only in the server's httpOnly cookie) — see session-flow.ts;
// everything else reloads from the server.
import { proxy } from 'valtio'
import { DEFAULT_LANGUAGE, type Language } from '../../domain/i18n'
import type { MenuNode } from '../../domain/menu/types'

export interface WarehouseTenant { warehouseId: number; tenantId: number; warehouseName: string; tenantName: string }

/** The menu tree node of spec section 3 (one shape, declared in the domain). */
export type { MenuNode } from '../../domain/menu/types'

export const session = proxy({
  token: '',
  jwtToken: '',
  userId: 0,
  username: '',
  name: '',
  employeeName: '',
  avatar: '',
  introduction: '',
  roles: [] as string[],
  permissions: [] as string[],
  skipAuth: false,
  menus: [] as MenuNode[],
  tenantId: 0,
  warehouseId: 0,
  warehouseName: '',
  warehouseList: [] as WarehouseTenant[],
  /** 1 domestic, 2 overseas */
  warehouseLocation: 1,
  isDomestic: true,
  stateCode: '',
  virtualWarehouseType: 0,
  weakPassword: false,
  language: DEFAULT_LANGUAGE as Language,
  /** Favourite routes (spec section 3): stored under tableKey favoriteRoutes as a JSON string. */
  favourites: [] as { fullPath: string; name: string; path: string; params?: Record<string, string | undefined>; query?: Record<string, string>; meta: { title: string } }[],
  /** Menus loaded and routes built (the catch-all route's presence). */
  ready: false,
})

export type Session = typeof session
