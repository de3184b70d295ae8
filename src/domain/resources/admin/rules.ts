// Rules and argument schemas of the administration commands that are not generic resources — roles,
// role grants, the menu tree, users (spec sections 3, 5, 6, 7 "Administration"). Shared by the
// commands (client pre-flight check) and the server handlers (the check that counts). Messages are
// i18n keys of the `admin` namespace or the shared `errors`/`auth` ones.
import { z } from 'zod'
import { newPasswordSchema } from '../../password'
import { isSafeUrl } from '../../validation'

/** Role data permission scope (spec section 3 "Role"): 1 customize, 2 this level and sublevel, 3 this level. */
export const DATA_SCOPES = [1, 2, 3] as const
export type DataScopeValue = (typeof DATA_SCOPES)[number]
/** Label key of a data scope; unknown values get the spec's fallback label. */
export const dataScopeLabelKey = (v: unknown) => (DATA_SCOPES as readonly unknown[]).includes(v) ? `admin:role.dataScope.${v}` : 'admin:role.dataScope.unknown'

const text = (max: number) => z.string().trim().min(1, 'errors:field.required').max(max)
const optionalText = (max: number) => z.string().trim().max(max).nullish()
const id = z.number().int().positive()

// ---- roles -------------------------------------------------------------------------------------
export const ROLE_CODE_RE = /^[A-Za-z][A-Za-z0-9_-]{1,31}$/
export const RoleInput = z.strictObject({
  /** The role's "identification". */
  code: z.string().trim().regex(ROLE_CODE_RE, 'admin:role.errors.codeFormat'),
  name: text(64),
  dataScope: z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'admin:role.errors.dataScope' }),
  remark: optionalText(300),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
})
export type RoleInput = z.infer<typeof RoleInput>
export const RoleEditArgs = RoleInput.partial().extend({ id })
export type RoleEditArgs = z.infer<typeof RoleEditArgs>
export const IdArgs = z.strictObject({ id })
export type IdArgs = z.infer<typeof IdArgs>
/** PUT /auth/roles/granted: the complete set of menu and button ids the role holds afterwards. */
export const RoleGrantArgs = z.strictObject({ roleId: id, menuIds: z.array(id).max(20_000) })
export type RoleGrantArgs = z.infer<typeof RoleGrantArgs>

// ---- menus -------------------------------------------------------------------------------------
/** Menu form types (spec section 3): menu, button, redirect — stored as M, B, R. */
export const MENU_TYPES = ['M', 'B', 'R'] as const
export type MenuTypeValue = (typeof MENU_TYPES)[number]
/** Ids of menus added by an administrator start here, clear of the catalog's stable id blocks. */
export const ADMIN_MENU_ID_START = 10_000_000

const menuShape = {
  /** Parent node id (null: top level). */
  parentId: id.nullish(),
  /** Node id; allocated when absent. */
  id: id.optional(),
  type: z.enum(MENU_TYPES, { message: 'admin:menu.errors.type' }),
  /** Route name (screens) or permission code (buttons). */
  name: text(100),
  title: text(200),
  path: optionalText(200),
  /** Authority sign: the permission code this entry grants. */
  authority: optionalText(200),
  component: optionalText(200),
  redirect: optionalText(300),
  icon: optionalText(60),
  sort: z.number().int().min(0).max(1_000_000).optional(),
  /** Owning system (WMS for ours). */
  system: z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_-]{0,19}$/, 'errors:field.invalidFormat').optional(),
  /** Embedded frame address. */
  iframeUrl: optionalText(500),
  hidden: z.boolean().optional(),
}

function menuRules(v: { type: MenuTypeValue; authority?: string | null; redirect?: string | null; iframeUrl?: string | null }, ctx: z.RefinementCtx) {
  if (v.type === 'B' && !v.authority) ctx.addIssue({ code: 'custom', path: ['authority'], message: 'admin:menu.errors.buttonAuthority' })
  if (v.type === 'R' && !v.redirect) ctx.addIssue({ code: 'custom', path: ['redirect'], message: 'admin:menu.errors.redirectRequired' })
  if (v.iframeUrl && !/^(https?:\/\/|\/)/.test(v.iframeUrl)) ctx.addIssue({ code: 'custom', path: ['iframeUrl'], message: 'errors:field.invalidFormat' })
}

export const MenuInput = z.strictObject(menuShape).superRefine(menuRules)
export type MenuInput = z.infer<typeof MenuInput>
/** PUT /auth/menus: the whole form again, with the node id. */
export const MenuEditArgs = z.strictObject({ ...menuShape, id }).superRefine(menuRules)
export type MenuEditArgs = z.infer<typeof MenuEditArgs>

// ---- users -------------------------------------------------------------------------------------
/** Han characters (CJK unified ideographs and extension A, compatibility ideographs). */
export const CHINESE_RE = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/
export const USERNAME_RE = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,31}$/
/** Digits with an optional leading +, spaces and dashes; 6 to 20 characters. */
export const PHONE_RE = /^\+?[0-9][0-9 -]{5,19}$/

/** Spec section 5: "Username invalid or exists, no Chinese characters". Existence is checked by the server. */
export const usernameSchema = z.string().trim()
  .min(1, 'errors:field.required')
  .refine((u) => !CHINESE_RE.test(u), 'admin:user.errors.usernameChinese')
  .refine((u) => CHINESE_RE.test(u) || USERNAME_RE.test(u), 'admin:user.errors.usernameInvalid')
/** Spec section 5: "phone required and valid". */
export const phoneSchema = z.string().trim().min(1, 'admin:user.errors.phoneRequired').regex(PHONE_RE, 'admin:user.errors.phoneInvalid')
/** Spec section 5: "email valid" (optional). */
export const emailSchema = z.union([z.literal(''), z.email('admin:user.errors.emailInvalid').max(200)]).nullish()
  .transform((v) => (v ? v : null))

export const WarehousePairInput = z.strictObject({ warehouseId: id, tenantId: id })
export type WarehousePairInput = z.infer<typeof WarehousePairInput>

const userFields = {
  employeeName: text(64),
  phone: phoneSchema,
  email: emailSchema,
  /** The tenant the user belongs to (spec: required). */
  tenantId: id,
  /** The user's organisation (department). */
  deptId: id.nullish(),
  roleIds: z.array(id).max(50).default([]),
  /** Warehouse-tenant pairs in switcher order; the first is the default. */
  pairs: z.array(WarehousePairInput).max(200).default([]),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
}

export const UserCreateArgs = z.strictObject({
  username: usernameSchema,
  password: newPasswordSchema,
  ...userFields,
})
export type UserCreateArgs = z.infer<typeof UserCreateArgs>

/** PUT /auth/users: every field but the username and the password (reset has its own command). */
export const UserEditArgs = z.strictObject({ id, ...userFields })
export type UserEditArgs = z.infer<typeof UserEditArgs>

/** PUT /auth/users/edit: what a signed-in user may change about themselves. */
export const ProfileEditArgs = z.strictObject({
  employeeName: text(64).optional(),
  phone: phoneSchema.optional(),
  email: emailSchema.optional(),
  // Shown by every browser that lists users: an http(s) address or an uploaded file, never javascript:.
  avatar: z.string().trim().max(500).refine((v) => v === '' || isSafeUrl(v), 'errors:field.url').nullish(),
  introduction: optionalText(500),
})
export type ProfileEditArgs = z.infer<typeof ProfileEditArgs>

/** Verification codes: 6 digits, valid 10 minutes, at most one per minute per user. */
export const VERIFICATION_CODE_TTL_MIN = 10
export const VERIFICATION_CODE_INTERVAL_S = 60

/** Duplicate entries of a list of pairs (same warehouse and tenant twice). */
export function duplicatePairs(pairs: readonly WarehousePairInput[]): WarehousePairInput[] {
  const seen = new Set<string>()
  return pairs.filter((p) => { const k = `${p.warehouseId}-${p.tenantId}`; if (seen.has(k)) return true; seen.add(k); return false })
}
