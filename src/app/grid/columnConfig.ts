// Column configuration per user and grid, stored by the spec's calls (section 7):
// GET  /wms-plus-base/tableColumnConfig/user/getTableColumnConfig?tableKey=<gridId> → JSON string | null
// POST /wms-plus-base/tableColumnConfig/user/addTableColumnConfig {tableKey, tableConfig: JSON string}
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { api } from '../api/clients'
import { mergeConfig } from './query'
import type { ColumnConfig, GridColumn } from './types'

export const COLUMN_CONFIG_GET = '/wms-plus-base/tableColumnConfig/user/getTableColumnConfig'
export const COLUMN_CONFIG_SAVE = '/wms-plus-base/tableColumnConfig/user/addTableColumnConfig'

export const columnConfigKey = (gridId: string) => ['tableColumnConfig', gridId] as const

export async function loadColumnConfig(gridId: string): Promise<string | null> {
  return (await api.get<string | null>(COLUMN_CONFIG_GET, { tableKey: gridId }, { silent: true })) ?? null
}

export async function saveColumnConfig(gridId: string, config: ColumnConfig): Promise<void> {
  await api.post(COLUMN_CONFIG_SAVE, { tableKey: gridId, tableConfig: JSON.stringify(config) })
}

/** The effective configuration (defaults until loaded, and when loading fails) and a saver. */
export function useColumnConfig(gridId: string, columns: readonly GridColumn<any>[]) {
  const qc = useQueryClient()
  const q = useQuery({ queryKey: columnConfigKey(gridId), queryFn: () => loadColumnConfig(gridId), staleTime: Infinity })
  const config = useMemo(() => mergeConfig(columns, q.data ?? null), [columns, q.data])
  const save = useMutation({
    mutationFn: (c: ColumnConfig) => saveColumnConfig(gridId, c),
    onSuccess: (_r, c) => { qc.setQueryData(columnConfigKey(gridId), JSON.stringify(c)) },
  })
  return { config, loaded: q.isSuccess || q.isError, save }
}
