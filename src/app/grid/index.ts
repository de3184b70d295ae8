// The DataGrid and its contracts. Screens: <DataGrid gridId columns fetcher …/>. The command runtime:
// runGridEffect('grid.export' | 'grid.columns' | 'grid.selectAll' | 'grid.openRow') acts on the
// last-focused grid (commands/grid.ts).
export { DataGrid, type DataGridProps } from './DataGrid'
export { ColumnSettingsDialog } from './ColumnSettingsDialog'
export { FilterBar } from './FilterBar'
export { runGridEffect, focusedGrid, registerGrid, type GridEffect, type GridHandle } from './focused'
export { useColumnConfig, loadColumnConfig, saveColumnConfig, COLUMN_CONFIG_GET, COLUMN_CONFIG_SAVE } from './columnConfig'
export { buildQuery, mergeConfig, defaultConfig, nextSort, incompleteRange, rangeTooLong, filterParams } from './query'
export { gridKey, initialNav, type NavState, type NavEffect } from './keyboard'
export { tableHeight, useTableHeight } from './useTableHeight'
export * from './types'
