// The browser side of the resource mechanism: every declaration in ALL_RESOURCES gets its list screen
// (registered under its catalog component key), its new/edit form, import and bulk status dialogs.
// Nothing per entity is written by hand here — a new declaration shows up by itself.
//   registerResourceScreens(registerScreen)  — pages/registry.ts calls it once
//   <ResourceDialogHost/>                     — App mounts it once; commands open dialogs by panel name (panels.ts)
import { createElement, lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { ui } from '../state/ui'
import { RESOURCE_PANELS } from './panels'
import { ALL_RESOURCES } from '../../domain/resources/index'
import type { ScreenComponent } from '../pages/kit'

export { RESOURCE_PANELS, openResourceForm, openResourceImport, openResourceStatus, type ResourceFormProps, type ResourceImportProps, type ResourceStatusProps } from './panels'
export { gridIdOf } from './ids'

/** Registers one lazily loaded list screen per resource component key (the registry lets a hand-written page win). */
export function registerResourceScreens(register: (key: string, c: ScreenComponent) => void): void {
  for (const def of ALL_RESOURCES) {
    register(def.component, lazy(() => import('./ResourceListPage').then((m) => ({ default: m.screenOf(def) }))))
  }
}

const LazyHost = lazy(() => import('./ResourceDialogHost').then((m) => ({ default: m.ResourceDialogHost })))
const PANELS: ReadonlySet<string> = new Set(Object.values(RESOURCE_PANELS))

/** The dialogs' code loads with the first resource dialog, not with the shell. */
export function ResourceDialogHost() {
  const { panel } = useSnapshot(ui)
  return PANELS.has(panel as string) ? createElement(Suspense, { fallback: null }, createElement(LazyHost)) : null
}
