// stock-out → ToC → pickingtasks (component 'stock-out/pickingtasks'): the picking-task list, and with
// ?task=<taskNo> (empty: no task yet) the picking station — one menu entry, as the spec has it.
import { useSearch } from 'wouter'
import { PickingTasksList } from './PickingTasksList'
import { PickingStation } from './PickingStation'

export default function PickingTasksPage() {
  const search = new URLSearchParams(useSearch())
  const task = search.get('task')
  return task === null ? <PickingTasksList /> : <PickingStation taskParam={task} />
}
