import { Button, Empty, Table, Tag, Tooltip } from 'antd'
import { useState } from 'react'
import type { Perm } from '@/api/permissions'
import Permission, { useHasPermission } from '@/components/Permission'
import { idOf, titleOf, type Resource } from './resource'
import ResourceForm from './ResourceForm'
import { useResourceColumns } from './resourceColumns'
import RowActions, { actionColumn } from './RowActions'
import { deleteAction, editAction } from './rowActionsOf'
import { useCrud } from './useCrud'

interface Props<T> {
  /** Its api reads the whole list (wholeList), saves with create/update and deletes with remove. */
  resource: Resource<T>
  /** Who may add, edit and delete: holders of one of these. */
  need: Perm[]
  /** The values a new record starts with. */
  initial?: Record<string, unknown>
  /** What is deleted, in the confirmation (确定删除{kind}“name”吗？, the name by the resource's titleOf). */
  deleteKind?: string
  /** After a save or a delete, besides the list's own reload (e.g. the record it belongs to). */
  onChanged?: () => void
  /**
   * A row kept by something else (a training the party school wrote): its tag and why it cannot be edited or deleted
   * here, shown instead of the row's 编辑 and 删除 (the server refuses them too); undefined for a row of the list's own.
   */
  locked?: (row: T) => { tag: string; why: string } | undefined
}

/**
 * A short list kept under something (a record's reviews, the number ranges), declared as a resource: 新增{noun}
 * above an unpaged table of its columns, 编辑 and 删除 on each row, the form in a dialog (编辑{noun} / 新增{noun}).
 */
export default function ChildTable<T extends object>({ resource: res, need, initial, deleteKind, onChanged, locked }: Props<T>) {
  const crud = useCrud<T>({ key: res.key, fetch: res.api.fetch })
  const canEdit = useHasPermission(need)
  const columns = useResourceColumns(res)
  const [editing, setEditing] = useState<T | 'new' | null>(null)
  const changed = () => {
    crud.reload()
    onChanged?.()
  }
  const actions = (row: T) => [
    editAction(undefined, () => setEditing(row)),
    deleteAction(undefined, titleOf(res, row), () => res.api.remove!([idOf(row)]), changed, { kind: deleteKind }),
  ]
  return (
    <>
      <Permission need={need}>
        <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing('new')}>
          新增{res.noun}
        </Button>
      </Permission>
      <Table<T>
        rowKey="id"
        size="small"
        loading={crud.loading}
        dataSource={crud.rows}
        pagination={false}
        scroll={{ x: res.scrollX ?? 720 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={res.emptyText} /> }}
        columns={canEdit ? [...columns, actionColumn<T>((row) => <ChildRowActions lock={locked?.(row)} actions={actions(row)} />, 120)] : columns}
      />
      {editing && (
        <ResourceForm<T>
          resource={{ ...res, form: { dialog: true, ...res.form } }}
          record={editing === 'new' ? null : editing}
          initial={editing === 'new' ? initial : undefined}
          title={`${editing === 'new' ? '新增' : '编辑'}${res.noun}`}
          onClose={() => setEditing(null)}
          onDone={changed}
        />
      )}
    </>
  )
}

/** A row's 编辑 and 删除, or, for a row kept elsewhere, its tag with the reason in a tooltip. */
function ChildRowActions({ lock, actions }: { lock?: { tag: string; why: string }; actions: Parameters<typeof RowActions>[0]['actions'] }) {
  if (lock)
    return (
      <Tooltip title={lock.why}>
        <Tag>{lock.tag}</Tag>
      </Tooltip>
    )
  return <RowActions actions={actions} />
}
