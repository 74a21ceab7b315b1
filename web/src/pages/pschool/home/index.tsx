import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Col, Empty, Flex, Grid, Pagination, Progress, Row, Skeleton, Space, Tag, Typography } from 'antd'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { MyExam } from '@/api/generated/exam'
import type { MyBatch } from '@/api/generated/pschool'
import { formatTime } from '@/utils/time'
import { HOURS_REPORT_PATH, myBatches, myCertificate, myCourses, myHours, nodePath } from '../api'
import { CENTER_PATH as EXAM_CENTER_PATH, myExams } from '../exam/api'
import BatchDetail from './BatchDetail'

/** The study centre (all published courses), linked both ways with this home. */
export const STUDY_CENTER_PATH = '/pschool/party/center'
const COURSES_SIZE = 5
const EXAMS_SHOWN = 5
const MINUTE = 'YYYY-MM-DD HH:mm'

const EXAM_STATUS: Record<MyExam['status'], { label: string; color: string; order: number }> = {
  open: { label: '进行中', color: 'processing', order: 0 },
  upcoming: { label: '未开始', color: 'default', order: 1 },
  done: { label: '已结束', color: 'success', order: 2 },
}

/** A batch's dates as one line (either may be unset while the batch is a draft). */
export const datesOf = (b: MyBatch['batch']) => `${b.startOn ?? '待定'} 至 ${b.endOn ?? '待定'}`

/** One section of the home: a card with its title, a link on the right, and its loading state. */
function Section({ title, extra, loading, children }: { title: string; extra?: ReactNode; loading?: boolean; children: ReactNode }) {
  return (
    <Card size="small" title={title} extra={extra} style={{ height: '100%' }}>
      {loading ? <Skeleton active paragraph={{ rows: 2 }} /> : children}
    </Card>
  )
}

/** A requirement of a batch and whether the learner met it. */
function Requirement({ label, met, children }: { label: string; met: boolean; children: ReactNode }) {
  return (
    <div>
      <Typography.Text type="secondary">{label}：</Typography.Text>
      {children} {met ? <Tag color="success">已达到</Tag> : <Tag color="warning">未达到</Tag>}
    </div>
  )
}

/** One of my batches: its requirements, what I met and why not, its 结业 and certificate. */
function BatchCard({ m, onOpen }: { m: MyBatch; onOpen: () => void }) {
  const { batch: b, progress: p } = m
  const completed = p.state === 'completed'
  const reasons = p.reasons ?? []
  return (
    <Card size="small" type="inner" style={{ marginBottom: 12 }}
      title={<Space wrap size={4}><span>{b.title}</span><Tag color="blue">{b.typeName}</Tag></Space>}
      extra={<Button type="link" size="small" onClick={onOpen}>详情</Button>}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {m.schoolName} · {datesOf(b)} · 培训班{b.stateName}
      </Typography.Paragraph>
      <Space orientation="vertical" size={2} style={{ width: '100%' }}>
        <Requirement label="出勤" met={p.attendanceMet}>{p.attendPct}%（要求不低于 {b.attendPct}%）</Requirement>
        <Requirement label="学时" met={p.hoursMet}>
          {p.totalHours} / {b.hours} 学时（线下 {p.hoursAttended}，线上 {p.onlineHours}）
        </Requirement>
        {b.examId !== null && (
          <Requirement label="考试" met={p.examMet}>
            {p.exam ? `${p.exam.score} 分${p.exam.graded ? (p.exam.passed ? '，及格' : '，不及格') : '，简答题阅卷中'}` : '尚未参加'}
          </Requirement>
        )}
      </Space>
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginTop: 8 }}>
        <Space wrap size={4}>
          <Typography.Text strong>结业：</Typography.Text>
          <Tag color={completed ? 'success' : p.state === 'failed' ? 'error' : 'default'}>{p.stateName}</Tag>
          {completed && <Typography.Text type="secondary">{p.completedOn} · 证书编号 {p.certificateNo}</Typography.Text>}
        </Space>
        {completed && <Button size="small" onClick={() => void myCertificate(b.id, b.title)}>下载结业证书</Button>}
      </Flex>
      {!completed && reasons.length > 0 && (
        <Alert type="info" showIcon style={{ marginTop: 8 }} title={`尚未达到结业要求：${reasons.join('；')}`} />
      )}
      {p.state === 'failed' && p.reason && <Alert type="warning" showIcon style={{ marginTop: 8 }} title={`未结业原因：${p.reason}`} />}
    </Card>
  )
}

/** 我的学时: this year's total against the target; a quiet line when the report cannot answer. */
function Hours({ year }: { year: number }) {
  const q = useQuery({ queryKey: ['xssb', 'my', year], queryFn: () => myHours(year), retry: false })
  const h = q.data
  return (
    <Section title={`我的学时（${year} 年）`} loading={q.isPending} extra={<Link to={HOURS_REPORT_PATH}>学时报表</Link>}>
      {q.isError || !h ? (
        <Typography.Text type="secondary">学时数据暂不可用，请稍后再看</Typography.Text>
      ) : (
        <>
          <Flex align="baseline" gap={8} wrap>
            <Typography.Text strong style={{ fontSize: 20 }}>{h.total}</Typography.Text>
            <Typography.Text type="secondary">/ {h.target} 学时</Typography.Text>
            {h.met ? <Tag color="success">已达标</Tag> : <Tag color="warning">未达标</Tag>}
          </Flex>
          <Progress percent={h.target > 0 ? Math.min(100, Math.round((h.total / h.target) * 100)) : 100} size="small"
            status={h.met ? 'success' : 'active'} />
          <Typography.Text type="secondary">线上 {h.online} 学时 · 线下 {h.offline} 学时</Typography.Text>
        </>
      )}
    </Section>
  )
}

/** 我的课程: the courses I started, the share of nodes done, and where to go on. */
function Courses() {
  const [page, setPage] = useState(1)
  const q = useQuery({
    queryKey: ['pschool', 'my', 'courses', page],
    queryFn: () => myCourses({ page: page - 1, size: COURSES_SIZE }),
    placeholderData: keepPreviousData,
  })
  const rows = q.data?.content ?? []
  return (
    <Section title="我的课程" loading={q.isPending} extra={<Link to={STUDY_CENTER_PATH}>学习中心</Link>}>
      {q.isError ? (
        <Empty description="课程加载失败，请稍后刷新" />
      ) : rows.length === 0 ? (
        <Empty description={<>还没有开始学习课程：到<Link to={STUDY_CENTER_PATH}>学习中心</Link>选择课程开始学习</>} />
      ) : (
        <>
          {rows.map((c) => (
            <div key={c.id} style={{ marginBottom: 12 }}>
              <Flex justify="space-between" align="center" gap={8}>
                <Link to={`/pschool/course?id=${c.id}`} style={{ minWidth: 0 }}>
                  <Typography.Text ellipsis style={{ maxWidth: '100%' }}>{c.title}</Typography.Text>
                </Link>
                <Link to={nodePath(c.resumeNodeId, c.resumeNodeType)} aria-label={`继续学习 ${c.title}`} style={{ flex: 'none' }}>
                  {c.percent >= 100 ? '复习' : '继续学习'}
                </Link>
              </Flex>
              <Progress percent={c.percent} size="small" />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                已完成 {c.doneNodes}/{c.nodes} 个节点 · 已获 {c.doneHours}/{c.hours} 学时 · 上次学到“{c.resumeNodeTitle}”
              </Typography.Text>
            </div>
          ))}
          {(q.data?.totalElements ?? 0) > COURSES_SIZE && (
            <Pagination simple size="small" align="center" current={page} pageSize={COURSES_SIZE} total={q.data?.totalElements} onChange={setPage} />
          )}
        </>
      )}
    </Section>
  )
}

/** 我的考试: open first, then upcoming, then finished with the score; taking one happens on 我的考试. */
function Exams({ exams, loading, failed }: { exams: MyExam[]; loading: boolean; failed: boolean }) {
  const sorted = [...exams].sort((a, b) => EXAM_STATUS[a.status].order - EXAM_STATUS[b.status].order)
  return (
    <Section title="我的考试" loading={loading} extra={<Link to={EXAM_CENTER_PATH}>全部考试</Link>}>
      {failed ? (
        <Empty description="考试加载失败，请稍后刷新" />
      ) : sorted.length === 0 ? (
        <Empty description="暂无考试：党校发布考试并把你列为考生后，会显示在这里" />
      ) : (
        sorted.slice(0, EXAMS_SHOWN).map((e) => (
          <Flex key={e.id} justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
            <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
              <Space wrap size={4}><Typography.Text>{e.title}</Typography.Text><Tag color={EXAM_STATUS[e.status].color}>{EXAM_STATUS[e.status].label}</Tag></Space>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatTime(e.opensAt, MINUTE)} 至 {formatTime(e.closesAt, MINUTE)}
              </Typography.Text>
            </Space>
            {e.score !== null ? (
              <Space size={4}>
                <Typography.Text strong>{e.score} 分</Typography.Text>
                {!e.graded ? <Tag color="orange">阅卷中</Tag> : e.passed ? <Tag color="green">及格</Tag> : <Tag color="red">不及格</Tag>}
              </Space>
            ) : e.status === 'open' ? (
              <Link to={EXAM_CENTER_PATH}>{e.current ? '继续作答' : '去考试'}</Link>
            ) : (
              <Typography.Text type="secondary">{e.status === 'upcoming' ? '未开始' : '未参加'}</Typography.Text>
            )}
          </Flex>
        ))
      )}
    </Section>
  )
}

/**
 * 我的党校 (/pschool/home/page, dx:learn): the learner's home on one screen — my batches with their progress and
 * 结业, my certificates, my courses, my exams and this year's 学时. One column on a phone. Every call reads the
 * caller's own records only.
 */
export default function PartySchoolHome() {
  const screens = Grid.useBreakpoint()
  const [open, setOpen] = useState<MyBatch>()
  const year = new Date().getFullYear()
  const batches = useQuery({ queryKey: ['pschool', 'my', 'batches'], queryFn: myBatches })
  const exams = useQuery({ queryKey: ['ks', 'my'], queryFn: myExams })
  const mine = batches.data ?? []
  const completed = mine.filter((m) => m.progress.state === 'completed')
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto', padding: screens.md ? 16 : 8 }}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>我的党校</Typography.Title>
        <Space size={16}>
          <Link to={STUDY_CENTER_PATH}>学习中心</Link>
          <Link to={EXAM_CENTER_PATH}>我的考试</Link>
        </Space>
      </Flex>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={14}>
          <Section title="我的培训班" loading={batches.isPending}>
            {batches.isError ? (
              <Empty description="培训班加载失败，请稍后刷新" />
            ) : mine.length === 0 ? (
              <Empty description="你还没有参加培训班，培训班由所在党组织的党校安排" />
            ) : (
              mine.map((m) => <BatchCard key={m.batch.id} m={m} onOpen={() => setOpen(m)} />)
            )}
          </Section>
        </Col>
        <Col xs={24} lg={10}>
          <Flex vertical gap={12}>
            <Hours year={year} />
            <Section title="我的证书" loading={batches.isPending}>
              {completed.length === 0 ? (
                <Typography.Text type="secondary">还没有结业证书：培训班结业后，证书可在这里下载</Typography.Text>
              ) : (
                completed.map((m) => (
                  <Flex key={m.batch.id} justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
                    <Space orientation="vertical" size={0}>
                      <Typography.Text>{m.batch.title}</Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{m.progress.certificateNo} · {m.progress.completedOn}</Typography.Text>
                    </Space>
                    <Button size="small" onClick={() => void myCertificate(m.batch.id, m.batch.title)}>下载证书</Button>
                  </Flex>
                ))
              )}
            </Section>
          </Flex>
        </Col>
        <Col xs={24} lg={12}><Courses /></Col>
        <Col xs={24} lg={12}><Exams exams={exams.data ?? []} loading={exams.isPending} failed={exams.isError} /></Col>
      </Row>
      {open && <BatchDetail mine={open} exams={exams.data} phone={!screens.md} onClose={() => setOpen(undefined)} />}
    </div>
  )
}
