import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Col, Row } from 'antd'
import { homeSummary } from '@/api/home'
import { PageSkeleton } from '@/components/LoadingSkeleton'
import WorkCard from '@/components/message/WorkCard'
import Charts from './Charts'
import KeyNumbers from './KeyNumbers'
import MeetingsCard from './MeetingsCard'
import RecentChanges from './RecentChanges'
import WarningList from './WarningList'

/** The home page of those who manage party data (home:view): every figure is the server's, for their scope. */
export default function Dashboard() {
  const summary = useQuery({ queryKey: ['home', 'summary'], queryFn: homeSummary })
  if (summary.isLoading) return <PageSkeleton />
  if (summary.isError || !summary.data) {
    return (
      <Alert
        type="error"
        showIcon
        title="首页统计加载失败"
        action={<Button onClick={() => void summary.refetch()}>重试</Button>}
        style={{ marginBottom: 16 }}
      />
    )
  }
  const s = summary.data
  return (
    <>
      {!s.scoped && (
        <Alert
          type="info"
          showIcon
          title="您的账号尚未关联党组织，统计为空"
          description="首页的数字来自您管理范围内的党组织和党员，请联系管理员为您的账号设置所在党组织。"
          style={{ marginBottom: 16 }}
        />
      )}
      <KeyNumbers s={s} />
      <Charts s={s} />
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          <WarningList s={s} />
          <MeetingsCard />
        </Col>
        <Col xs={24} xl={12}>
          <WorkCard />
          <RecentChanges s={s} />
        </Col>
      </Row>
    </>
  )
}
