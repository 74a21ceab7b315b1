import { TreeSelect } from 'antd'
import { useMemo } from 'react'
import { toTreeOptions } from '@/utils/tree'
import { useOrgForest, type OrgPickerItem, type OrgStatus } from './org'

interface Props {
  /** One organisation, or with `checkable` the checked ones. */
  value?: number | number[] | null
  onChange?: (value: number | number[] | null) => void
  placeholder?: string
  /** Organisations that cannot be chosen, with everything below them (e.g. itself as its own parent). */
  disabledIds?: ReadonlySet<number>
  /** The organisations that can be chosen (e.g. branches only); the others stay in the tree, greyed. */
  selectable?: (o: OrgPickerItem) => boolean
  /** Said when the caller has none to choose (default 暂无党组织). */
  notFound?: string
  status?: OrgStatus
  allowClear?: boolean
  id?: string
  style?: React.CSSProperties
  /**
   * A tree with check boxes choosing several organisations, each standing for its whole subtree (a
   * role's custom scope): a fully checked organisation is answered alone, without its children.
   */
  checkable?: boolean
}

/** Party organisation picker: the caller's organisations as a searchable tree. */
export default function OrgTreeSelect({ value, onChange, placeholder = '请选择党组织', disabledIds, selectable, notFound = '暂无党组织', status = '1', allowClear = true, id, style, checkable }: Props) {
  const { data, isLoading } = useOrgForest(status)
  const options = useMemo(() => toTreeOptions(data, (o) => o.name, { disabledIds, selectable }), [data, disabledIds, selectable])
  return (
    <TreeSelect
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.((v as number | number[] | undefined) ?? (checkable ? [] : null))}
      {...(checkable ? { treeCheckable: true, showCheckedStrategy: TreeSelect.SHOW_PARENT } : {})}
      treeData={options}
      placeholder={placeholder}
      allowClear={allowClear}
      loading={isLoading}
      notFoundContent={isLoading ? '加载中…' : notFound}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      style={{ width: '100%', minWidth: 220, ...style }}
      popupMatchSelectWidth={false}
    />
  )
}
