import { useEffect, useState } from 'react'
import { Table, Tabs, Input, Empty } from 'antd'
import { get } from '@/api/request'
import type { Page } from '@/api/request'

/** One ledger entry as GET /api/jf/entries answers it. */
export interface PointsEntry {
  id: number
  memberName: string
  orgName: string
  year: number
  points: number
  kindName: string
  text: string
  link: string
  createTime: string
}

const PAGE_SIZE = 20

/** 积分明细: the ledger of the caller's scope, each entry with its source, paged on the server. */
function Ledger() {
  const [page, setPage] = useState(0)
  const [name, setName] = useState('')
  const [data, setData] = useState<Page<PointsEntry>>()
  useEffect(() => {
    void get<Page<PointsEntry>>('/api/jf/entries', { page, size: PAGE_SIZE, memberName: name || undefined }).then(setData)
  }, [page, name])
  return (
    <>
      <Input.Search placeholder="党员姓名" allowClear style={{ width: 240, marginBottom: 12 }} onSearch={(v) => { setPage(0); setName(v) }} />
      <Table<PointsEntry>
        rowKey="id"
        dataSource={data?.content ?? []}
        locale={{ emptyText: <Empty description="暂无积分记录：会议结束或申报审核通过后自动记入" /> }}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: data?.totalElements ?? 0, onChange: (p) => setPage(p - 1) }}
        columns={[
          { title: '党员', dataIndex: 'memberName' },
          { title: '党组织', dataIndex: 'orgName' },
          { title: '年度', dataIndex: 'year' },
          { title: '类别', dataIndex: 'kindName' },
          { title: '积分', dataIndex: 'points' },
          { title: '来源', dataIndex: 'text', render: (t: string, r) => (r.link ? <a href={`/web${r.link}`}>{t}</a> : t) },
        ]}
      />
    </>
  )
}

/** 党员积分: the ledger of the caller's scope. */
export default function PointsPage() {
  return <Tabs items={[{ key: 'ledger', label: '积分明细', children: <Ledger /> }]} />
}
