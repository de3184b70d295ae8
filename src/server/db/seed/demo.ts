// The demo company everyone's tests and the README rely on (brief "Demo data"): one company, two
// tenants, four warehouses, five warehouse-tenant pairs, one user per role (+ a weak-password user).
export const DEMO_PASSWORD = 'Demo#2026'
export const WEAK_DEMO_PASSWORD = 'weak1234'

export const DEMO_COMPANY = { id: 1, code: 'DEMO', name: 'Stride & Thread Co.' }

export const DEMO_TENANTS = [
  { id: 1, code: 'T01', name: 'Stride Footwear' },
  { id: 2, code: 'T02', name: 'Thread Apparel' },
] as const

/** warehouseLocation: 1 domestic, 2 overseas (spec). */
export const DEMO_WAREHOUSES = [
  { id: 26, code: 'CN-DG', name: 'Dongguan DC', shortName: 'Dongguan', warehouseLocation: 1, stateCode: 'GD' },
  { id: 31, code: 'CN-YW', name: 'Yiwu DC', shortName: 'Yiwu', warehouseLocation: 1, stateCode: 'ZJ' },
  { id: 168, code: 'US-LA', name: 'Los Angeles', shortName: 'LA', warehouseLocation: 2, stateCode: 'CA' },
  { id: 201, code: 'MX-GDL', name: 'Guadalajara', shortName: 'GDL', warehouseLocation: 2, stateCode: 'JAL' },
] as const

/** [warehouseId, tenantId] in switcher order. */
export const DEMO_PAIRS: readonly (readonly [number, number])[] = [[26, 1], [26, 2], [31, 2], [168, 1], [201, 1]]

export const DEMO_ROLES = ['admin', 'supervisor', 'receiver', 'shelver', 'picker', 'reviewer', 'shipper'] as const

export interface DemoUser {
  username: string
  employeeName: string
  role: (typeof DEMO_ROLES)[number]
  /** [warehouseId, tenantId]; the first is the default pair (user_access.sort). */
  pairs: readonly (readonly [number, number])[]
  password: string
  weakPassword: boolean
  email: string
  phone: string
}

const u = (username: string, employeeName: string, role: DemoUser['role'], pairs: DemoUser['pairs'], phone: string, password = DEMO_PASSWORD, weakPassword = false): DemoUser =>
  ({ username, employeeName, role, pairs, password, weakPassword, email: `${username}@stride-thread.example`, phone })

export const DEMO_USERS: readonly DemoUser[] = [
  u('admin', 'Admin', 'admin', DEMO_PAIRS, '+86 769 2200 0001'),
  u('supervisor', 'Sofía Supervisor', 'supervisor', DEMO_PAIRS, '+52 33 1200 0002'),
  u('receiver', 'Rui Receiver', 'receiver', [[26, 1], [168, 1]], '+86 769 2200 0003'),
  u('shelver', 'Sam Shelver', 'shelver', [[26, 1], [168, 1]], '+1 213 555 0104'),
  u('picker', 'Paola Picker', 'picker', [[26, 1], [201, 1]], '+52 33 1200 0005'),
  u('reviewer', 'Wen Reviewer', 'reviewer', [[26, 1]], '+86 769 2200 0006'),
  u('shipper', 'Shane Shipper', 'shipper', [[26, 1], [168, 1]], '+1 213 555 0107'),
  u('weakuser', 'Wei Weakpass', 'receiver', [[26, 1]], '+86 769 2200 0008', WEAK_DEMO_PASSWORD, true),
]
