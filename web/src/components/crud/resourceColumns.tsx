import type { TableColumnType } from 'antd'
import { useMemo } from 'react'
import { usePersonalCells, type MaskedPerson } from '@/components/personal/usePersonalCells'
import { cellOf } from './cells'
import { columnOf, displayOf, type Resource } from './resource'

/**
 * The table columns of a resource's fields, in their order: title, the shown property, width,
 * the cell by type, unmask buttons on personal fields (holders of permissions.unmask).
 */
export function useResourceColumns<T>(res: Resource<T>): TableColumnType<T>[] {
  const detail = res.api.detail as ((id: number, unmask: boolean) => Promise<MaskedPerson>) | undefined
  const personal = usePersonalCells<MaskedPerson>(res.permissions?.unmask, detail ?? (() => Promise.reject(new Error('no detail'))))
  const canUnmask = !!res.permissions?.unmask && !!detail
  return useMemo(
    () =>
      res.fields.flatMap((f) => {
        const c = columnOf(f)
        if (!c) return []
        const shown = displayOf(f)
        const col: TableColumnType<T> = {
          title: f.label,
          dataIndex: shown,
          key: f.type === 'dict' ? f.name : shown,
          width: f.width,
          render: (v: unknown, r: T) => (f.personal && canUnmask ? personal(f.personal)(v as string, r as MaskedPerson) : cellOf(f, v, r)),
          ...c,
        }
        return [col]
      }),
    [res.fields, personal, canUnmask],
  )
}
