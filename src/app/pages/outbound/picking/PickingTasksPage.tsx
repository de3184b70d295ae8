// stock-out → ToC → pickingtasks (component 'stock-out/pickingtasks'): the picking-task list, and with
// ?task=<taskNo> (empty: no task yet) the picking station — one menu entry, as the spec has it.
import { PickingTasksList } from './PickingTasksList'
import { PickingStation } from './PickingStation'
import { usePageSearch } from '../../kit'

export default function PickingTasksPage() {
  const search = new URLSearchParams(usePageSearch())
  const task = search.get('task')
  return task === null ? <PickingTasksList /> : <PickingStation taskParam={task} />
}
