// stock-out → ToC → sorting-wall (component 'stock-out/sorting-wall'): the sorting wall station, with
// ?task=<sortNo> a task opened at once; with ?list=1 the lists (bulk tasks waiting for sorting, where
// merge and rest sorting start, and the sorting tasks) — one menu entry, as the spec has it.
import { SortingLists } from './SortingLists'
import { SortingWallStation } from './SortingWallStation'
import { usePageSearch } from '../../kit'

export default function SortingWallPage() {
  const search = new URLSearchParams(usePageSearch())
  return search.get('list') !== null ? <SortingLists /> : <SortingWallStation taskParam={search.get('task') ?? ''} />
}
