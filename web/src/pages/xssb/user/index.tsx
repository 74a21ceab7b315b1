import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Col, Empty, List, Progress, Row, Space, Spin, Statistic, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { Link } from 'react-router'
import type { My } from '@/api/generated/hours'
import YearSelect from '@/components/YearSelect'
import { myHours } from '@/pages/dx/xssb/api'

/** The share of the year's target done, in percent (a learner, held to none, is shown complete). */
export function percentOf(my: Pick<My, 'target' | 'total'>): number {
  return my.target > 0 ? Math.min(100, Math.round((my.total / my.target) * 100)) : 100
}

/**
 * 我的学时 (/xssb/active/user): the member's own class hours of a year — online (the nodes credited in the courses)
 * plus approved offline study — against RULES.md §4 (32, or 56 for a secretary or committee member). A learner
 * (入党申请人, 积极分子 …) is not held to it and sees their credits only. One column on a phone.
 */
export default function MyHours() {
  const [year, setYear] = useState(dayjs().year())
  const q = useQuery({ queryKey: ['xs', 'my', year], queryFn: () => myHours(year) })
  const my = q.data
  return (
    <div style={{ padding: 16, maxWidth: 960, margin: '0 auto' }}>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>我的学时</Typography.Title>
        <YearSelect value={year} onChange={setYear} past={5} />
      </Space>
      <Spin spinning={q.isFetching}>
        {q.isError && <Empty description="学时加载失败，请稍后刷新" />}
        {my && (
          <>
            {my.learner
              ? <Alert type="info" showIcon style={{ marginBottom: 12 }} message="入党申请人、积极分子等学员不计年度学时要求" />
              : (
                <Card style={{ marginBottom: 12 }}>
                  <Space direction="vertical" style={{ width: '100%' }}>
                    <Space wrap>
                      <Typography.Text>{my.year}年度学时要求：{my.target}学时{my.leader ? '（党组织书记、委员）' : ''}</Typography.Text>
                      {my.met ? <Tag color="success">已达标</Tag> : <Tag color="warning">未达标，尚差 {Math.round((my.target - my.total) * 10) / 10} 学时</Tag>}
                    </Space>
                    <Progress percent={percentOf(my)} status={my.met ? 'success' : 'active'} />
                  </Space>
                </Card>
              )}
            <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
              <Col xs={8}><Card size="small"><Statistic title="线上学时" value={my.online} /></Card></Col>
              <Col xs={8}><Card size="small"><Statistic title="线下学时" value={my.offline} /></Card></Col>
              <Col xs={8}><Card size="small"><Statistic title="合计" value={my.total} /></Card></Col>
            </Row>
            <Card size="small" title="线上课程学时" style={{ marginBottom: 12 }} extra={<Link to="/pschool/party/center">去学习</Link>}>
              <List size="small" dataSource={my.nodes} locale={{ emptyText: `${my.year}年度暂无已完成的课程内容` }}
                renderItem={(n) => (
                  <List.Item extra={`${n.hours} 学时`}>
                    <List.Item.Meta title={n.nodeTitle} description={`${n.courseTitle} · ${n.creditedOn}`} />
                  </List.Item>
                )} />
            </Card>
            <Card size="small" title="线下学习学时（已审核通过）">
              <List size="small" dataSource={my.records} locale={{ emptyText: `${my.year}年度暂无审核通过的线下学习` }}
                renderItem={(r) => (
                  <List.Item extra={`${r.hours} 学时`}>
                    <List.Item.Meta title={r.title} description={`${r.formName} · ${r.studiedOn}`} />
                  </List.Item>
                )} />
            </Card>
          </>
        )}
      </Spin>
    </div>
  )
}
