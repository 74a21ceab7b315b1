import { useQuery } from '@tanstack/react-query'
import { Empty, List, Space, Typography } from 'antd'
import { memberResults } from './api'
import { GradeTag } from './RoundDetail'

/** 民主评议 on the member's detail: each year's grade and the votes per grade (GET /api/mzpy/member/{id}, mzpy:list, the caller's scope). */
export default function AppraisalTab({ memberId }: { memberId: number }) {
  const q = useQuery({ queryKey: ['dyjbxx', 'mzpy', memberId], queryFn: () => memberResults(memberId), retry: false })
  if (q.isLoading) return <List loading />
  if (!q.data) return <Empty description="民主评议记录加载失败" />
  return (
    <List
      size="small"
      dataSource={q.data}
      locale={{ emptyText: '暂无民主评议结果（预备党员参加评议但不评定等次）' }}
      renderItem={(r) => (
        <List.Item key={r.id}>
          <Space wrap>
            <span>{r.year} 年度</span>
            <GradeTag grade={r.grade} />
            <Typography.Text type="secondary">
              得票：优秀 {r.nExcellent}、合格 {r.nQualified}、基本合格 {r.nBasic}、不合格 {r.nUnqualified}
            </Typography.Text>
            <Typography.Text type="secondary">{r.orgName}</Typography.Text>
            {r.reason && <Typography.Text type="secondary">理由：{r.reason}</Typography.Text>}
            {r.followName && <Typography.Text type="warning">处置：{r.followName}{r.followNote && `（${r.followNote}）`}</Typography.Text>}
          </Space>
        </List.Item>
      )}
    />
  )
}
