import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Col, Empty, List, Row, Space, Spin, Statistic, Tag, Typography } from 'antd'
import { Link } from 'react-router'
import type { Workbench } from '@/api/generated/gbanalysis'
import { get } from '@/api/request'
import { workSummary } from '@/api/message'
import EChart from '@/components/chart/EChart'
import Permission from '@/components/Permission'
import { PERM } from '@/api/permissions'
import { chartOption } from '@/pages/gb/fx/charts'

const getWorkbench = () => get<Workbench>('/api/gb/workbench')

const NUMBERS = [
  ['total', '现任干部'],
  ['school', '校领导'],
  ['division', '处级干部'],
  ['section', '科级干部'],
  ['women', '女干部'],
  ['cpc', '中共党员'],
  ['under40', '40岁及以下'],
] as const

/** 待办: the caller's work lists with their counts (the same lists as the 待办 badge). */
function Todos() {
  const q = useQuery({ queryKey: ['worklist', 'summary'], queryFn: () => workSummary(true) })
  return (
    <Card size="small" title="待办事项" extra={<Link to="/message/msginfo">全部</Link>}>
      {q.isLoading ? (
        <Spin />
      ) : !q.data || q.data.total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有待办事项" />
      ) : (
        <List
          size="small"
          dataSource={q.data.groups.filter((g) => g.count > 0)}
          renderItem={(g) => (
            <List.Item extra={<Tag color="blue">{g.count}</Tag>}>
              <Link to="/message/msginfo">{g.title}</Link>
            </List.Item>
          )}
        />
      )}
    </Card>
  )
}

/**
 * 干部工作台 (/workbench/gb/home): the cadre team's key numbers and charts, the reminders due (types 1–6,
 * each by its rule's window) with the nearest of them, and the caller's to-dos; links to 干部分析 and
 * 干部提醒, and to the cadre cockpit (干部驾驶舱, for holders of gbjsc:view).
 */
export default function CadreWorkbenchPage() {
  const q = useQuery({ queryKey: ['gb', 'workbench'], queryFn: getWorkbench })
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '64px auto' }} />
  if (q.isError || !q.data)
    return <Alert type="error" showIcon title="干部工作台加载失败" action={<Button onClick={() => void q.refetch()}>重试</Button>} />
  const w = q.data
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card
          size="small"
          title="干部队伍"
          extra={
            <Space>
              <Permission need={[PERM.gbjscView]}>
                <Link to="/workbench/gbjsc/zhdt">干部驾驶舱</Link>
              </Permission>
              <Link to="/gb/fx">干部分析</Link>
            </Space>
          }
        >
          <Row gutter={16}>
            {NUMBERS.map(([key, title]) => (
              <Col key={key} xs={12} md={6} xl={3}>
                <Statistic title={title} value={w.numbers[key]} suffix="人" />
              </Col>
            ))}
            <Col xs={12} md={6} xl={3}>
              <Statistic title="平均年龄" value={w.numbers.averageAge} precision={1} suffix="岁" />
            </Col>
          </Row>
        </Card>
      </Col>
      <Col xs={24} xl={16}>
        <Card size="small" title={`到期提醒（${w.dueTotal}）`} extra={<Link to="/gb/tx">全部提醒</Link>}>
          <Row gutter={[8, 8]} style={{ marginBottom: 12 }}>
            {w.dueByType.map((t) => (
              <Col key={t.type} xs={12} md={8}>
                <Statistic title={t.name.replace(/提醒$/, '')} value={t.count} suffix="人" />
              </Col>
            ))}
          </Row>
          {w.due.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="提醒期内没有到期的干部" />
          ) : (
            <List
              size="small"
              dataSource={w.due}
              renderItem={(d) => (
                <List.Item extra={<Typography.Text type="secondary">{d.dueOn}</Typography.Text>}>
                  <Tag>{d.typeName.replace(/提醒$/, '')}</Tag>
                  <Link to={`/gb/jbxx?id=${d.cadreId}`}>{d.title}</Link>
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Todos />
      </Col>
      {w.numbers.total === 0 ? (
        <Col span={24}>
          <Empty description="管理范围内没有现任干部，录入干部信息后这里显示队伍结构" />
        </Col>
      ) : (
        w.dimensions.map((d) => (
          <Col key={d.key} xs={24} lg={12} xl={6}>
            <Card size="small" title={`按${d.title}`}>
              <EChart label={`干部按${d.title}统计`} option={chartOption(d.key, d.cells)} height={220} />
            </Card>
          </Col>
        ))
      )}
    </Row>
  )
}
