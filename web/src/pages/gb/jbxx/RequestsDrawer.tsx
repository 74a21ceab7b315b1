import { App, Button, Drawer, Space, Table, Tag } from 'antd'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { RequestView } from '@/api/generated/cadre'
import ReasonDialog from '@/components/ReasonDialog'
import { accept, pendingRequests, reject, valueText } from './requests'

/** 变更申请: the items cadres proposed, each accepted (written, trailed as 本人申请变更) or rejected with a reason. */
export default function RequestsDrawer({ onClose, onChanged }: { onClose: () => void; onChanged: () => void }) {
  const { message } = App.useApp()
  const client = useQueryClient()
  const [page, setPage] = useState(1)
  const [rejecting, setRejecting] = useState<RequestView | null>(null)
  const q = useQuery({ queryKey: ['gbjbxx', 'requests', page], queryFn: () => pendingRequests(page, 20) })
  const done = () => {
    void client.invalidateQueries({ queryKey: ['gbjbxx', 'requests'] })
    onChanged()
  }
  return (
    <Drawer open size={900} title="干部信息变更申请（待审核）" onClose={onClose}>
      <Table<RequestView>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.content ?? []}
        locale={{ emptyText: '暂无待审核的变更申请：干部本人在“我的干部信息”中提出' }}
        pagination={{ current: page, pageSize: 20, total: q.data?.totalElements ?? 0, onChange: setPage }}
        columns={[
          { title: '干部', dataIndex: 'cadreName', width: 90 },
          { title: '变更项', dataIndex: 'what', width: 140, render: (w: string) => <Tag>{w}</Tag> },
          { title: '变更后内容', dataIndex: 'value', render: (v: unknown) => valueText(v) },
          { title: '申请理由', dataIndex: 'reason', width: 140 },
          { title: '申请时间', dataIndex: 'createTime', width: 170, render: (t: string) => t.slice(0, 19).replace('T', ' ') },
          {
            title: '操作',
            key: 'actions',
            width: 120,
            render: (_: unknown, r) => (
              <Space>
                <Button
                  type="link"
                  size="small"
                  onClick={async () => {
                    await accept(r.id)
                    message.success('已通过，信息已更新')
                    done()
                  }}
                >
                  通过
                </Button>
                <Button type="link" size="small" danger onClick={() => setRejecting(r)}>
                  驳回
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {rejecting && (
        <ReasonDialog
          title={`驳回：${rejecting.cadreName} ${rejecting.what}`}
          label="驳回理由"
          name="note"
          maxLength={500}
          send={(note) => reject(rejecting.id, note)}
          successText="已驳回"
          danger
          onClose={() => setRejecting(null)}
          onDone={done}
        />
      )}
    </Drawer>
  )
}
