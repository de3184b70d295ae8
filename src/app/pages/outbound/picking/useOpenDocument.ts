// The open wave as the commands' document, WITHOUT making it the selection (useDocumentContext makes
// the document the one-row selection too): the wave's page also holds a grid of its picking tasks, and
// a task command must never take the wave's row for one of its tasks. While the page is the visible
// tab the wave is CommandContext.document and the selection starts empty (stale rows of a grid kept
// alive in another tab do not stay targets); the tasks grid fills the selection when it is used.
import { useEffect } from 'react'
import { clearSelection, setDocumentId, setSelection } from '../../../state/selection'
import { usePageActive } from '../../kit'

let owner: symbol | undefined

export function useOpenDocument(selectionId: string, facts: (Record<string, unknown> & { id: number }) | undefined): void {
  const active = usePageActive()
  const signature = facts ? JSON.stringify(facts) : ''
  useEffect(() => {
    if (!active || !signature) return
    const doc = JSON.parse(signature) as Record<string, unknown> & { id: number }
    const token = Symbol(selectionId)
    owner = token
    setDocumentId(doc.id, doc)
    setSelection(selectionId, [])
    return () => {
      if (owner !== token) return
      setDocumentId(undefined)
      clearSelection(selectionId)
    }
  }, [selectionId, signature, active])
}
