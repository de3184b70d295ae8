// The picker of outbound.pickTask.assign and outbound.wave.assign (prompt kind 'outbound.pickAssignee'):
// the pickers of the current warehouse+tenant (who hold the pick permission), then
// its job groups, then its other users; the chosen one answers { assigneeId } or { jobGroupId }. Prompt options are synchronous, so the screens that offer the command load the list
// when they open (useAssignees) — as the shelving list does for 'shelving.jobGroup'.
import { useEffect } from 'react'
import { registerPromptKind } from '../../../commands/interaction'
import { i18next } from '../../../i18n'
import { fetchAssignees, type Assignees } from './api'

let loaded: Assignees = { users: [], jobGroups: [] }

registerPromptKind('outbound.pickAssignee', {
  titleKey: 'outbound-picking-ui:assign.prompt',
  options: () => {
    const user = (u: Assignees['users'][number]) => ({ value: { assigneeId: u.id }, label: u.name ? `${u.username} · ${u.name}` : u.username, hint: i18next.t(u.picker ? 'outbound-picking-ui:assign.picker' : 'outbound:pick.fields.assigneeId') })
    return [
      ...loaded.users.filter((u) => u.picker).map(user),
      ...loaded.jobGroups.map((g) => ({ value: { jobGroupId: g.id }, label: g.name, hint: i18next.t('outbound:pick.fields.jobGroupId') })),
      ...loaded.users.filter((u) => !u.picker).map(user),
    ]
  },
})

/** Loads the operators and job groups once the screen opens (the prompt then offers them). */
export function useAssignees(enabled = true): void {
  useEffect(() => {
    if (!enabled) return
    let live = true
    fetchAssignees()
      .then((r) => { if (live) loaded = r })
      .catch(() => { /* the prompt then offers nothing; the server still refuses unknown ids */ })
    return () => { live = false }
  }, [enabled])
}
