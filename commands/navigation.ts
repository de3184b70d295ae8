// Navigation commands: one per screen of the user's menu tree (the server already filtered it by
// role and warehouse), so every menu entry is reachable from the palette. Rebuilt only when the menu
// tree changes — never per keystroke.
import { defineCommand, type CommandDef } from '../src/domain/commands'

/** The part of a menu node (spec section 3 "Menu node") navigation needs. */
export interface NavMenuNode {
  code: string
  path: string
  component?: string | null
  redirect?: string | null
  hidden?: boolean
  meta: { title: string; hidden?: boolean; iframeUrl?: string }
  children?: readonly NavMenuNode[]
}

export const NAV_PREFIX = 'nav.'

/** Parent path joined with child path, duplicate slashes collapsed (spec section 2 "Route building"). */
export function joinPath(parent: string, child: string): string {
  if (/^https?:\/\//.test(child)) return child
  const joined = child.startsWith('/') && parent === '' ? child : `${parent}/${child}`
  return ('/' + joined).replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1')
}

function isScreen(n: NavMenuNode): boolean {
  return !!n.component && n.component !== 'Layout' && !n.hidden && !n.meta.hidden
}

/** One `nav.<code>` command per visible screen; keywords = full path + parent titles. */
export function navigationCommands(menuTree: readonly NavMenuNode[]): CommandDef[] {
  const out: CommandDef[] = []
  const seen = new Set<string>()
  const walk = (nodes: readonly NavMenuNode[], parentPath: string, parentTitles: string[]) => {
    for (const n of nodes) {
      const fullPath = joinPath(parentPath, n.path)
      if (isScreen(n) && !seen.has(n.code)) {
        seen.add(n.code)
        out.push(defineCommand({
          id: `${NAV_PREFIX}${n.code}`,
          title: n.meta.title,
          section: 'navigation',
          keywords: [fullPath, ...parentTitles],
          permission: `menu:${n.code}`,
          run: (_ctx, rt) => rt.navigate(fullPath),
        }))
      }
      if (n.children?.length) walk(n.children, fullPath, [...parentTitles, n.meta.title])
    }
  }
  walk(menuTree, '', [])
  return out
}
