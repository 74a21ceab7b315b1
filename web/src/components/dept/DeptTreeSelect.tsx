import { TreeSelect } from 'antd'
import { useMemo } from 'react'
import { useDeptPickerTree, type Dept } from './dept'
import { toTreeOptions } from '@/utils/tree'

interface Props {
  value?: number | number[] | null
  onChange?: (value: number | number[] | null) => void
  multiple?: boolean
  placeholder?: string
  /** Departments that cannot be chosen, with everything below them. */
  disabledIds?: ReadonlySet<number>
  /** Extra root nodes, e.g. "无（顶级部门）". */
  tree?: Dept[]
  allowClear?: boolean
  id?: string
  /** A tree with check boxes (implies multiple): a fully checked department is answered alone, standing for its subtree. */
  checkable?: boolean
}

/** Department picker over GET /api/dept/ByNoAuth (or a tree the caller already has). */
export default function DeptTreeSelect({ value, onChange, multiple, placeholder = '请选择部门', disabledIds, tree, allowClear = true, id, checkable }: Props) {
  const { data, isLoading } = useDeptPickerTree(!tree)
  const options = useMemo(() => toTreeOptions(tree ?? data, (d) => d.name, { disabledIds }), [tree, data, disabledIds])
  return (
    <TreeSelect
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.((v as number | number[] | undefined) ?? null)}
      treeData={options}
      multiple={multiple}
      {...(checkable ? { treeCheckable: true, showCheckedStrategy: TreeSelect.SHOW_PARENT } : {})}
      placeholder={placeholder}
      allowClear={allowClear}
      loading={!tree && isLoading}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
    />
  )
}
