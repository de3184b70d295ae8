// Administration commands over roles, role grants, the menu tree, users, tenants' warehouse pairs and
// verification codes (spec sections 6, 7 "Administration"). All `server: true`: the one handler of
// each lives in src/server/areas/admin/handlers.ts, and the auth-service paths (/auth/roles, /auth/menus,
// /auth/users …) are thin routes over the same handlers. Screens run them with arguments from their
// forms; from the palette without arguments, a form command opens its screen's form (`?form=`).
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef, type CommandRuntime } from '../src/domain/commands'
import {
  IdArgs, MenuEditArgs, MenuInput, ProfileEditArgs, RoleEditArgs, RoleGrantArgs, RoleInput, UserCreateArgs, UserEditArgs, WarehousePairInput,
} from '../src/domain/resources/admin/rules'

export const ADMIN_PATHS = { role: '/rights/role', menu: '/rights/menu', user: '/rights/user', tenant: '/system-manage/tenant' } as const

export const TenantPairsArgs = z.strictObject({ tenantId: z.number().int().positive(), warehouseIds: z.array(z.number().int().positive()).max(500) })
export type TenantPairsArgs = z.infer<typeof TenantPairsArgs>
export const NoArgs = z.strictObject({})

export const VerificationCodeResult = z.object({ email: z.string(), expiresInMinutes: z.number().int() })
export type VerificationCodeResult = z.infer<typeof VerificationCodeResult>

/** Server answers (the commands' `output`). */
const int = () => z.number().int()
const when = () => z.string()
/** A role as stored (admin.role.add / edit). */
const RoleRow = z.object({ id: int(), code: z.string(), name: z.string(), dataScope: int(), status: int(), createdAt: when(), remark: z.string().nullable(), updatedAt: when() })
const RoleDeleted = z.object({ id: int(), code: z.string(), users: int() })
const RoleGranted = z.object({ roleId: int(), menuIds: z.array(int()), permissions: int() })
/** A menu node as stored (admin.menu.add / edit); `meta` is the router's meta object. */
const MenuRow = z.object({
  id: int(), parentId: int().nullable(), type: z.enum(['M', 'B', 'R']), code: z.string(), name: z.string(), title: z.string(), path: z.string(),
  component: z.string().nullable(), redirect: z.string().nullable(), icon: z.string().nullable(), sort: int(), hidden: z.boolean(),
  authority: z.string().nullable(), system: z.string(), iframeUrl: z.string().nullable(), meta: z.record(z.string(), z.unknown()),
})
const MenuDeleted = z.object({ id: int(), deleted: int() })
const UserRef = z.object({ id: int(), username: z.string() })
const Profile = z.object({
  id: int(), username: z.string(), employeeName: z.string(), phone: z.string().nullable(), email: z.string().nullable(), avatar: z.string().nullable(), introduction: z.string().nullable(),
})
const TenantPairs = z.object({ tenantId: int(), warehouseIds: z.array(int()), added: z.array(int()), removed: z.array(int()) })

/** The id of the single selected row of the focused grid, if any. */
const selectedId = (ctx: CommandContext): number | undefined => {
  const v = Number(ctx.selection.length === 1 ? ctx.selection[0]?.id : NaN)
  return Number.isInteger(v) && v > 0 ? v : undefined
}

/** A form command: with arguments it calls the server; without, it opens the screen's form. */
function formCommand<I>(o: { id: string; permission: string; input: z.ZodType<I>; output: z.ZodType; path: string; form: (ctx: CommandContext) => string | undefined; done: string; keywords?: string[] }): CommandDef<I> {
  return defineCommand<I>({
    id: o.id, title: `commands:${o.id}`, section: 'admin', permission: o.permission, input: o.input, output: o.output, server: true, keywords: o.keywords,
    // One role, menu node or user per run: its id lists (roles, menus, pairs) are that record's own.
    bulk: false,
    run: async (ctx: CommandContext, rt: CommandRuntime, args?: I) => {
      if (args === undefined) {
        const form = o.form(ctx)
        rt.navigate(form ? `${o.path}?form=${encodeURIComponent(form)}` : o.path)
        return undefined
      }
      const r = await rt.callServer(o.id, args)
      rt.toast('success', o.done)
      return r
    },
  })
}

/** A command that acts on one row: the given id, else the selected row. */
function rowCommand(o: { id: string; permission: string; output: z.ZodType; confirm?: string; done: string }): CommandDef<IdArgs> {
  return defineCommand<IdArgs>({
    id: o.id, title: `commands:${o.id}`, section: 'admin', permission: o.permission, input: IdArgs, output: o.output, server: true, confirm: o.confirm,
    run: async (ctx, rt, args) => {
      const r = await rt.callServer(o.id, args ?? { id: selectedId(ctx) })
      rt.toast('success', o.done)
      return r
    },
  })
}

const editForm = (ctx: CommandContext) => { const id = selectedId(ctx); return id ? `edit:${id}` : undefined }

export const adminResourceCommands: CommandDef<any>[] = [
  // ---- roles
  formCommand({ id: 'admin.role.add', permission: 'rights-role:add', input: RoleInput, output: RoleRow, path: ADMIN_PATHS.role, form: () => 'new', done: 'admin:done.saved' }),
  formCommand({ id: 'admin.role.edit', permission: 'rights-role:edit', input: RoleEditArgs, output: RoleRow, path: ADMIN_PATHS.role, form: editForm, done: 'admin:done.saved' }),
  rowCommand({ id: 'admin.role.delete', permission: 'rights-role:delete', output: RoleDeleted, confirm: 'admin:confirm.roleDelete', done: 'admin:done.deleted' }),
  formCommand({ id: 'admin.role.grant', permission: 'rights-role:grant', input: RoleGrantArgs, output: RoleGranted, path: ADMIN_PATHS.role, form: (ctx) => { const id = selectedId(ctx); return id ? `grant:${id}` : undefined }, done: 'admin:done.granted', keywords: ['admin:keywords.grant'] }),
  // ---- menus
  formCommand({ id: 'admin.menu.add', permission: 'rights-menu:add', input: MenuInput, output: MenuRow, path: ADMIN_PATHS.menu, form: () => 'new', done: 'admin:done.saved' }),
  formCommand({ id: 'admin.menu.edit', permission: 'rights-menu:edit', input: MenuEditArgs, output: MenuRow, path: ADMIN_PATHS.menu, form: editForm, done: 'admin:done.saved' }),
  rowCommand({ id: 'admin.menu.delete', permission: 'rights-menu:delete', output: MenuDeleted, confirm: 'admin:confirm.menuDelete', done: 'admin:done.deleted' }),
  // ---- users
  formCommand({ id: 'admin.user.add', permission: 'rights-user:add', input: UserCreateArgs, output: UserRef, path: ADMIN_PATHS.user, form: () => 'new', done: 'admin:done.saved' }),
  formCommand({ id: 'admin.user.edit', permission: 'rights-user:edit', input: UserEditArgs, output: UserRef, path: ADMIN_PATHS.user, form: editForm, done: 'admin:done.saved' }),
  // Spec section 6: permanent delete, confirmed.
  rowCommand({ id: 'admin.user.delete', permission: 'rights-user:delete', output: UserRef, confirm: 'admin:confirm.userDelete', done: 'admin:done.deleted' }),
  defineCommand<ProfileEditArgs>({
    id: 'admin.user.editProfile', title: 'commands:admin.user.editProfile', section: 'admin', permission: 'self:profile',
    input: ProfileEditArgs, output: Profile, server: true,
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate('/profile'); return undefined }
      const r = await rt.callServer('admin.user.editProfile', args)
      rt.toast('success', 'admin:done.saved')
      return r
    },
  }),
  defineCommand<Record<string, never>>({
    id: 'admin.user.verificationCode', title: 'commands:admin.user.verificationCode', section: 'admin', permission: 'self:verification-code',
    input: NoArgs, output: VerificationCodeResult, server: true,
    run: async (_ctx, rt) => {
      const r = await rt.callServer<VerificationCodeResult>('admin.user.verificationCode', {})
      rt.toast('success', 'admin:done.codeSent', { email: r.email })
      return r
    },
  }),
  // ---- tenants: their warehouse pairs
  defineCommand<TenantPairsArgs>({
    id: 'admin.tenant.pairs', title: 'commands:admin.tenant.pairs', section: 'admin', permission: 'tenant:edit',
    input: TenantPairsArgs, output: TenantPairs, server: true, selection: 'one',
    run: async (ctx, rt, args) => {
      // Without arguments: the tenant screen's pairs dialog for the selected tenant row.
      if (args === undefined) { const id = selectedId(ctx); rt.navigate(id ? `${ADMIN_PATHS.tenant}?form=pairs:${id}` : ADMIN_PATHS.tenant); return undefined }
      const r = await rt.callServer('admin.tenant.pairs', args)
      rt.toast('success', 'admin:done.saved')
      return r
    },
  }),
]

export { WarehousePairInput }
