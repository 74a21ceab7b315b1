import { Col, Row, Tag, type TableProps } from 'antd'
import { PERM } from '@/api/permissions'
import { useState } from 'react'
import { actionColumn, AddButton, CrudTable, deleteAction, editAction, RowActions, useCrud } from '@/components/crud'
import { useHasPermission } from '@/components/Permission'
import { timeCell } from '@/components/format'
import MenuPermission from './components/MenuPermission'
import RoleForm from './components/RoleForm'
import { deleteRoles, fetchRoles, getRoleForEdit } from './service'
import { DATA_SCOPES, type Role } from './types'

const scopeLabel = (r: Role) => r.dataScopeLabel || DATA_SCOPES.find((s) => s.value === r.dataScope)?.label || r.dataScope

/** 角色管理: roles with level and data scope on the left, the chosen role's menu permissions on the right. */
export default function RolePage() {
  const crud = useCrud<Role>({ key: 'roles', fetch: fetchRoles })
  const canDelete = useHasPermission([PERM.roleDel])
  const [editing, setEditing] = useState<Role | 'new' | null>(null)
  const [current, setCurrent] = useState<Role | null>(null)

  const edit = async (r: Role) => {
    try {
      setEditing(await getRoleForEdit(r.id)) // the list leaves out the custom departments and organisations
    } catch {
      /* shown by the request pipeline */
    }
  }

  const removed = (r: Role) => {
    if (current?.id === r.id) setCurrent(null)
    crud.reload()
  }

  const columns: TableProps<Role>['columns'] = [
    {
      title: '名称',
      dataIndex: 'name',
      sorter: true,
      width: 150,
      render: (v: string, r) => (
        <>
          {v}
          {r.isSystem && (
            <Tag style={{ marginLeft: 6 }} title="系统内置角色，只能由超级管理员修改">
              内置
            </Tag>
          )}
        </>
      ),
    },
    { title: '级别', dataIndex: 'level', width: 75, sorter: true },
    { title: '数据范围', dataIndex: 'dataScope', width: 110, render: (_, r) => <Tag color={r.dataScope === 'ALL' ? 'red' : 'blue'}>{scopeLabel(r)}</Tag> },
    { title: '描述', dataIndex: 'description', ellipsis: true, render: (v: string) => <span title={v}>{v}</span> },
    { title: '创建时间', dataIndex: 'createTime', width: 170, sorter: true, render: timeCell },
    actionColumn<Role>(
      (r) => (
        <RowActions
          actions={[
            { key: 'menus', label: '分配菜单', onClick: () => setCurrent(r) },
            editAction(PERM.roleEdit, () => void edit(r), { hidden: !r.editable }),
            deleteAction(PERM.roleDel, r.name, () => deleteRoles([r.id]), () => removed(r), { kind: '角色', note: '仍有用户使用的角色不能删除', hidden: !r.editable }),
          ]}
        />
      ),
      190,
    ),
  ]

  return (
    <Row gutter={12}>
      <Col xs={24} xl={15}>
        <CrudTable<Role>
          crud={crud}
          columns={columns}
          searchFields={[{ name: 'blurry', label: '关键字', placeholder: '角色名称或描述' }]}
          toolbar={<AddButton need={PERM.roleAdd} onClick={() => setEditing('new')} />}
          onDelete={canDelete ? (ids) => deleteRoles(ids as number[]) : undefined}
          nameOf={(r) => r.name}
          noun="角色"
          scrollX={900}
        />
      </Col>
      <Col xs={24} xl={9}>
        <MenuPermission key={current?.id ?? 0} role={current} />
      </Col>
      {editing && <RoleForm role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onDone={crud.reload} />}
    </Row>
  )
}
