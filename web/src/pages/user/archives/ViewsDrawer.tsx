import { useQuery } from '@tanstack/react-query'
import { Drawer, Table } from 'antd'
import { useState } from 'react'
import { timeCell } from '@/components/format'
import { serverPager } from '@/components/pagerTotal'
import { shareViews, type ShareView, type ViewLog } from './service'

const PAGE_SIZE = 10

/** 查看记录: who opened a share's file and when, newest first, paged. */
export default function ViewsDrawer({ share, onClose }: { share: ShareView; onClose: () => void }) {
  const [page, setPage] = useState(1)
  const q = useQuery({ queryKey: ['archives', 'shareViews', share.id, page], queryFn: () => shareViews(share.id, page - 1, PAGE_SIZE) })
  return (
    <Drawer open title={`查看记录：${share.fileName}`} size={520} onClose={onClose}>
      <Table<ViewLog>
        size="small"
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.content ?? []}
        columns={[
          { title: '查看人', dataIndex: 'viewerName' },
          { title: '查看时间', dataIndex: 'viewTime', render: timeCell },
        ]}
        locale={{ emptyText: '还没有人查看过该文件' }}
        pagination={serverPager(page, setPage, PAGE_SIZE, q.data, { unit: '次' })}
      />
    </Drawer>
  )
}
