// Spec section 5: "unsaved changes prompt on leave". Browser leave (reload, close, external link) →
// beforeunload; in-app navigation → the shell/router calls confirmLeave() before it moves (tab close,
// menu, palette navigation) and stays when it returns false.
import { useContext, useEffect, useState } from 'react'
import { i18next } from '../i18n'
import { DialogDirtyContext } from '../palette/focus'

const dirtyForms = new Set<symbol>()

export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0
}

/** Asks once when any mounted form is dirty; true = go ahead. `ask` is injectable for tests. */
export function confirmLeave(ask: (message: string) => boolean = (m) => window.confirm(m)): boolean {
  if (!dirtyForms.size) return true
  const ok = ask(i18next.t('forms:unsaved'))
  if (ok) dirtyForms.clear()
  return ok
}

export function useUnsavedChangesPrompt(dirty: boolean): void {
  const [id] = useState(() => Symbol('form'))
  // Inside a dialog: Esc asks before closing it (palette/focus.tsx Modal).
  const dialog = useContext(DialogDirtyContext)
  useEffect(() => {
    dialog?.set(id, dirty)
    return () => dialog?.set(id, false)
  }, [dialog, id, dirty])
  useEffect(() => {
    if (!dirty) { dirtyForms.delete(id); return }
    dirtyForms.add(id)
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyForms.has(id)) return
      e.preventDefault()
      // Legacy browsers need returnValue set to show the prompt (the text itself is theirs).
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => { dirtyForms.delete(id); window.removeEventListener('beforeunload', onBeforeUnload) }
  }, [dirty, id])
}
