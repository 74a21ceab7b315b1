import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, DatePicker, Form, Input, Space, Steps, Tag, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import {
  deleteRecords,
  DEVELOP_API,
  getConfig,
  recordDetail,
  RULE_DEFAULTS,
  STAGE_COLORS,
  STEPS,
  stepOf,
  updateRecord,
  type RecordDetail,
} from '@/api/develop'
import { PERM, type Perm } from '@/api/permissions'
import { confirmDeleteOf } from '@/components/crud'
import FormDialog from '@/components/FormDialog'
import { memberDetailPath } from '@/components/member/service'
import Permission from '@/components/Permission'
import { FlowRecordPage, type FlowRecord, type FlowView } from '@/components/flow'
import { validateOrScroll } from '@/components/useFormSubmit'
import { stageListPath } from '../shared/stages'
import { NoticesTab, ReviewsTab, TrainingsTab } from './RecordTabs'
import StepFields, { stepForm } from './StepFields'

const STEP_PERMS: Record<string, Perm> = { branch: PERM.fzdyBranch, committee: PERM.fzdyCommittee, department: PERM.fzdyDepartment }

/** The 25 steps: done (date, who), the current one marked, those the configuration does not track greyed. */
export function StepsView({ record, flow }: { record: RecordDetail; flow: FlowView | undefined }) {
  const done = new Map(record.steps.map((s) => [s.step, s]))
  // A step outside the record's chain (copied when it started) is not tracked; ① is the record's creation.
  const inChain = new Set(['apply', ...(flow?.steps.map((s) => s.key) ?? STEPS.map((s) => s.key))])
  const ended = record.stage === 'ended'
  return (
    <Steps
      orientation="vertical"
      size="small"
      className="develop-steps"
      // Each step carries its own status; `current` only marks the step waiting (none once the record ended).
      current={STEPS.findIndex((s) => s.key === record.step)}
      items={STEPS.map((s) => {
        const d = done.get(s.key) ?? (s.key === 'apply' ? { doneOn: record.appliedOn, userName: '' } : undefined)
        const current = s.key === record.step
        const tracked = inChain.has(s.key)
        return {
          key: s.key,
          // The icon numbers the step already (1 … 25, as the 细则 does).
          title: <span data-step={s.key}>{s.name}</span>,
          status: d && !current ? 'finish' : current ? (ended ? 'error' : 'process') : 'wait',
          disabled: !tracked,
          style: tracked ? undefined : { opacity: 0.45 },
          content: d ? (
            <Typography.Text type="secondary">
              {d.doneOn}
              {d.userName ? ` · ${d.userName}` : ''}
            </Typography.Text>
          ) : current ? (
            <Typography.Text type={record.dueState === 'overdue' ? 'danger' : undefined}>当前环节{record.dueOn ? `，办理期限 ${record.dueOn}` : ''}</Typography.Text>
          ) : !tracked ? (
            <Typography.Text type="secondary">本校不跟踪此环节</Typography.Text>
          ) : undefined,
        }
      })}
    />
  )
}

/** 编辑: what a record keeps besides its steps (the expected leaving date, a remark). */
function EditDialog({ record, onClose, onDone }: { record: RecordDetail; onClose: () => void; onDone: () => void }) {
  type V = { leavingOn?: Dayjs | null; remark?: string }
  return (
    <FormDialog<V>
      title={`编辑：${record.name}`}
      initialValues={{ leavingOn: record.leavingOn ? dayjs(record.leavingOn) : null, remark: record.remark }}
      onClose={onClose}
      onDone={onDone}
      onSubmit={(v) => updateRecord({ id: record.id, leavingOn: v.leavingOn ? v.leavingOn.format('YYYY-MM-DD') : '', remark: v.remark?.trim() ?? '' })}
    >
      <Form.Item label="预计离校日期" name="leavingOn" extra="离校前 3 个月内不能接收为预备党员">
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="备注" name="remark">
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  )
}

/**
 * 发展党员详情 (/develop/record?id=): the record's header, the 25 steps, the current step's action with its own
 * form, the flow history, reviews, trainings, notices and the files of its steps. 返回 goes to its stage's list.
 */
export default function DevelopRecordPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = Number(params.get('id'))
  const client = useQueryClient()
  const config = useQuery({ queryKey: ['fzdy', 'config'], queryFn: getConfig, enabled: Number.isInteger(id) && id > 0, staleTime: 60_000 })
  const [editing, setEditing] = useState(false)
  // The record is held to the configuration version it started with; hints use it when it is the current one.
  const current = (r: RecordDetail) => (config.data && config.data.version === r.configVersion ? config.data.config : undefined)

  const record: FlowRecord<RecordDetail> = {
    queryKey: ['fzdy', 'detail'],
    fetch: recordDetail,
    base: DEVELOP_API,
    onChanged: () => void client.invalidateQueries({ queryKey: ['crud'] }),
    title: (r) => (
      <Space wrap>
        <span>{r.name}</span>
        <Tag color={STAGE_COLORS[r.stage]}>{r.stageName}</Tag>
      </Space>
    ),
    actions: ({ record: r }) => (
      <>
        <Permission need={[PERM.fzdyEdit]}>
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            编辑
          </Button>
        </Permission>
        {!r.memberId && (
          <Permission need={[PERM.fzdyDel]}>
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                void confirmDeleteOf(r.name, () => deleteRecords([r.id]), { kind: '发展党员记录', note: '办理记录将一并删除。' }).then((ok) => {
                  if (!ok) return
                  void client.invalidateQueries({ queryKey: ['crud'] })
                  navigate(stageListPath(r.stage))
                })
              }
            >
              删除
            </Button>
          </Permission>
        )}
      </>
    ),
    facts: (r) => [
      ['学号/工号', r.personNo],
      ['性别', r.genderLabel],
      ['党支部', r.orgName],
      ['当前环节', r.stepName || '—'],
      ['申请入党日期', r.appliedOn],
      ['执行配置', `第 ${r.configVersion} 版`],
      r.leavingOn && ['预计离校日期', r.leavingOn],
      r.volunteerNo && ['入党志愿书编号', r.volunteerNo],
      r.probationEndsOn && ['预备期至', r.probationEndsOn],
      r.memberId && ['党员档案', <Typography.Link onClick={() => navigate(memberDetailPath(r.memberId!))}>查看党员信息</Typography.Link>],
      r.stage === 'ended' && ['终止', `${r.endedOn} ${r.endedReason}`],
      r.remark && ['备注', r.remark],
    ],
    notes: ({ record: r }) =>
      r.flagList?.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title="已说明原因的例外情况"
          description={r.flagList.map((f, i) => (
            <div key={i}>
              {stepOf(f.step)?.name ?? f.step}：{f.rule}（{f.reason}）
            </div>
          ))}
        />
      ),
    steps: ({ record: r, flow }) => (
      <Card variant="borderless" title="发展流程">
        <StepsView record={r} flow={flow} />
      </Card>
    ),
    action: ({ record: r, flow }) => {
      const def = stepOf(flow.step)
      // The documents the current step requires, when the configuration read is the record's version (the server checks either way).
      const docs = current(r)?.steps.find((s) => s.key === flow.step)?.docs ?? []
      return {
        uploadPerm: def ? STEP_PERMS[def.by] : undefined,
        moduleName: 'develop',
        fields: (
          <>
            <StepFields stepKey={flow.step} record={r} rules={current(r)?.rules ?? RULE_DEFAULTS} />
            {docs.length > 0 && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title={`本环节需上传：${docs.join('、')}`}
                description={`作为附件上传，文件名中含材料名称（如“${docs[0]}.pdf”），通过时校验`}
              />
            )}
          </>
        ),
        collect: async (form, result) => {
          // A refusal or a return is dated; what only an approval records (votes, sponsors) is not asked then.
          // A field left empty is scrolled to (the step's fields sit above a long panel).
          const values = result === 'approve' ? await validateOrScroll(form) : await validateOrScroll(form, ['date'])
          return stepForm(result === 'approve' ? values : { date: values.date })
        },
      }
    },
    tabs: ({ record: r, reload }) => [
      { key: 'reviews', label: '考察记录', children: <ReviewsTab recordId={r.id} stage={r.stage} onChanged={reload} /> },
      { key: 'trainings', label: '培训记录', children: <TrainingsTab recordId={r.id} onChanged={reload} /> },
      { key: 'notices', label: '公示', children: <NoticesTab notices={r.notices ?? []} /> },
    ],
    attachments: true,
    dialogs: ({ record: r, reload }) => editing && <EditDialog record={r} onClose={() => setEditing(false)} onDone={reload} />,
  }
  return (
    <FlowRecordPage
      record={record}
      id={id}
      back={(r) => navigate(stageListPath(r?.stage))}
      noId="缺少记录编号，请从发展党员列表进入"
      missing="发展党员记录不存在或不在您的管理范围内"
    />
  )
}
