// Spec section 9: table height = viewport height minus the table's top and a 40 px bottom offset,
// never below 440 px, recomputed on resize debounced by 500 ms.
import { useEffect, useState, type RefObject } from 'react'
import { TABLE_BOTTOM_OFFSET, TABLE_HEIGHT_DEBOUNCE_MS, TABLE_MIN_HEIGHT } from './types'

export function tableHeight(viewportHeight: number, top: number, offset = TABLE_BOTTOM_OFFSET, min = TABLE_MIN_HEIGHT): number {
  return Math.max(min, Math.floor(viewportHeight - top - offset))
}

export function useTableHeight(ref: RefObject<HTMLElement | null>, offset = TABLE_BOTTOM_OFFSET, min = TABLE_MIN_HEIGHT): number {
  const [h, setH] = useState(min)
  useEffect(() => {
    const compute = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0
      setH(tableHeight(window.innerHeight, top, offset, min))
    }
    compute()
    let timer: ReturnType<typeof setTimeout> | undefined
    const onResize = () => {
      clearTimeout(timer)
      timer = setTimeout(compute, TABLE_HEIGHT_DEBOUNCE_MS)
    }
    window.addEventListener('resize', onResize)
    return () => { clearTimeout(timer); window.removeEventListener('resize', onResize) }
  }, [ref, offset, min])
  return h
}
