import { PlusOutlined } from '@ant-design/icons'
import { Button, Popconfirm, Space, Tag, type TableProps } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { CrudTable, useCrud } from '@/components/crud'
import { useHasPermission } from '@/components/Permission'
import { useConfigStore } from '@/stores/config'
import { timeCell } from '@/components/format'
import FileImage from './components/FileImage'
import SchoolForm from './components/SchoolForm'
import { deleteSchools, fetchSchools } from './service'
import type { School } from './types'

/** 学校信息: the display identities (name, logo, footer); the schoolCode setting picks the current one. */
export default function SchoolPage() {
  const crud = useCrud<School>({ key: 'schools', fetch: fetchSchools })
  const current = useConfigStore((s) => s.school?.code)
  const canEdit = useHasPermission([PERM.schoolEdit])
  const [editing, setEditing] = useState<School | 'new' | null>(null)

  // The login page and the shell show the current school: reload it after a change.
  const changed = () => {
    crud.reload()
    void useConfigStore.getState().load()
  }

  const remove = async (s: School) => {
    try {
      await deleteSchools([s.id])
      ui.message.success('删除成功')
      changed()
    } catch {
      /* shown by the request pipeline */
    }
  }

  const columns: TableProps<School>['columns'] = [
    { title: '标志', dataIndex: 'logoFileId', width: 80, render: (id: number | null, s) => <FileImage id={id} alt={s.name} /> },
    { title: '学校代码', dataIndex: 'code', width: 140, sorter: true, render: (v: string) => (v === current ? <Space size={4}>{v}<Tag color="red">当前</Tag></Space> : v) },
    { title: '学校名称', dataIndex: 'name', sorter: true },
    { title: '标题前缀', dataIndex: 'titlePrefix' },
    { title: '页脚', dataIndex: 'footer', ellipsis: true },
    { title: '更新时间', dataIndex: 'updateTime', width: 170, render: timeCell },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, s) =>
        canEdit && (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing(s)}>
              编辑
            </Button>
            <Popconfirm
              title={`确定删除学校“${s.name}”吗？`}
              okText="确定"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              disabled={s.code === current}
              onConfirm={() => remove(s)}
            >
              <Button type="link" size="small" danger disabled={s.code === current} title={s.code === current ? '当前使用的学校不能删除' : undefined}>
                删除
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ]

  return (
    <>
      <CrudTable<School>
        crud={crud}
        columns={columns}
        searchFields={[{ name: 'blurry', label: '关键字', placeholder: '学校代码或名称' }]}
        toolbar={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增
            </Button>
          )
        }
      />
      {editing && <SchoolForm school={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onDone={changed} />}
    </>
  )
}
