import { Button, Empty, Table, type TableColumnType } from 'antd'
import type { Perm } from '@/api/permissions'
import Permission from '@/components/Permission'

interface Props<T> {
  rows: readonly T[] | undefined
  loading: boolean
  columns: TableColumnType<T>[]
  /** Why the list is empty (what belongs in it). */
  emptyText: string
  /** The 新增 button, for holders of one of `need`. */
  addLabel: string
  need: Perm[]
  onAdd: () => void
  scrollX?: number
}

/** A short list kept under something (a record's reviews, the number ranges): 新增 above an unpaged table. */
export default function ChildList<T extends { id: number }>({ rows, loading, columns, emptyText, addLabel, need, onAdd, scrollX = 720 }: Props<T>) {
  return (
    <>
      <Permission need={need}>
        <Button type="primary" style={{ marginBottom: 12 }} onClick={onAdd}>
          {addLabel}
        </Button>
      </Permission>
      <Table<T>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows ?? []}
        pagination={false}
        scroll={{ x: scrollX }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
        columns={columns}
      />
    </>
  )
}
