import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import DeptTreeSelect from '@/components/dept/DeptTreeSelect'
import { subtreeIds } from '@/utils/tree'
import { deptList } from '../service'
import type { Dept } from '../types'

interface Props {
  /** The department being edited: it and its subtree cannot be its own parent. */
  dept: Dept | null
  value?: number | null
  onChange?: (value: number | number[] | null) => void
  id?: string
}

/** 上级部门: picks from the managed tree (disabled departments included), not the picker tree. */
export default function ParentDeptSelect({ dept, ...control }: Props) {
  const { data } = useQuery({ queryKey: ['dept', 'managed'], queryFn: () => deptList().then((p) => p.content) })
  const own = useMemo(() => (dept ? new Set(subtreeIds(dept)) : undefined), [dept])
  return <DeptTreeSelect {...control} tree={data ?? []} disabledIds={own} placeholder="请选择上级部门" />
}
