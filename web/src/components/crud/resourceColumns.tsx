import type { TableColumnType } from 'antd'
import { useMemo } from 'react'
import { usePersonalCells, type MaskedPerson } from '@/components/personal/usePersonalCells'
import { cellOf } from './cells'
import { columnDefaults, withTooltip } from './columnDefaults'
import { columnOf, displayOf, type Resource } from './resource'

/**
 * The table columns of a resource's fields, in their order: title, the shown property, the cell by
 * type, unmask buttons on personal fields (holders of permissions.unmask), and the kit's defaults
 * (columnDefaults: widths, the name fixed left, long texts ellipsised with a tooltip) under what the
 * field's `column` declares.
 */
export function useResourceColumns<T>(res: Resource<T>): TableColumnType<T>[] {
  const detail = res.api.detail as ((id: number, unmask: boolean) => Promise<MaskedPerson>) | undefined
  const personal = usePersonalCells<MaskedPerson>(res.permissions?.unmask, detail ?? (() => Promise.reject(new Error('no detail'))))
  const canUnmask = !!res.permissions?.unmask && !!detail
  const nameField = res.nameField ?? 'name'
  return useMemo(
    () =>
      res.fields.flatMap((f) => {
        const c = columnOf(f)
        if (!c) return []
        const shown = displayOf(f)
        const defaults = columnDefaults(f, nameField)
        // `ellipsis: true` of a field means the kit's: cut, with the whole value in a tooltip.
        const own = c.ellipsis === true ? { ...c, ellipsis: { showTitle: false } } : c
        const tooltip = !!(own.ellipsis ?? defaults.ellipsis)
        const col: TableColumnType<T> = {
          title: f.label,
          dataIndex: shown,
          key: f.type === 'dict' ? f.name : shown,
          ...defaults,
          render: (v: unknown, r: T) => {
            if (f.personal && canUnmask) return personal(f.personal)(v as string, r as MaskedPerson)
            const cell = cellOf(f, v, r)
            return tooltip ? withTooltip(cell, v) : cell
          },
          ...own,
        }
        return [col]
      }),
    [res.fields, personal, canUnmask, nameField],
  )
}
