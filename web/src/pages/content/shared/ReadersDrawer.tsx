import { Button, Drawer, Space, Table } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { get } from '@/api/request'
import { downloadFile } from '@/api/file'
import type { ItemView, Kind, Receipt } from '@/api/generated/content'
import { timeCell } from '@/components/format'
import { API_BASE } from './api'

/** 阅读情况: who opened a published item (one receipt a person), paged, and its export. */
export default function ReadersDrawer({ kind, item, onClose }: { kind: Kind; item: ItemView; onClose: () => void }) {
  const [page, setPage] = useState(0)
  const base = `${API_BASE[kind]}/${item.id}/readers`
  const { data, isLoading } = useQuery({
    queryKey: ['content-readers', kind, item.id, page],
    queryFn: () => get<{ content: Receipt[]; totalElements: number }>(base, { page, size: 10 }),
  })
  return (
    <Drawer open title={`阅读情况：${item.title}`} size={640} onClose={onClose}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space>
          <span>已读 {data?.totalElements ?? 0} 人</span>
          <Button size="small" onClick={() => void downloadFile(`${base}/export`, undefined, '阅读情况.xlsx')}>
            导出
          </Button>
        </Space>
        <Table<Receipt>
          rowKey="userId"
          loading={isLoading}
          dataSource={data?.content ?? []}
          pagination={{ current: page + 1, total: data?.totalElements ?? 0, pageSize: 10, onChange: (p) => setPage(p - 1) }}
          columns={[
            { title: '姓名', dataIndex: 'readerName' },
            { title: '所在党组织', dataIndex: 'orgName' },
            { title: '阅读时间', dataIndex: 'readTime', render: timeCell },
          ]}
        />
      </Space>
    </Drawer>
  )
}
