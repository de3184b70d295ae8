// A document screen's command buttons: the SAME CommandDefs the palette shows (hidden without the
// permission, disabled with the reason — the title and the button's description — which a click on a
// disabled one also tells). A document's state decides through its status machine (src/domain/states).
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { commandEnabled, commandVisible, type CommandContext, type CommandDef } from '../../../domain/commands'
import { reasonLabel } from '../../commands/reason'
import { runCommand, useCommandContext, useCommandRegistry } from '../../palette'

export function CommandButtons({ ids, ctx: given, label }: { ids: readonly string[]; ctx?: CommandContext; label: string }) {
  const { t } = useTranslation()
  const registry = useCommandRegistry()
  const current = useCommandContext()
  const ctx = given ?? current
  const uid = useId()
  const cmds = ids.map((id) => registry.get(id)).filter((c): c is CommandDef<any> => !!c && commandVisible(c, ctx))
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t(label)}>
      {cmds.map((c) => {
        const enabled = commandEnabled(c, ctx)
        const reason = enabled === true ? undefined : reasonLabel(enabled)
        return (
          <span key={c.id} className="contents">
            <button type="button" data-testid={`cmd-${c.id}`} aria-disabled={reason ? true : undefined} title={reason}
              aria-describedby={reason ? `${uid}-${c.id}` : undefined}
              className={`h-7 rounded border px-3 ${reason ? 'cursor-not-allowed opacity-50' : 'hover:bg-gray-50'}`}
              onClick={() => void runCommand(c, given ? { ctx } : {})}>
              {t(c.title)}
            </button>
            {/* The reason is the button's description (its name stays its visible label). */}
            {reason && <span id={`${uid}-${c.id}`} className="sr-only" data-testid={`reason-${c.id}`}>{reason}</span>}
          </span>
        )
      })}
    </div>
  )
}
