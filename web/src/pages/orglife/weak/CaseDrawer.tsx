import { useQuery } from '@tanstack/react-query'
import { Alert, Button, DatePicker, Drawer, Empty, Form, Input, Space, Spin, Table, Tabs, Tag, Timeline, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { get, type Page } from '@/api/request'
import { PERM } from '@/api/permissions'
import FactList from '@/components/FactList'
import { RecordAttachments } from '@/components/flow'
import FormDialog from '@/components/FormDialog'
import Permission from '@/components/Permission'
import ReasonDialog from '@/components/ReasonDialog'
import ChangeTrail, { type TrailEntry } from '@/components/trail/ChangeTrail'
import { formatTime } from '@/utils/time'
import { CASE_STATES, caseDetail, caseFiles, caseStep, CASES, progressFiles, reportProgress, savePlan, type Detail, type Step } from './api'
import { stateTag } from './view'

/** The dialogs of the steps that take one text, with their labels. */
const STEPS: Record<Step, { title: string; label: string; done: string; danger?: boolean }> = {
  recommend: { title: '推荐认定', label: '推荐意见', done: '已推荐，待组织部认定' },
  confirm: { title: '认定为软弱涣散党组织', label: '认定意见', done: '已认定，请制定整顿方案' },
  reject: { title: '不予认定', label: '不予认定理由', done: '已不予认定', danger: true },
  'close-request': { title: '申请销号', label: '整顿情况总结', done: '已申请销号，待组织部审核' },
  'close-approve': { title: '批准销号', label: '销号评价', done: '已销号' },
  'close-return': { title: '退回销号申请', label: '销号评价', done: '已退回，继续整顿', danger: true },
}

interface PlanValues {
  leader: string
  deadline: Dayjs
  plan: string
  measures: { content: string; owner?: string; dueOn?: Dayjs | null; done?: boolean }[]
}

const day = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null)

/** 整顿方案: the leader, the deadline, the plan and its measures (those sent replace the recorded ones). */
function PlanDialog({ c, onClose, onDone }: { c: Detail; onClose: () => void; onDone: () => void }) {
  const initial: Partial<PlanValues> = {
    leader: c.leader,
    deadline: c.deadline ? dayjs(c.deadline) : undefined,
    plan: c.plan,
    measures: c.measures.length
      ? c.measures.map((m) => ({ content: m.content, owner: m.owner, dueOn: m.dueOn ? dayjs(m.dueOn) : null, done: m.done }))
      : [{ content: '' }],
  }
  return (
    <FormDialog<PlanValues>
      title={`整顿方案：${c.orgName}`}
      width={820}
      vertical
      initialValues={initial as PlanValues}
      onSubmit={(v) =>
        savePlan(c.id, {
          leader: v.leader.trim(),
          deadline: day(v.deadline),
          plan: v.plan.trim(),
          measures: v.measures.map((m) => ({ content: m.content.trim(), owner: m.owner?.trim() ?? '', dueOn: day(m.dueOn), done: !!m.done })),
        })
      }
      successText="整顿方案已保存"
      onClose={onClose}
      onDone={onDone}
    >
      <Space size="large" align="start">
        <Form.Item label="联系领导" name="leader" rules={[{ required: true, whitespace: true, message: '请输入联系领导' }]}>
          <Input maxLength={50} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="整顿期限" name="deadline" rules={[{ required: true, message: '请选择整顿期限' }]}>
          <DatePicker />
        </Form.Item>
      </Space>
      <Form.Item label="整顿方案" name="plan" rules={[{ required: true, whitespace: true, message: '请输入整顿方案' }]}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Form.List name="measures">
        {(fields, { add, remove }) => (
          <>
            <Typography.Text strong>整改措施</Typography.Text>
            {fields.map((f) => (
              <Space key={f.key} align="start" style={{ display: 'flex', marginTop: 8 }}>
                <Form.Item name={[f.name, 'content']} rules={[{ required: true, whitespace: true, message: '请输入整改措施' }]} style={{ width: 340 }}>
                  <Input placeholder="整改措施" maxLength={500} />
                </Form.Item>
                <Form.Item name={[f.name, 'owner']}>
                  <Input placeholder="责任人" maxLength={50} style={{ width: 120 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'dueOn']}>
                  <DatePicker placeholder="完成时限" />
                </Form.Item>
                <Button type="link" danger disabled={fields.length === 1} onClick={() => remove(f.name)}>
                  删除
                </Button>
              </Space>
            ))}
            <Button type="dashed" onClick={() => add({ content: '' })} disabled={fields.length >= 30}>
              添加措施
            </Button>
          </>
        )}
      </Form.List>
    </FormDialog>
  )
}

/** 报告进展: the day (today by default, never later) and what was done; files are added on the report afterwards. */
function ReportDialog({ c, onClose, onDone }: { c: Detail; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog<{ reportedOn: Dayjs; content: string }>
      title={`报告整顿进展：${c.orgName}`}
      vertical
      initialValues={{ reportedOn: dayjs() }}
      onSubmit={(v) => reportProgress(c.id, { reportedOn: day(v.reportedOn), content: v.content.trim() })}
      successText="进展已报告，可在进展记录中上传材料"
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item label="报告日期" name="reportedOn" rules={[{ required: true, message: '请选择报告日期' }]}>
        <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item label="进展情况" name="content" rules={[{ required: true, whitespace: true, message: '请输入进展情况' }]}>
        <Input.TextArea rows={5} maxLength={2000} showCount />
      </Form.Item>
    </FormDialog>
  )
}

/** The actions a case's state allows the caller (the server checks state and permission again). */
function Actions({ c, reload }: { c: Detail; reload: () => void }) {
  const [dialog, setDialog] = useState<Step | 'plan' | 'report' | null>(null)
  const undecided = c.state === CASE_STATES.candidate || c.state === CASE_STATES.recommended
  const button = (step: Step, primary = false) => (
    <Button type={primary ? 'primary' : 'default'} danger={STEPS[step].danger} onClick={() => setDialog(step)}>
      {STEPS[step].title === '认定为软弱涣散党组织' ? '认定' : STEPS[step].title}
    </Button>
  )
  const step = dialog && dialog !== 'plan' && dialog !== 'report' ? STEPS[dialog] : null
  return (
    <Space wrap>
      {c.state === CASE_STATES.candidate && <Permission need={[PERM.rsrsRecommend]}>{button('recommend', true)}</Permission>}
      {undecided && (
        <Permission need={[PERM.rsrsConfirm]}>
          {button('confirm', true)}
          {button('reject')}
        </Permission>
      )}
      {c.state === CASE_STATES.rectifying && (
        <>
          <Permission need={[PERM.rsrsEdit]}>
            <Button type="primary" onClick={() => setDialog('plan')}>
              {c.plan ? '修改整顿方案' : '制定整顿方案'}
            </Button>
          </Permission>
          <Permission need={[PERM.rsrsReport]}>
            <Button onClick={() => setDialog('report')}>报告进展</Button>
          </Permission>
          <Permission need={[PERM.rsrsClose]}>{button('close-request')}</Permission>
        </>
      )}
      {c.state === CASE_STATES.closing && (
        <Permission need={[PERM.rsrsConfirm]}>
          {button('close-approve', true)}
          {button('close-return')}
        </Permission>
      )}
      {dialog && step && (
        <ReasonDialog
          title={`${step.title}：${c.orgName}`}
          label={step.label}
          name="text"
          send={(text) => caseStep(c.id, dialog as Step, text)}
          successText={step.done}
          danger={step.danger}
          vertical
          maxLength={dialog === 'close-request' ? 2000 : 1000}
          rows={4}
          onClose={() => setDialog(null)}
          onDone={reload}
        />
      )}
      {dialog === 'plan' && <PlanDialog c={c} onClose={() => setDialog(null)} onDone={reload} />}
      {dialog === 'report' && <ReportDialog c={c} onClose={() => setDialog(null)} onDone={reload} />}
    </Space>
  )
}

function Facts({ c }: { c: Detail }) {
  return (
    <FactList
      column={2}
      facts={[
        ['党组织', c.orgName],
        ['年度', `${c.year}年`],
        ['状态', stateTag(c)],
        ['认定标准', c.criteriaNames || '—'],
        c.recommendOpinion && ['推荐意见', `${c.recommendOpinion}（${c.recommendedBy}，${formatTime(c.recommendedAt)}）`, 'filled'],
        c.decisionReason && [c.state === CASE_STATES.rejected ? '不予认定理由' : '认定意见', `${c.decisionReason}（${c.decidedBy}，${formatTime(c.decidedAt)}）`, 'filled'],
        c.leader && ['联系领导', c.leader],
        c.deadline && ['整顿期限', c.deadline],
        c.closeSummary && ['销号申请', `${c.closeSummary}（${c.closeRequestedBy}，${formatTime(c.closeRequestedAt)}）`, 'filled'],
        c.review && ['销号评价', `${c.review}（${c.reviewedBy}，${formatTime(c.reviewedAt)}）`, 'filled'],
        c.closedOn && ['销号日期', c.closedOn],
      ]}
    />
  )
}

/** The criteria met, each with its evidence and where it came from. */
function Hits({ c }: { c: Detail }) {
  if (!c.hits.length) return <Empty description="该记录暂无认定标准（排查已不再发现，且无人工提出）" />
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {c.hits.map((h) => (
        <Alert
          key={h.id}
          type="warning"
          title={
            <Space>
              {h.label}
              <Tag>{h.source === 'data' ? '数据排查' : '人工提出'}</Tag>
            </Space>
          }
          description={h.evidence}
        />
      ))}
    </Space>
  )
}

function Plan({ c }: { c: Detail }) {
  if (!c.plan) return <Empty description={c.state === CASE_STATES.rectifying ? '尚未制定整顿方案' : '认定为软弱涣散党组织后制定整顿方案'} />
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{c.plan}</Typography.Paragraph>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={c.measures}
        columns={[
          { title: '整改措施', dataIndex: 'content' },
          { title: '责任人', dataIndex: 'owner', width: 120 },
          { title: '完成时限', dataIndex: 'dueOn', width: 120 },
          { title: '完成', dataIndex: 'done', width: 70, render: (d: boolean) => (d ? '已完成' : '—') },
        ]}
      />
    </Space>
  )
}

function ProgressLine({ c }: { c: Detail }) {
  if (!c.progress.length) return <Empty description={c.state === CASE_STATES.rectifying ? '尚未报告整顿进展（整顿期间应至少每30天报告一次）' : '暂无整顿进展'} />
  return (
    <Timeline
      items={[...c.progress].reverse().map((p) => ({
        key: p.id,
        children: (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text strong>
              {p.reportedOn} <Typography.Text type="secondary">{p.reporter}</Typography.Text>
            </Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{p.content}</Typography.Paragraph>
            <RecordAttachments api={progressFiles(p.id)} editPerm={PERM.rsrsReport} emptyText="无进展材料" />
          </Space>
        ),
      }))}
    />
  )
}

/** One case: its facts and the actions its state allows; criteria, plan, progress, files and history in tabs. */
export default function CaseDrawer({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged: () => void }) {
  const q = useQuery({ queryKey: ['rsrs', 'case', id], queryFn: () => caseDetail(id) })
  const c = q.data
  const reload = () => {
    void q.refetch()
    onChanged()
  }
  return (
    <Drawer open size={960} title={c ? `${c.orgName}（${c.year}年度）` : '软弱涣散党组织'} onClose={onClose} destroyOnHidden>
      {q.isLoading && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {q.isError && <Alert type="error" showIcon title="无法读取该记录：可能已被排查移除，或不在您的管理范围内" />}
      {c && (
        <>
          <Facts c={c} />
          <div style={{ margin: '16px 0' }}>
            <Actions c={c} reload={reload} />
          </div>
          <Tabs
            items={[
              { key: 'hits', label: '认定标准及依据', children: <Hits c={c} /> },
              { key: 'plan', label: '整顿方案', children: <Plan c={c} /> },
              { key: 'progress', label: `整顿进展（${c.progress.length}）`, children: <ProgressLine c={c} /> },
              {
                key: 'files',
                label: '材料',
                children: (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    <Typography.Title level={5}>认定材料</Typography.Title>
                    <RecordAttachments api={caseFiles(c.id)} kind="evidence" editPerm={PERM.rsrsEdit} emptyText="暂无认定材料" />
                    <Typography.Title level={5}>销号材料</Typography.Title>
                    <RecordAttachments api={caseFiles(c.id)} kind="closing" editPerm={PERM.rsrsEdit} emptyText="暂无销号材料" />
                  </Space>
                ),
              },
              {
                key: 'trail',
                label: '变动轨迹',
                children: (
                  <ChangeTrail queryKey={[CASES, 'trail', c.id, c.updateTime]} fetch={(page, size) => get<Page<TrailEntry>>(`${CASES}/${c.id}/trail`, { page, size })} />
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  )
}
