import { PlusOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Card, Empty, Popconfirm, Space, type TableProps } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { CrudTable, useCrud } from '@/components/crud'
import Permission, { useHasPermission } from '@/components/Permission'
import { ENABLED_OPTIONS, enabledTag } from '@/components/format'
import { deleteDetails, detailFetcher } from '../service'
import type { Dict, DictDetail } from '../types'
import DetailForm from './DetailForm'

/** The values of the chosen dictionary. */
export default function DetailPane({ dict }: { dict: Dict | null }) {
  if (!dict) {
    return (
      <Card variant="borderless" title="字典值">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="点击左侧字典，查看和维护它的值" />
      </Card>
    )
  }
  return <Details key={dict.id} dict={dict} />
}

function Details({ dict }: { dict: Dict }) {
  const crud = useCrud<DictDetail>({ key: `dict-detail-${dict.name}`, fetch: detailFetcher(dict.name) })
  const client = useQueryClient()
  const canEdit = useHasPermission([PERM.dictEdit])
  const canDelete = useHasPermission([PERM.dictDel])
  const [editing, setEditing] = useState<DictDetail | 'new' | null>(null)

  // Pages read dictionaries through a session cache (useDicts): drop it so they see the change.
  const changed = () => {
    crud.reload()
    void client.invalidateQueries({ queryKey: ['dicts'] })
  }

  const remove = async (ids: number[]) => {
    await deleteDetails(ids)
    void client.invalidateQueries({ queryKey: ['dicts'] })
  }

  const columns: TableProps<DictDetail>['columns'] = [
    { title: '标签', dataIndex: 'label', sorter: true },
    { title: '值', dataIndex: 'value', sorter: true },
    { title: '排序', dataIndex: 'sort', width: 80, sorter: true },
    { title: '状态', dataIndex: 'enabled', width: 80, render: enabledTag },
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
              title={`确定删除字典值“${d.label}”吗？`}
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
    <div>
      <Card variant="borderless" size="small" title={`字典值：${dict.name}${dict.description ? `（${dict.description}）` : ''}`} styles={{ body: { padding: 0 } }}>
        <CrudTable<DictDetail>
          crud={crud}
          columns={columns}
          searchFields={[
            { name: 'blurry', label: '关键字', placeholder: '标签或值' },
            { name: 'enabled', label: '状态', type: 'select', options: ENABLED_OPTIONS },
          ]}
          toolbar={
            <Permission need={[PERM.dictAdd]}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                新增字典值
              </Button>
            </Permission>
          }
          onDelete={canDelete ? (ids) => remove(ids as number[]) : undefined}
        />
      </Card>
      {editing && <DetailForm dict={dict} detail={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onDone={changed} />}
    </div>
  )
}
