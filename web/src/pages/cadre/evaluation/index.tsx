import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Empty, List, Spin, Tag, Typography } from 'antd'
import { Link, useSearchParams } from 'react-router'
import { AccountBallot } from '@/components/ballot/BallotPage'
import { formatTime } from '@/utils/time'
import { myPapers, paperReports } from '../api'
import Reports from '../Reports'

const frame = { maxWidth: 720, margin: '0 auto', padding: 16 }

/** The caller's open papers: 去测评, or 已提交. */
function MyPapers() {
  const q = useQuery({ queryKey: ['gbkh', 'evaluation'], queryFn: myPapers, retry: false })
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  if (q.isError) return <Alert type="error" showIcon style={{ margin: 16 }} title="测评列表加载失败，请稍后重试" />
  return (
    <div style={frame}>
      <Card title="干部考核 · 测评">
        <List
          dataSource={q.data ?? []}
          locale={{ emptyText: <Empty description="暂无需要您参加的干部考核测评：组织者开始测评后，您所在名单的测评表会显示在这里" /> }}
          renderItem={(p) => (
            <List.Item key={p.ballotRoundId}
              actions={[p.voted ? <Tag key="done" color="green">已提交</Tag> : <Link key="go" to={`/cadre/evaluation?round=${p.ballotRoundId}`}>去测评</Link>]}>
              <List.Item.Meta
                title={p.roundName}
                description={`${p.unitName} · ${p.groupName} · ${p.cadres} 名干部${p.closesAt ? ` · ${formatTime(p.closesAt, 'YYYY-MM-DD HH:mm')} 截止` : ''}`}
              />
            </List.Item>
          )}
        />
      </Card>
    </div>
  )
}

/** One paper: the cadres' 述职报告 above the engine's ballot. */
function Paper({ round }: { round: number }) {
  const q = useQuery({ queryKey: ['gbkh', 'reports', round], queryFn: () => paperReports(round), retry: false })
  return (
    <>
      <div style={{ ...frame, paddingBottom: 0 }}>
        <Typography.Paragraph><Link to="/cadre/evaluation">返回测评列表</Link></Typography.Paragraph>
        <Typography.Title level={5}>述职报告</Typography.Title>
        {q.isLoading ? <Spin /> : q.data ? <Reports reports={q.data} /> : <Typography.Text type="secondary">述职报告暂时无法加载，不影响测评。</Typography.Text>}
      </div>
      <AccountBallot round={round} />
    </>
  )
}

/** 干部考核测评 (/cadre/evaluation, signed in): the caller's papers, or with ?round= one paper with the 述职报告. */
export default function EvaluationPage() {
  const [params] = useSearchParams()
  const round = Number(params.get('round'))
  return Number.isInteger(round) && round > 0 ? <Paper round={round} /> : <MyPapers />
}
