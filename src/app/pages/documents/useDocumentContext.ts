// A details page's document as the commands' target: while the page is the visible tab, its facts
// (id, number and what the document's status machine reads) are the command context's document and
// one-row selection, so the palette, the hotkeys and the page's buttons offer exactly the moves the
// server allows. A page kept alive behind another tab (or an older instance unmounting late) never
// clears a newer owner's value.
import { useEffect } from 'react'
import type { CommandContext } from '../../../domain/commands'
import { useCommandContext } from '../../palette'
import { clearSelection, setDocumentId, setSelection } from '../../state/selection'
import { usePageActive } from '../kit'

export type DocumentFacts = Record<string, unknown> & { id: number }

/** The one page that published the document last (a newer one takes over, an older cleanup is a no-op). */
let owner: symbol | undefined

/**
 * Publishes `facts` (undefined while loading) under `selectionId`; returns the context the page's own
 * buttons use (the document as their selection) and the id the shared context holds right now.
 */
export function useDocumentContext(selectionId: string, facts: DocumentFacts | undefined): { ctx: CommandContext; publishedId: string | number | undefined } {
  const active = usePageActive()
  // The facts' values, not the object's identity, decide when to publish again.
  const signature = facts ? JSON.stringify(facts) : ''
  useEffect(() => {
    if (!active || !signature) return
    const doc = JSON.parse(signature) as DocumentFacts
    const token = Symbol(selectionId)
    owner = token
    setDocumentId(doc.id, doc)
    setSelection(selectionId, [doc])
    return () => {
      if (owner !== token) return
      setDocumentId(undefined)
      clearSelection(selectionId)
    }
  }, [selectionId, signature, active])
  const base = useCommandContext()
  const ctx = facts ? { ...base, selection: [facts], documentId: facts.id, document: facts } : base
  return { ctx, publishedId: base.documentId }
}
