import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Table, Typography } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { ReportFailed } from '@/components/report/ReportPage'
import { serverPager } from '@/components/pagerTotal'
import { getIssues, type Issue, type IssueFilter } from './api'
import { KindTag } from './SummaryCards'

const SIZE = 20

/** The members with problems (of the kind chosen), a page at a time, each linked to the member's record. */
export default function IssueList({ filter }: { filter: IssueFilter }) {
  const [paged, setPaged] = useState({ filter, page: 1 })
  // A new filter starts again at its first page.
  const page = paged.filter.orgId === filter.orgId && paged.filter.kind === filter.kind ? paged.page : 1
  const q = useQuery({
    queryKey: ['sjjy', 'issues', filter, page],
    queryFn: () => getIssues(filter, page - 1, SIZE),
    placeholderData: keepPreviousData,
  })
  if (q.isError) return <ReportFailed what="问题清单" retry={() => void q.refetch()} />
  return (
    <Table<Issue>
      size="small"
      rowKey="memberId"
      loading={q.isFetching}
      dataSource={q.data?.content ?? []}
      locale={{ emptyText: '未发现需要处理的数据问题' }}
      pagination={serverPager(page, (p) => setPaged({ filter, page: p }), SIZE, q.data, { unit: '人' })}
      columns={[
        { key: 'name', title: '姓名', width: 100, render: (_, i) => <Link to={i.link}>{i.name}</Link> },
        { key: 'orgName', title: '所在党组织', dataIndex: 'orgName', width: 200, ellipsis: true },
        { key: 'partyStatus', title: '党籍状态', dataIndex: 'partyStatusLabel', width: 90 },
        { key: 'kinds', title: '问题类型', width: 200, render: (_, i) => i.kinds.map((k) => <KindTag key={k.kind} kind={k.kind} name={k.name} />) },
        { key: 'fields', title: '缺少的信息', width: 200, render: (_, i) => i.fields.join('、') || '—' },
        {
          key: 'details',
          title: '说明',
          render: (_, i) =>
            i.details.map((d) => (
              <Typography.Paragraph key={d} style={{ margin: 0 }}>
                {d}
              </Typography.Paragraph>
            )),
        },
      ]}
    />
  )
}
