import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Col, Empty, List, Progress, Row, Spin, Statistic, Typography } from 'antd'
import type { EChartsCoreOption } from 'echarts/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Count, Workbench } from '@/api/generated/statsWorkbench'
import { workSummary } from '@/api/message'
import { get } from '@/api/request'
import EChart from '@/components/chart/EChart'
import { barOption, pieOption } from '@/pages/gb/fx/charts'

const getWorkbench = () => get<Workbench>('/api/dj/workbench')

/** The party-building cockpit (another page builds it; the workbench only links to its path). */
const COCKPIT = '/workbench/djjsc/zhdt'

/**
 * The lists behind the numbers. None of these pages reads a filter from the URL but 换届选举 (tab=due: its
 * 任期即将届满 list) and 消息 (tab=todo), so the others open unfiltered.
 */
const LINKS = {
  orgs: '/party/dzz',
  members: '/party/dyjbxx',
  todo: '/message/msginfo?tab=todo',
  terms: '/party/hjxj?tab=due',
  probation: '/develop/probationary',
  life: '/orglife/hytj',
  fees: '/dfgl/report',
} as const

/** Each development stage's list (发展党员 › 入党申请人 …). */
const STAGE_LINK: Record<string, string> = {
  applicant: '/develop/applicant',
  activist: '/develop/activist',
  target: '/develop/target',
  probationary: '/develop/probationary',
}

/** Each transfer kind's list (组织关系转接 › 转出 …). */
const TRANSFER_LINK: Record<string, string> = { out: '/zzgx/out', inside: '/zzgx/inside', in: '/zzgx/in' }

const cells = (cs: readonly Count[]) => cs.map((c) => ({ key: c.value, label: c.label, count: c.count }))

/** A rate in basis points as a percentage. */
const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`

/** A number that opens the list it counts. */
function Figure({ title, value, to, suffix }: { title: string; value: number | string; to: string; suffix?: string }) {
  return (
    <Link to={to} aria-label={`${title} ${value}`} className="workbench-figure">
      <Statistic title={title} value={value} suffix={suffix} />
    </Link>
  )
}

function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card size="small" title={title} extra={extra} style={{ height: '100%' }}>
      {children}
    </Card>
  )
}

/** 待办: how many items wait for the caller in the work lists, opening 全部待办. */
function Todos() {
  const q = useQuery({ queryKey: ['worklist', 'summary'], queryFn: () => workSummary(true) })
  return (
    <Section title="待办事项" extra={<Link to={LINKS.todo}>全部待办</Link>}>
      {q.isLoading ? (
        <Spin />
      ) : !q.data || q.data.total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有待办事项" />
      ) : (
        <>
          <Figure title="待办总数" value={q.data.total} to={LINKS.todo} suffix="件" />
          <List
            size="small"
            dataSource={q.data.groups.filter((g) => g.count > 0)}
            renderItem={(g) => (
              <List.Item extra={g.count}>
                <Link to={LINKS.todo}>{g.title}</Link>
              </List.Item>
            )}
          />
        </>
      )}
    </Section>
  )
}

function Chart({ title, label, option, empty }: { title: string; label: string; option: EChartsCoreOption; empty?: string }) {
  return (
    <Section title={title}>
      {empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> : <EChart label={label} option={option} height={240} />}
    </Section>
  )
}

/**
 * 党建工作台 (/workbench/dj/home, dj:workbench:navbar): the key numbers of the caller's data scope, the to-dos,
 * the due reminders (换届, 预备期), organisation life this period, fee collection, the development pipeline and
 * the member trend (members at each month's end, as the records stood then); each number opens the list behind it. Links to the party-building cockpit.
 */
export default function PartyWorkbenchPage() {
  const q = useQuery({ queryKey: ['dj', 'workbench'], queryFn: getWorkbench })
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '64px auto' }} />
  if (q.isError || !q.data)
    return <Alert type="error" showIcon title="党建工作台加载失败" action={<Button onClick={() => void q.refetch()}>重试</Button>} />
  const w = q.data
  const orgTypes = w.orgs.filter((o) => o.count > 0)
  const pipelineTotal = w.pipeline.reduce((n, p) => n + p.count, 0)
  const trendTotal = w.trend.reduce((n, p) => n + p.members, 0)
  return (
    <Row gutter={[16, 16]}>
      {!w.scoped && (
        <Col span={24}>
          <Alert type="info" showIcon title="您的数据范围内没有党组织，以下数字均为0；请联系管理员设置账号的所属党组织或数据范围" />
        </Col>
      )}
      <Col span={24}>
        <Section title="党建概况" extra={<Link to={COCKPIT}><Button type="primary" size="small">党建驾驶舱</Button></Link>}>
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6} xl={3}><Figure title="党组织" value={w.orgTotal} to={LINKS.orgs} suffix="个" /></Col>
            {orgTypes.map((o) => (
              <Col key={o.value} xs={12} md={6} xl={3}><Figure title={o.label} value={o.count} to={LINKS.orgs} suffix="个" /></Col>
            ))}
            <Col xs={12} md={6} xl={3}><Figure title="党员" value={w.members} to={LINKS.members} suffix="人" /></Col>
            <Col xs={12} md={6} xl={3}><Figure title="正式党员" value={w.full} to={LINKS.members} suffix="人" /></Col>
            <Col xs={12} md={6} xl={3}><Figure title="预备党员" value={w.probationary} to={LINKS.members} suffix="人" /></Col>
            {w.pipeline.filter((p) => p.value !== 'probationary').map((p) => (
              <Col key={p.value} xs={12} md={6} xl={3}><Figure title={p.label} value={p.count} to={STAGE_LINK[p.value] ?? '/develop/applicant'} suffix="人" /></Col>
            ))}
            {w.transfers.map((t) => (
              <Col key={t.value} xs={12} md={6} xl={3}><Figure title={`${t.label}中`} value={t.count} to={TRANSFER_LINK[t.value] ?? '/zzgx/out'} suffix="人" /></Col>
            ))}
          </Row>
        </Section>
      </Col>
      <Col xs={24} lg={8}>
        <Todos />
      </Col>
      <Col xs={24} lg={8}>
        <Section title="到期提醒">
          <Row gutter={[16, 16]}>
            <Col span={12}><Figure title={`${w.termDays}天内换届`} value={w.termsDue} to={LINKS.terms} suffix="个" /></Col>
            <Col span={12}><Figure title="已到期未换届" value={w.termsOverdue} to={LINKS.terms} suffix="个" /></Col>
            <Col span={12}><Figure title={`${w.probationDays}天内预备期满`} value={w.probationsDue} to={LINKS.probation} suffix="人" /></Col>
          </Row>
        </Section>
      </Col>
      <Col xs={24} lg={8}>
        <Section title="党费收缴" extra={<Link to={LINKS.fees}>党费报表</Link>}>
          <Row gutter={[16, 16]}>
            <Col span={12}>
              {w.feeYear.months === 0 ? (
                <Statistic title="本年收缴率" value="本年尚未启动收缴" />
              ) : (
                <Figure title="本年收缴率（按金额）" value={percent(w.feeYear.rateBp)} to={LINKS.fees} />
              )}
            </Col>
            <Col span={12}>
              {w.feeMonth.months === 0 ? (
                <Statistic title="本月收缴率" value="本月尚未启动收缴" />
              ) : (
                <Figure title="本月收缴率（按金额）" value={percent(w.feeMonth.rateBp)} to={LINKS.fees} />
              )}
            </Col>
          </Row>
        </Section>
      </Col>
      <Col xs={24} lg={12}>
        <Section title="组织生活完成情况（本期）" extra={<Link to={LINKS.life}>会议统计</Link>}>
          {w.life.items.every((i) => i.orgs === 0) ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="数据范围内没有需按期开展组织生活的党组织" />
          ) : (
            <List
              size="small"
              dataSource={w.life.items.filter((i) => i.orgs > 0)}
              renderItem={(i) => (
                <List.Item>
                  <div style={{ width: '100%' }}>
                    <Link to={LINKS.life} aria-label={`${i.name} ${i.done}/${i.orgs}`}>
                      {i.name}：已开展 {i.done} / {i.orgs} 个
                    </Link>
                    <Typography.Text type="secondary">（已计划 {i.planned}，未安排 {i.open}，本期截至 {i.periodEnd}）</Typography.Text>
                    <Progress percent={Math.round((i.done * 100) / i.orgs)} size="small" />
                  </div>
                </List.Item>
              )}
            />
          )}
          {w.life.missing > 0 && (
            <Typography.Text type="warning">今年已有 {w.life.missing} 个期次未按要求开展</Typography.Text>
          )}
        </Section>
      </Col>
      <Col xs={24} lg={12}>
        <Chart
          title="发展党员各阶段"
          label="发展党员各阶段人数"
          option={barOption(cells(w.pipeline))}
          empty={pipelineTotal === 0 ? '数据范围内没有进行中的发展党员记录' : undefined}
        />
      </Col>
      <Col xs={24} lg={12}>
        <Chart
          title={`近${w.trend.length}个月党员人数（月末）`}
          label="近月党员人数"
          option={barOption(w.trend.map((p) => ({ key: p.month, label: `${p.month.slice(0, 4)}年${Number(p.month.slice(5))}月`, count: p.members })))}
          empty={trendTotal === 0 ? `数据范围内近${w.trend.length}个月没有在册党员记录` : undefined}
        />
      </Col>
      <Col xs={24} lg={12}>
        <Chart
          title="党组织类型"
          label="党组织按类型统计"
          option={pieOption(cells(orgTypes))}
          empty={w.orgTotal === 0 ? '数据范围内没有党组织' : undefined}
        />
      </Col>
    </Row>
  )
}
