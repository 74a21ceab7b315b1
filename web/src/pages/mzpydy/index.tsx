import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Empty, List, Spin, Tag, Typography } from 'antd'
import { Link, useSearchParams } from 'react-router'
import { BALLOT_KIND } from '@/api/generated/appraisal'
import { mineRounds } from '@/components/ballot/api'
import BallotPage from '@/components/ballot/BallotPage'

/** The member's open appraisal votes (the engine's rounds on their roll), when /mzpydy is opened without ?round=. */
function MyVotes() {
  const q = useQuery({ queryKey: ['ballot', 'mine', BALLOT_KIND], queryFn: mineRounds, retry: false })
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  if (q.isError) return <Alert type="error" showIcon style={{ margin: 16 }} title="投票加载失败，请稍后重试" />
  const rounds = (q.data ?? []).filter((r) => r.kind === BALLOT_KIND)
  return (
    <div style={{ maxWidth: 640, margin: '0 auto', padding: 16 }}>
      <Card title="民主评议党员 · 投票">
        <List
          dataSource={rounds}
          locale={{ emptyText: <Empty description="暂无需要您参加的民主评议投票：支部开启投票后在此投票" /> }}
          renderItem={(r) => (
            <List.Item key={r.id} actions={[<Link key="go" to={`/mzpydy?round=${r.id}`}>{r.voted ? '查看' : '去投票'}</Link>]}>
              <Typography.Text>{r.title}</Typography.Text>
              {r.voted ? <Tag color="green" style={{ marginLeft: 8 }}>已投票</Tag> : <Tag color="orange" style={{ marginLeft: 8 }}>待投票</Tag>}
            </List.Item>
          )}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          <Link to="/mzpydy/self">填写个人总结</Link>
        </Typography.Paragraph>
      </Card>
    </div>
  )
}

/** 民主评议党员 (/mzpydy): the member's vote on their phone — the engine's ballot page for ?round=, else their open votes. */
export default function AppraisalVotePage() {
  const [params] = useSearchParams()
  return params.get('round') ? <BallotPage /> : <MyVotes />
}
