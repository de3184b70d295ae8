// Container loading (issue 21 "Shipments and containers", part K2): the shipping container sizes a
// loading document (ZG…) is opened for, the loading statuses (spec §4 "waiting load container, loaded
// container, closed") and the AGL rule (spec §5 "no mixed containers for AGL transport"). Pure data.
//
// Sizes: the spec's basic-data "container" is a warehouse tote/tray (tray, crate, material box …), not a
// sea container, so the ISO dry-container sizes are fixed here with their usual inside volume and max
// payload; a loading document copies them and may state its own (a carrier's tighter limit).

/** Loading statuses (codes ours): waiting load 0 → loaded 1 → closed 2. A closed container is then shipped (shipped_at). */
export { LoadingStatus } from './dictionaries'

export interface ContainerSize { volumeM3: number; maxWeightKg: number }
/** ISO dry containers: inside volume (m³) and max payload (kg). */
export const CONTAINER_SIZES = {
  '20GP': { volumeM3: 33.2, maxWeightKg: 28_200 },
  '40GP': { volumeM3: 67.7, maxWeightKg: 26_700 },
  '40HQ': { volumeM3: 76.4, maxWeightKg: 26_500 },
  '45HQ': { volumeM3: 86.0, maxWeightKg: 27_700 },
} as const satisfies Record<string, ContainerSize>
export type ContainerSizeCode = keyof typeof CONTAINER_SIZES
export const CONTAINER_SIZE_CODES = Object.keys(CONTAINER_SIZES) as ContainerSizeCode[]

/** Spec §9: "max … 50 container numbers" (one selection / one batch of container numbers). */
export const MAX_CONTAINER_NUMBERS = 50
/** A container number as typed: capital letters, digits and '-' (ISO 6346 is 4 letters + 7 digits; forwarders' own numbers too). */
export const CONTAINER_NO_RE = /^[A-Z0-9-]{4,40}$/

/**
 * AGL (Amazon Global Logistics) transport: a box travels AGL when its outbound order's logistics
 * provider is AGL. An AGL container holds only AGL boxes and a non-AGL container none (spec §5).
 */
export function isAglProvider(provider: string | null | undefined): boolean {
  return (provider ?? '').trim().toUpperCase() === 'AGL'
}

/** Carton volume is stored in litres (dm³: L×W×H cm / 1000); capacity in m³. */
export const litresToM3 = (l: number): number => Math.round(l) / 1000
