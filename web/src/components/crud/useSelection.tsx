import { Checkbox, type TableColumnType } from 'antd'
import { useCallback, useMemo, useState } from 'react'

/**
 * Row selection for batch actions other than delete. CrudTable only offers selection together
 * with its 删除 button, so these pages add a checkbox column of their own; the chosen rows are
 * kept across pages and searches until cleared.
 */
export function useSelection<T extends { id: number }>(rows: readonly T[]) {
  const [selected, setSelected] = useState<Map<number, T>>(() => new Map())

  const toggle = useCallback((row: T, on: boolean) => {
    setSelected((prev) => {
      const next = new Map(prev)
      if (on) next.set(row.id, row)
      else next.delete(row.id)
      return next
    })
  }, [])

  const pageIds = rows.map((r) => r.id)
  const onPage = pageIds.filter((id) => selected.has(id)).length
  const all = rows.length > 0 && onPage === rows.length

  const togglePage = useCallback(
    (on: boolean) =>
      setSelected((prev) => {
        const next = new Map(prev)
        for (const r of rows) {
          if (on) next.set(r.id, r)
          else next.delete(r.id)
        }
        return next
      }),
    [rows],
  )

  const column: TableColumnType<T> = useMemo(
    () => ({
      key: '__select',
      width: 48,
      fixed: 'left',
      title: (
        <Checkbox
          aria-label="全选本页"
          checked={all}
          indeterminate={onPage > 0 && !all}
          disabled={rows.length === 0}
          onChange={(e) => togglePage(e.target.checked)}
        />
      ),
      render: (_: unknown, r: T) => <Checkbox aria-label="选择" checked={selected.has(r.id)} onChange={(e) => toggle(r, e.target.checked)} />,
    }),
    [all, onPage, rows.length, selected, toggle, togglePage],
  )

  return {
    column,
    ids: [...selected.keys()],
    rows: [...selected.values()],
    count: selected.size,
    clear: () => setSelected(new Map()),
  }
}
