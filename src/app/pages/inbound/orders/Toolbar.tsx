// The inbound-order screen's command buttons: the SAME CommandDefs the palette shows (hidden without
// the permission, disabled with the reason, which a click on a disabled one also tells).
import { useTranslation } from 'react-i18next'
import { commandEnabled, commandVisible, type CommandContext, type CommandDef } from '../../../../domain/commands'
import { runCommand, useCommandContext, useCommandRegistry } from '../../../palette'

export function CommandButtons({ ids, ctx: given, label }: { ids: readonly string[]; ctx?: CommandContext; label: string }) {
  const { t } = useTranslation()
  const registry = useCommandRegistry()
  const current = useCommandContext()
  const ctx = given ?? current
  const cmds = ids.map((id) => registry.get(id)).filter((c): c is CommandDef<any> => !!c && commandVisible(c, ctx))
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t(label)}>
      {cmds.map((c) => {
        const enabled = commandEnabled(c, ctx)
        const reason = enabled === true ? undefined : t(enabled)
        return (
          <button key={c.id} type="button" data-testid={`cmd-${c.id}`} aria-disabled={reason ? true : undefined} title={reason}
            className={`h-7 rounded border px-3 ${reason ? 'cursor-not-allowed opacity-50' : 'hover:bg-gray-50'}`}
            onClick={() => void runCommand(c, given ? { ctx } : {})}>
            {t(c.title)}
            {reason && <span className="sr-only"> — {reason}</span>}
          </button>
        )
      })}
    </div>
  )
}
