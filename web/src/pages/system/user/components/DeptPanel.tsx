import { Card, Empty, Input, Spin, Tree } from 'antd'
import { useMemo, useState } from 'react'
import { useDeptPickerTree } from '@/components/dept/dept'
import { filterTree, flatten, toTreeOptions } from '@/utils/tree'

interface Props {
  value: number | null
  onChange: (deptId: number | null) => void
}

/** Department tree beside the user list; clicking a department filters the list, clicking again clears. */
export default function DeptPanel({ value, onChange }: Props) {
  const { data = [], isLoading } = useDeptPickerTree()
  const [keyword, setKeyword] = useState('')
  const tree = useMemo(() => {
    const k = keyword.trim()
    const list = k ? filterTree(data, (d) => d.name.includes(k)) : data
    return toTreeOptions(list, (d) => d.name)
  }, [data, keyword])
  const allKeys = useMemo(() => flatten(data).map((d) => d.id), [data])

  return (
    <Card variant="borderless" size="small" title="部门" style={{ height: '100%' }}>
      <Input.Search placeholder="搜索部门" allowClear onChange={(e) => setKeyword(e.target.value)} style={{ marginBottom: 8 }} />
      {isLoading ? (
        <Spin />
      ) : tree.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无部门" />
      ) : (
        <Tree
          blockNode
          treeData={tree}
          defaultExpandedKeys={allKeys}
          selectedKeys={value === null ? [] : [value]}
          onSelect={(keys) => onChange(keys.length > 0 ? Number(keys[0]) : null)}
        />
      )}
    </Card>
  )
}
