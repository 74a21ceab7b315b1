import { ArrowLeftOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, DatePicker, Descriptions, Drawer, Empty, Form, Input, Modal, Select, Space, Spin, Table, Tag, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { Link } from 'react-router'
import {
  GRADE_NAMES, GRADES, LIMITS, SUMMARY_STATE_NAMES, type AppraiseeView, type CodeSheet, type Grade, type RoundDetail as Detail,
} from '@/api/generated/appraisal'
import { ui } from '@/app/bridge'
import FormDialog from '@/components/FormDialog'
import ChangeTrail from '@/components/trail/ChangeTrail'
import { closeVote, decide, openVote, roundDetail, roundMeetings, roundTrail, summaryOf } from './api'
import { StateTag } from './index'

const GRADE_COLORS: Record<Grade, string> = { excellent: 'gold', qualified: 'green', basic: 'orange', unqualified: 'red' }
export const GradeTag = ({ grade }: { grade: '' | Grade }) => (grade ? <Tag color={GRADE_COLORS[grade]}>{GRADE_NAMES[grade]}</Tag> : <>—</>)

/** 开启投票: the meeting it is held in (optional) and a deadline (optional). */
function VoteDialog({ round, onClose, onOpened }: { round: Detail; onClose: () => void; onOpened: (codes: CodeSheet[], ballotId: number | null) => void }) {
  const meetings = useQuery({ queryKey: ['mzpy', 'meetings', round.id], queryFn: () => roundMeetings(round.id) })
  return (
    <FormDialog<{ meetingId?: number; closesAt?: Dayjs }>
      title={round.votes > 0 ? '重新投票' : '开启投票'}
      width={560}
      initialValues={{ meetingId: round.meetingId ?? undefined }}
      onClose={onClose}
      onSubmit={async (v) => {
        const r = await openVote(round.id, { meetingId: v.meetingId ?? null, closesAt: v.closesAt ? v.closesAt.toISOString() : null })
        onOpened(r.codes, r.round.ballotId)
      }}
    >
      <p>选票列出本支部每名正式党员（{round.graded} 名），预备党员参加投票但不评定等次。没有账号的党员将获得一次性票码，请打印后当场发放。</p>
      <Form.Item name="meetingId" label="评议会议" extra="本支部的组织生活会或支部党员大会（可不选）">
        <Select allowClear loading={meetings.isLoading} placeholder="选择会议" notFoundContent="本年度没有组织生活会或支部党员大会"
          options={(meetings.data ?? []).map((m) => ({ value: m.id, label: `${m.heldOn} ${m.topic}` }))} />
      </Form.Item>
      <Form.Item name="closesAt" label="截止时间" extra="不填则由支部结束投票">
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
    </FormDialog>
  )
}

/** The printed one-time codes, shown once. */
function CodesModal({ title, ballotId, codes, onClose }: { title: string; ballotId: number | null; codes: CodeSheet[]; onClose: () => void }) {
  const link = `${window.location.origin}/web/vote?round=${ballotId ?? ''}`
  return (
    <Modal open title="一次性票码（仅显示一次）" onCancel={onClose} onOk={() => window.print()} okText="打印" cancelText="关闭" width={560}>
      <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="票码只显示这一次，系统只保存其摘要。请打印或抄写后发给没有账号的党员，每码只能投一次。" />
      <Typography.Paragraph strong>{title}</Typography.Paragraph>
      <Table<CodeSheet> rowKey="no" size="small" pagination={false} dataSource={codes}
        columns={[{ title: '序号', dataIndex: 'no', width: 80 }, { title: '票码', dataIndex: 'code', render: (c: string) => <Typography.Text code copyable>{c}</Typography.Text> }]} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>持票码的党员在手机上打开 <Typography.Text copyable>{link}</Typography.Text>，输入票码即可投票。</Typography.Paragraph>
    </Modal>
  )
}

interface DecideRow { id: number; grade?: Grade; reason?: string }

/** 评定等次: each graded member's counts, the proposal and the grade decided (a reason where it differs). */
function DecideForm({ round, onDone }: { round: Detail; onDone: () => void }) {
  const graded = round.appraisees.filter((a) => a.active && !a.probation)
  const [rows, setRows] = useState<DecideRow[]>(() => graded.map((a) => ({ id: a.id, grade: a.proposed || undefined })))
  const [busy, setBusy] = useState(false)
  const set = (i: number, patch: Partial<DecideRow>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  const excellent = rows.filter((r) => r.grade === 'excellent').length
  const submit = () =>
    ui.modal.confirm({
      title: '确定评议结果',
      content: '评定后结果记入党员的民主评议记录，不能再修改。确定提交吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        setBusy(true)
        try {
          await decide(round.id, { grades: rows.map((r) => ({ id: r.id, grade: r.grade as Grade, reason: r.reason ?? '' })) })
          ui.message.success('评议结果已确定')
          onDone()
        } catch {
          /* the refusal (the 1/3 cap, a missing reason) is shown by the request pipeline; the form stays to correct */
        } finally {
          setBusy(false)
        }
      },
    })
  return (
    <>
      <Alert type={excellent > round.excellentCap ? 'error' : 'info'} showIcon style={{ margin: '12px 0' }}
        title={`优秀等次不超过参评党员的三分之一：本次 ${round.graded} 名正式党员参评，最多 ${round.excellentCap} 名优秀（当前 ${excellent} 名）。建议等次取得票最多的等次，票数相同取较低等次。`} />
      <Table<AppraiseeView> rowKey="id" size="small" pagination={false} dataSource={graded}
        columns={[
          { title: '党员', dataIndex: 'name', width: 110 },
          ...GRADES.map((g) => ({ title: GRADE_NAMES[g], width: 80, render: (_: unknown, a: AppraiseeView) => ({ excellent: a.nExcellent, qualified: a.nQualified, basic: a.nBasic, unqualified: a.nUnqualified })[g] })),
          { title: '建议等次', width: 100, render: (_, a) => <GradeTag grade={a.proposed} /> },
          {
            title: '评定等次', width: 140,
            render: (_, a, i) => (
              <Select aria-label={`${a.name}的评定等次`} style={{ width: 120 }} value={rows[i].grade} placeholder="请选择"
                options={GRADES.map((g) => ({ value: g, label: GRADE_NAMES[g] }))} onChange={(g) => set(i, { grade: g })} />
            ),
          },
          {
            title: '理由（与建议不同时必填）',
            render: (_, a, i) => rows[i].grade && a.proposed && rows[i].grade !== a.proposed
              ? <Input aria-label={`${a.name}的理由`} maxLength={LIMITS.reason} value={rows[i].reason} onChange={(e) => set(i, { reason: e.target.value })} />
              : null,
          },
        ]} />
      <Button type="primary" style={{ marginTop: 12 }} loading={busy} disabled={rows.some((r) => !r.grade)} onClick={submit}>确定评议结果</Button>
    </>
  )
}

/** A member's personal summary as the branch reads it. */
function SummaryDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const q = useQuery({ queryKey: ['mzpy', 'summary', id], queryFn: () => summaryOf(id) })
  return (
    <Drawer open width={640} title={q.data ? `${q.data.name}的个人总结` : '个人总结'} onClose={onClose}>
      {q.isLoading ? <Spin /> : q.data?.summary
        ? <><Typography.Paragraph type="secondary">{SUMMARY_STATE_NAMES[q.data.summaryState]} · {q.data.summaryWords} 字</Typography.Paragraph>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{q.data.summary}</Typography.Paragraph></>
        : <Empty description="该党员尚未填写个人总结" />}
    </Drawer>
  )
}

/** One branch's round: members and summaries, the vote (open, turnout, close), the counts and the decision, the history. */
export default function RoundDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const client = useQueryClient()
  const q = useQuery({ queryKey: ['mzpy', 'round', id], queryFn: () => roundDetail(id) })
  const [voting, setVoting] = useState(false)
  const [codes, setCodes] = useState<{ list: CodeSheet[]; ballotId: number | null } | null>(null)
  const [summary, setSummary] = useState<number | null>(null)
  const [trail, setTrail] = useState(false)
  const refresh = () => client.invalidateQueries({ queryKey: ['mzpy'] })
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (q.isError || !q.data) return <Alert type="error" showIcon title="民主评议不存在或您无权查看" action={<Button onClick={onBack}>返回</Button>} />
  const r = q.data
  const title = `${r.orgName}${r.year}年度民主评议党员`
  const close = () =>
    ui.modal.confirm({
      title: '结束投票',
      content: `已投 ${r.liveCast} 票，应投 ${r.liveIssued} 票。投票人数超过应投人数的一半，投票方为有效；结束后不能再投票。确定结束吗？`,
      okText: '结束投票',
      cancelText: '取消',
      onOk: async () => {
        const v = await closeVote(id)
        if (v.state === 'void') ui.message.warning('投票人数未超过半数，本次投票无效，请重新组织投票')
        else ui.message.success('投票已结束，请评定等次')
        await refresh()
      },
    })
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>返回</Button>
        <Typography.Title level={4} style={{ margin: 0 }}>{title}</Typography.Title>
        <StateTag state={r.state} />
        <Button onClick={() => setTrail(true)}>评议记录</Button>
      </Space>
      <Descriptions size="small" column={3} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="参评党员">{r.members} 名（评定等次 {r.graded} 名）</Descriptions.Item>
        <Descriptions.Item label="个人总结">已提交 {r.submitted} 份</Descriptions.Item>
        <Descriptions.Item label="评议会议">{r.meetingTopic ? <Link to={r.meetingLink}>{r.meetingTopic}</Link> : '—'}</Descriptions.Item>
        <Descriptions.Item label="投票">
          {r.state === 'voting' ? `第 ${r.votes} 次投票进行中：已投 ${r.liveCast}/${r.liveIssued}` : r.closedAt ? `第 ${r.votes} 次投票：实投 ${r.cast}/应投 ${r.issued}` : '未开始'}
        </Descriptions.Item>
        <Descriptions.Item label="优秀上限">{r.excellentCap} 名</Descriptions.Item>
        <Descriptions.Item label="评定">{r.decidedAt ? `${r.decidedBy} ${r.decidedAt.slice(0, 10)}` : '—'}</Descriptions.Item>
      </Descriptions>
      {r.state === 'void' && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`投票人数（${r.cast}）未超过应投人数（${r.issued}）的一半，本次投票无效，请重新组织投票。`} />}
      <Space style={{ marginBottom: 12 }} wrap>
        {r.canVote && (r.state === 'self' || r.state === 'void') && <Button type="primary" onClick={() => setVoting(true)}>{r.votes > 0 ? '重新投票' : '开启投票'}</Button>}
        {r.canVote && r.state === 'voting' && <Button type="primary" onClick={close}>结束投票</Button>}
      </Space>
      {r.state === 'counted' && r.canDecide ? (
        <DecideForm round={r} onDone={() => void refresh()} />
      ) : (
        <Table<AppraiseeView> rowKey="id" size="middle" pagination={false} dataSource={r.appraisees}
          locale={{ emptyText: <Empty description="本支部没有参评党员" /> }}
          columns={[
            { title: '党员', dataIndex: 'name', render: (n: string, a) => <>{n}{a.probation && <Tag style={{ marginLeft: 4 }}>预备党员</Tag>}{!a.active && <Tag style={{ marginLeft: 4 }}>已转出</Tag>}</> },
            { title: '个人总结', width: 150, render: (_, a) => <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setSummary(a.id)}>{SUMMARY_STATE_NAMES[a.summaryState]}{a.summaryWords > 0 && `（${a.summaryWords}字）`}</Button> },
            ...GRADES.map((g) => ({ title: GRADE_NAMES[g], width: 70, render: (_: unknown, a: AppraiseeView) => (a.probation || !r.closedAt || r.state === 'void' ? '—' : ({ excellent: a.nExcellent, qualified: a.nQualified, basic: a.nBasic, unqualified: a.nUnqualified })[g]) })),
            { title: '建议等次', width: 90, render: (_, a) => <GradeTag grade={a.proposed} /> },
            { title: '评定等次', width: 90, render: (_, a) => (a.probation ? '不评定' : <GradeTag grade={a.grade} />) },
            { title: '理由', dataIndex: 'reason', render: (v: string) => v || '—' },
          ]} />
      )}
      {voting && <VoteDialog round={r} onClose={() => setVoting(false)} onOpened={(c, b) => { setVoting(false); if (c.length) setCodes({ list: c, ballotId: b }); else ui.message.success('投票已开启，党员可在手机上投票'); void refresh() }} />}
      {codes && <CodesModal title={title} ballotId={codes.ballotId} codes={codes.list} onClose={() => setCodes(null)} />}
      {summary && <SummaryDrawer id={summary} onClose={() => setSummary(null)} />}
      {trail && (
        <Drawer open width={720} title="评议记录" onClose={() => setTrail(false)}>
          <ChangeTrail queryKey={['mzpy', 'trail', id]} fetch={(page, size) => roundTrail(id, page, size)} />
        </Drawer>
      )}
    </>
  )
}
