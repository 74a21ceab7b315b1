import { Typography, type TableColumnType } from 'antd'
import type { ReactNode } from 'react'

/**
 * The 姓名 column of a workflow list (发展党员, 组织关系转接): sortable, fixed left, the person's name a
 * link that opens the record; `extra` shows after the link (e.g. a tag for another stage).
 */
export function nameColumn<T extends { name: string }>(open: (record: T) => void, extra?: (record: T) => ReactNode): TableColumnType<T> {
  return {
    title: '姓名',
    dataIndex: 'name',
    key: 'name',
    width: 100,
    fixed: 'left',
    sorter: true,
    render: (name: string, r: T) => (
      <>
        <Typography.Link onClick={() => open(r)}>{name}</Typography.Link>
        {extra?.(r)}
      </>
    ),
  }
}
