import { PlusOutlined } from '@ant-design/icons'
import { Button, Col, Popconfirm, Row, Space, Typography, type TableProps } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { CrudTable, useCrud } from '@/components/crud'
import Permission, { useHasPermission } from '@/components/Permission'
import DetailPane from './components/DetailPane'
import DictForm from './components/DictForm'
import { deleteDicts, fetchDicts } from './service'
import type { Dict } from './types'

/** 字典管理: dictionaries on the left, the chosen one's values on the right. */
export default function DictPage() {
  const crud = useCrud<Dict>({ key: 'dicts-admin', fetch: fetchDicts })
  const canEdit = useHasPermission([PERM.dictEdit])
  const canDelete = useHasPermission([PERM.dictDel])
  const [editing, setEditing] = useState<Dict | 'new' | null>(null)
  const [current, setCurrent] = useState<Dict | null>(null)

  const remove = async (ids: number[]) => {
    await deleteDicts(ids)
    if (current && ids.includes(current.id)) setCurrent(null)
  }

  const columns: TableProps<Dict>['columns'] = [
    {
      title: '字典名称',
      dataIndex: 'name',
      sorter: true,
      render: (v: string, d) => (
        <Typography.Link strong={current?.id === d.id} onClick={() => setCurrent(d)}>
          {v}
        </Typography.Link>
      ),
    },
    { title: '描述', dataIndex: 'description', ellipsis: true },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, d) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditing(d)}>
              编辑
            </Button>
          )}
          {canDelete && (
            <Popconfirm
              title={`确定删除字典“${d.name}”吗？`}
              description="字典的值会一并删除；系统内置字典不能删除"
              okText="确定"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove([d.id]).then(
                  () => {
                    ui.message.success('删除成功')
                    crud.reload()
                  },
                  () => undefined,
                )
              }
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ]

  return (
    <Row gutter={12}>
      <Col xs={24} xl={10}>
        <CrudTable<Dict>
          crud={crud}
          columns={columns}
          searchFields={[{ name: 'blurry', label: '关键字', placeholder: '名称或描述' }]}
          toolbar={
            <Permission need={[PERM.dictAdd]}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                新增字典
              </Button>
            </Permission>
          }
          onDelete={canDelete ? (ids) => remove(ids as number[]) : undefined}
        />
      </Col>
      <Col xs={24} xl={14}>
        <DetailPane dict={current} />
      </Col>
      {editing && (
        <DictForm
          dict={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            crud.reload()
            if (editing !== 'new' && current?.id === editing.id) setCurrent(null)
          }}
        />
      )}
    </Row>
  )
}
