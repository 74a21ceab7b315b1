import { TreeSelect } from 'antd'
import { useMemo } from 'react'
import { useOrgForest, type OrgPickerItem } from '@/components/org/org'

/** DZZ_LX of the organisations that keep development records: 直属党支部 (4) and 党支部 (5). */
export const BRANCH_TYPES: ReadonlySet<string> = new Set(['4', '5'])

interface TreeOption {
  title: string
  value: number
  key: number
  disabled?: boolean
  children?: TreeOption[]
}

/** The caller's organisations as a tree where only branches can be chosen (the committees above stay to find them by). */
export function branchOptions(nodes: readonly OrgPickerItem[] | undefined): TreeOption[] {
  return (nodes ?? []).map((n) => {
    const kids = branchOptions(n.children)
    const o: TreeOption = { title: n.name, value: n.id, key: n.id }
    if (!BRANCH_TYPES.has(n.type)) o.disabled = true
    if (kids.length) o.children = kids
    return o
  })
}

interface Props {
  value?: number | null
  onChange?: (value: number | null) => void
  id?: string
}

/** 党支部 picker of the create form: a record is kept at a 党支部 or 直属党支部 (the server refuses others). */
export default function BranchSelect({ value, onChange, id }: Props) {
  const { data, isLoading } = useOrgForest('1')
  const options = useMemo(() => branchOptions(data), [data])
  return (
    <TreeSelect
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.((v as number | undefined) ?? null)}
      treeData={options}
      placeholder="请选择党支部"
      allowClear
      loading={isLoading}
      notFoundContent={isLoading ? '加载中…' : '暂无党支部'}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
    />
  )
}
