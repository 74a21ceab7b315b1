import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Empty, Input, Space, Table } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { downloadFile } from '@/api/file'
import type { PointsEntry } from '@/api/generated/points'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { useHasPermission } from '@/components/Permission'
import { serverPager } from '@/components/pagerTotal'
import YearSelect from '@/components/YearSelect'
import { ENTRIES_EXPORT_URL, listEntries, PAGE_SIZE } from './api'

/** 积分明细: the ledger of the caller's scope, each entry with its source, paged and filtered on the server. */
export default function Ledger() {
  const canExport = useHasPermission([PERM.jfExport])
  const [page, setPage] = useState(1)
  const [memberName, setMemberName] = useState('')
  const [year, setYear] = useState(dayjs().year())
  const filter = { memberName, year }
  const q = useQuery({ queryKey: ['jf', 'entries', page, memberName, year], placeholderData: keepPreviousData,
    queryFn: () => listEntries(page - 1, filter) })
  const exportAll = () =>
    void downloadFile(ENTRIES_EXPORT_URL, { memberName: memberName || undefined, year }, `${year}年度党员积分明细.xlsx`).catch(() => ui.message.error('导出失败，请稍后重试'))
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <YearSelect value={year} onChange={(y) => { setYear(y); setPage(1) }} past={5} />
        <Input.Search aria-label="党员姓名" placeholder="党员姓名" allowClear style={{ width: 220 }} onSearch={(v) => { setPage(1); setMemberName(v.trim()) }} />
        {canExport && <Button onClick={exportAll}>导出</Button>}
      </Space>
      <Table<PointsEntry>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content ?? []}
        locale={{ emptyText: <Empty description="暂无积分记录：会议结束或申报审核通过后自动记入" /> }}
        pagination={serverPager(page, setPage, PAGE_SIZE, q.data, { unit: '条' })}
        columns={[
          { title: '党员', dataIndex: 'memberName', width: 100 },
          { title: '党组织', dataIndex: 'orgName' },
          { title: '年度', dataIndex: 'year', width: 70 },
          { title: '类别', dataIndex: 'kindName', width: 120 },
          { title: '积分', dataIndex: 'points', width: 70, render: (p: number) => (p > 0 ? `+${p}` : p) },
          { title: '来源', dataIndex: 'text', render: (t: string, r) => (r.link ? <a href={`/web${r.link}`}>{t}</a> : t) },
          { title: '记录时间', dataIndex: 'createTime', width: 150, render: (t: string) => dayjs(t).format('YYYY-MM-DD HH:mm') },
        ]}
      />
    </>
  )
}
