// Command titles of the generated resource commands (commands/resources.ts), kept in
// locales/<lang>/resources.json under `command.<name>.<action>`. Each is the language's verb template
// (`verb.<action>`, e.g. "New {{entity}}") with the entity title nested by i18next
// (`$t(res-warehouse:location.title)`), or the extra action's own title nested — so a title always
// follows its resource's translation, and a new resource costs no hand-written command text.
// Regenerate after adding a resource or an action:  npx tsx src/server/resources/titles.ts
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ALL_RESOURCES } from '../../domain/resources/index'
import { resourceActions, titleKeyOf, type ResourceDef } from '../../domain/resource'
import { LANGUAGES } from '../../domain/i18n'
import { LOCALES_DIR } from '../i18n'

const STANDARD = new Set(['add', 'edit', 'status', 'delete', 'import', 'export', 'enable', 'disable'])

function actionsWithShortcuts(def: ResourceDef<any>): string[] {
  const a = resourceActions(def)
  return def.status ? [...a, 'enable', 'disable'] : a
}

type Tree = Record<string, Record<string, string>>

/** The `command` subtree a language's resources.json must hold. */
export function expectedCommandTitles(verbs: Record<string, string>): Tree {
  const out: Tree = {}
  for (const def of ALL_RESOURCES) {
    const t: Record<string, string> = {}
    for (const action of actionsWithShortcuts(def)) {
      if (STANDARD.has(action)) {
        const verb = verbs[action]
        if (!verb) throw new Error(`resources.json lacks verb.${action}`)
        t[action] = verb.replace('{{entity}}', `$t(${titleKeyOf(def)})`)
      } else {
        const x = def.actions!.find((a) => a.action === action)!
        t[action] = `$t(${x.title})`
      }
    }
    out[def.name] = t
  }
  return out
}

export const resourcesLocaleFile = (lang: string) => join(LOCALES_DIR, lang, 'resources.json')

/** Rewrites the `command` subtree of every language; returns the languages that changed. */
export function writeCommandTitles(): string[] {
  const changed: string[] = []
  for (const lang of LANGUAGES) {
    const file = resourcesLocaleFile(lang)
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    const next = { ...json, command: expectedCommandTitles(json.verb as Record<string, string>) }
    const text = `${JSON.stringify(next, null, 2)}\n`
    if (text !== readFileSync(file, 'utf8')) { writeFileSync(file, text); changed.push(lang) }
  }
  return changed
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const changed = writeCommandTitles()
  console.log(changed.length ? `updated: ${changed.join(', ')}` : 'command titles are current')
}
