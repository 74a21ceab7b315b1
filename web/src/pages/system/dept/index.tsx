import { PlusOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Popconfirm, Space, Tooltip, type TableProps } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { CrudTable, useCrud } from '@/components/crud'
import Permission, { useHasPermission } from '@/components/Permission'
import { ENABLED_OPTIONS, enabledTag, timeCell } from '@/components/format'
import DeptForm from './components/DeptForm'
import { deleteDepts, fetchDepts } from './service'
import type { Dept } from './types'

/** 部门管理: the department tree within the user's data scope. */
export default function DeptPage() {
  const crud = useCrud<Dept>({ key: 'depts', fetch: fetchDepts, pageSize: 1000 })
  const client = useQueryClient()
  const canAdd = useHasPermission([PERM.deptAdd])
  const canEdit = useHasPermission([PERM.deptEdit])
  const canDelete = useHasPermission([PERM.deptDel])
  const [editing, setEditing] = useState<{ dept: Dept | null; parentId: number | null } | null>(null)

  // Pickers elsewhere (users, roles) cache the tree: refresh them too.
  const changed = () => {
    crud.reload()
    void client.invalidateQueries({ queryKey: ['dept'] })
  }

  const remove = async (d: Dept) => {
    try {
      await deleteDepts([d.id])
      ui.message.success('删除成功')
      changed()
    } catch {
      /* e.g. 还有用户, shown by the request pipeline */
    }
  }

  const columns: TableProps<Dept>['columns'] = [
    { title: '部门名称', dataIndex: 'name' },
    { title: '排序', dataIndex: 'sort', width: 90 },
    { title: '状态', dataIndex: 'enabled', width: 90, render: enabledTag },
    { title: '创建时间', dataIndex: 'createTime', width: 180, render: timeCell },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      render: (_, d) => {
        const hasChildren = !!d.children && d.children.length > 0
        return (
          <Space size={0}>
            {canAdd && (
              <Button type="link" size="small" onClick={() => setEditing({ dept: null, parentId: d.id })}>
                新增下级
              </Button>
            )}
            {canEdit && (
              <Button type="link" size="small" onClick={() => setEditing({ dept: d, parentId: null })}>
                编辑
              </Button>
            )}
            {canDelete &&
              (hasChildren ? (
                <Tooltip title="请先删除下级部门">
                  <Button type="link" size="small" danger disabled>
                    删除
                  </Button>
                </Tooltip>
              ) : (
                <Popconfirm
                  title={`确定删除部门“${d.name}”吗？`}
                  description="部门下还有用户时不能删除"
                  okText="确定"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(d)}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              ))}
          </Space>
        )
      },
    },
  ]

  return (
    <>
      <CrudTable<Dept>
        crud={crud}
        columns={columns}
        searchFields={[
          { name: 'name', label: '部门名称' },
          { name: 'enabled', label: '状态', type: 'select', options: ENABLED_OPTIONS },
        ]}
        toolbar={
          <Permission need={[PERM.deptAdd]}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ dept: null, parentId: null })}>
              新增
            </Button>
          </Permission>
        }
      />
      {editing && <DeptForm dept={editing.dept} parentId={editing.parentId} onClose={() => setEditing(null)} onDone={changed} />}
    </>
  )
}
