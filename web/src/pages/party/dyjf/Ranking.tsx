import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Empty, Space, Table } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import type { Rank } from '@/api/generated/points'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { useOrgForest } from '@/components/org/org'
import { serverPager } from '@/components/pagerTotal'
import YearSelect from '@/components/YearSelect'
import { listRanking, PAGE_SIZE } from './api'

/**
 * 积分排名: the members of a branch or a 二级党委 (with its branches) ranked by the year's total, ranked
 * and paged on the server; it opens on the caller's topmost organisation.
 */
export default function Ranking() {
  const forest = useOrgForest()
  const [chosen, setChosen] = useState<number | null>(null)
  const orgId = chosen ?? forest.data?.[0]?.id ?? null
  const [year, setYear] = useState(dayjs().year())
  const [page, setPage] = useState(1)
  const q = useQuery({ queryKey: ['jf', 'ranking', orgId, year, page], placeholderData: keepPreviousData, enabled: orgId != null,
    queryFn: () => listRanking(orgId as number, year, page - 1) })
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <OrgTreeSelect value={orgId} allowClear={false} style={{ width: 280 }} onChange={(v) => { setChosen(v as number); setPage(1) }} />
        <YearSelect value={year} onChange={(y) => { setYear(y); setPage(1) }} past={5} />
      </Space>
      <Table<Rank>
        rowKey="memberId"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content ?? []}
        locale={{ emptyText: <Empty description={`该党组织${year}年度暂无积分`} /> }}
        pagination={serverPager(page, setPage, PAGE_SIZE, q.data, { unit: '人' })}
        columns={[
          { title: '名次', dataIndex: 'rank', width: 80 },
          { title: '党员', dataIndex: 'memberName', width: 120 },
          { title: '党组织', dataIndex: 'orgName' },
          { title: '年度积分', dataIndex: 'points', width: 100 },
        ]}
      />
    </>
  )
}
