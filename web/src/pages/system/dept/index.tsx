import { useQueryClient } from '@tanstack/react-query'
import { PERM } from '@/api/permissions'
import { useState } from 'react'
import { actionColumn, AddButton, CrudTable, deleteAction, editAction, ResourceForm, RowActions, searchFieldsOf, useCrud, useResourceColumns } from '@/components/crud'
import { depts } from './resource'
import { deleteDepts } from './service'
import type { Dept } from './types'

/** 部门管理: the department tree within the user's data scope. */
export default function DeptPage() {
  const crud = useCrud<Dept>({ key: depts.key, fetch: depts.api.fetch, pageSize: 1000 })
  const client = useQueryClient()
  const columns = useResourceColumns(depts)
  const [editing, setEditing] = useState<{ dept: Dept | null; parentId: number | null } | null>(null)

  // Pickers elsewhere (users, roles) cache the tree: refresh them too.
  const changed = () => {
    crud.reload()
    void client.invalidateQueries({ queryKey: ['dept'] })
  }

  const actions = (d: Dept) => [
    { key: 'child', label: '新增下级', need: PERM.deptAdd, onClick: () => setEditing({ dept: null, parentId: d.id }) },
    editAction(PERM.deptEdit, () => setEditing({ dept: d, parentId: null })),
    // A department with children cannot go: the server refuses, so the button says so first.
    d.children?.length
      ? { key: 'del', label: '删除', need: PERM.deptDel, danger: true, disabled: true, tip: '请先删除下级部门', onClick: () => undefined }
      : deleteAction(PERM.deptDel, d.name, () => deleteDepts([d.id]), changed, { kind: '部门', note: '部门下还有用户时不能删除' }),
  ]

  return (
    <>
      <CrudTable<Dept>
        crud={crud}
        columns={[...columns, actionColumn<Dept>((d) => <RowActions actions={actions(d)} />, 220)]}
        searchFields={searchFieldsOf(depts, {})}
        toolbar={<AddButton need={PERM.deptAdd} onClick={() => setEditing({ dept: null, parentId: null })} />}
      />
      {editing && (
        <ResourceForm<Dept>
          resource={depts}
          record={editing.dept}
          initial={editing.dept ? undefined : { pid: editing.parentId }}
          onClose={() => setEditing(null)}
          onDone={changed}
        />
      )}
    </>
  )
}
