import { TreeSelect } from 'antd'
import { useMemo } from 'react'
import { toTreeOptions } from '@/utils/tree'
import { useOrgForest, type OrgStatus } from './org'

interface Props {
  value?: number | null
  onChange?: (value: number | null) => void
  placeholder?: string
  /** Organisations that cannot be chosen, with everything below them (e.g. itself as its own parent). */
  disabledIds?: ReadonlySet<number>
  status?: OrgStatus
  allowClear?: boolean
  id?: string
  style?: React.CSSProperties
}

/** Party organisation picker: the caller's organisations as a searchable tree. */
export default function OrgTreeSelect({ value, onChange, placeholder = '请选择党组织', disabledIds, status = '1', allowClear = true, id, style }: Props) {
  const { data, isLoading } = useOrgForest(status)
  const options = useMemo(() => toTreeOptions(data, (o) => o.name, { disabledIds }), [data, disabledIds])
  return (
    <TreeSelect
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.((v as number | undefined) ?? null)}
      treeData={options}
      placeholder={placeholder}
      allowClear={allowClear}
      loading={isLoading}
      notFoundContent={isLoading ? '加载中…' : '暂无党组织'}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      style={{ width: '100%', minWidth: 220, ...style }}
      popupMatchSelectWidth={false}
    />
  )
}
