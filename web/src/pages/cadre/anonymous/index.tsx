import { useQuery } from '@tanstack/react-query'
import { Button, Card, Result, Spin, Typography } from 'antd'
import { Link, useLocation, useSearchParams } from 'react-router'
import { useDocumentTitle } from '@/app/useDocumentTitle'
import { LinkBallot } from '@/components/ballot/BallotPage'
import { withQueryClient } from '@/components/withQueryClient'
import { LINK_INVALID, linkReports } from '../api'
import Reports from '../Reports'

const frame = { maxWidth: 720, margin: '0 auto', padding: 16 }

/** The link's landing: the cadres' 述职报告, then 开始测评. */
function Landing({ round, code }: { round: number; code: string }) {
  const q = useQuery({ queryKey: ['gbkh', 'link', round, code], queryFn: () => linkReports({ round, code }) })
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  if (q.isError || !q.data) return <Result status="warning" title={LINK_INVALID} />
  const next = `/cadre/anonymous/evaluation?round=${round}&code=${encodeURIComponent(code)}`
  return (
    <div style={frame}>
      <Card title="干部考核测评">
        <Typography.Paragraph type="secondary">请先阅读参评干部的述职报告，再开始测评。本链接只能提交一次，测评不记名。</Typography.Paragraph>
        <Reports reports={q.data} />
        <Link to={next}>
          <Button type="primary" size="large" block style={{ marginTop: 16 }}>开始测评</Button>
        </Link>
      </Card>
    </div>
  )
}

/**
 * 干部考核's one-time links (public, no sign-in, on a phone): /cadre/anonymous?round=&code= shows the 述职报告,
 * /cadre/anonymous/evaluation?round=&code= the engine's paper for that code (taken from the link, never typed).
 */
function AnonymousPage() {
  useDocumentTitle('干部考核测评')
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const round = Number(params.get('round'))
  const code = (params.get('code') ?? '').trim()
  if (!Number.isInteger(round) || round <= 0 || !code) return <Result status="warning" title={LINK_INVALID} />
  return pathname.endsWith('/evaluation') ? <LinkBallot round={round} code={code} invalid={LINK_INVALID} /> : <Landing round={round} code={code} />
}

export default withQueryClient(AnonymousPage)
