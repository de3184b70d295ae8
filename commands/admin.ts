// Administration commands that change data on the server (spec section 6: users can be forced
// offline and have their password reset). Each is `server: true`: the browser only collects the
// arguments; src/server/commands/admin.ts holds the one handler that runs them.
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef } from '../src/domain/commands'

export const UserTargetArgs = z.strictObject({ userId: z.number().int().positive() })
export type UserTargetArgs = z.infer<typeof UserTargetArgs>

/** Result of admin.user.resetPassword: the temporary password, shown once to the administrator. */
export const ResetPasswordResult = z.object({ userId: z.number().int(), username: z.string(), temporaryPassword: z.string() })
export type ResetPasswordResult = z.infer<typeof ResetPasswordResult>
/** Panel the reset opens with the ResetPasswordResult as props (rendered by the user screen). */
export const TEMPORARY_PASSWORD_PANEL = 'adminTemporaryPassword'
/** Result of admin.user.forceOffline: the sessions revoked. */
export const ForceOfflineResult = z.object({ userId: z.number().int(), username: z.string(), revokedSessions: z.number().int() })
export type ForceOfflineResult = z.infer<typeof ForceOfflineResult>

/** The selected user row of the user grid (rows carry `id`). */
const selectedUser = (ctx: CommandContext): UserTargetArgs => ({ userId: Number(ctx.selection[0]?.id) })

export const adminCommands: CommandDef<any>[] = [
  defineCommand<UserTargetArgs>({
    id: 'admin.user.forceOffline', title: 'commands:admin.user.forceOffline', section: 'admin',
    permission: 'rights-user:force-offline', selection: 'one', input: UserTargetArgs, output: ForceOfflineResult, server: true,
    confirm: 'commands:confirm.admin.user.forceOffline',
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<ForceOfflineResult>('admin.user.forceOffline', args ?? selectedUser(ctx))
      rt.toast('success', 'commands:result.admin.user.forceOffline', { username: r.username, count: r.revokedSessions })
      return r
    },
  }),
  defineCommand<UserTargetArgs>({
    id: 'admin.user.resetPassword', title: 'commands:admin.user.resetPassword', section: 'admin',
    permission: 'rights-user:reset-password', selection: 'one', input: UserTargetArgs, output: ResetPasswordResult, server: true,
    confirm: 'commands:confirm.admin.user.resetPassword',
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<ResetPasswordResult>('admin.user.resetPassword', args ?? selectedUser(ctx))
      // Shown once: the server never returns it again except to replay this very request.
      rt.toast('success', 'commands:result.admin.user.resetPassword', { username: r.username, password: r.temporaryPassword })
      // The user screen shows it in a dialog that can be copied (src/app/pages/admin/TemporaryPasswordDialog.tsx).
      rt.open(TEMPORARY_PASSWORD_PANEL, { ...r })
      return r
    },
  }),
]
