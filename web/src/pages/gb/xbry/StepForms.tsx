import { Button, Checkbox, Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Switch, type FormInstance } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import type { ReactNode } from 'react'
import {
  LIMITS,
  REC_METHOD_NAMES,
  REVIEW_RESULT_NAMES,
  type AppointForm,
  type DecideForm,
  type InspectForm,
  type PublicizeForm,
  type RecMethod,
  type RecommendForm,
  type ReviewForm,
  type ReviewResult,
  type Selection,
  type Step,
} from '@/api/generated/cadreSelection'
import type { FlowResult, FlowStepAction } from '@/components/flow'
import RemoteSelect from '@/components/RemoteSelect'
import { validateOrScroll } from '@/components/useFormSubmit'
import { searchCadres } from './api'

const DAY = 'YYYY-MM-DD'
const day = (d?: Dayjs | null) => (d ? d.format(DAY) : null)
const dayOf = (s: string | null | undefined) => (s ? dayjs(s) : undefined)
const count = { min: 0, max: 99999, precision: 0, style: { width: '100%' } }
const required = (message: string) => [{ required: true, message }]

/**
 * A date range sent as two fields (inspFrom/inspTo, pubFrom/pubTo): the picker holds both, and a server error
 * naming either field (registered hidden, so the action's error handling finds them) is shown under the picker
 * until the range is changed.
 */
function RangeItem({ name, from, to, label, extra, message }: { name: string; from: string; to: string; label: string; extra?: ReactNode; message: string }) {
  const form = Form.useFormInstance()
  return (
    <>
      <Form.Item name={from} hidden>
        <Input />
      </Form.Item>
      <Form.Item name={to} hidden>
        <Input />
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {() => {
          const server = [...form.getFieldError(from), ...form.getFieldError(to)]
          return (
            <Form.Item
              name={name}
              label={label}
              extra={extra}
              rules={required(message)}
              {...(server.length ? { validateStatus: 'error' as const, help: server.join('；') } : {})}
            >
              <DatePicker.RangePicker
                style={{ width: '100%' }}
                placeholder={['开始日期', '结束日期']}
                onChange={() =>
                  form.setFields([
                    { name: from, errors: [] },
                    { name: to, errors: [] },
                  ])
                }
              />
            </Form.Item>
          )
        }}
      </Form.Item>
    </>
  )
}

type Range = [Dayjs, Dayjs] | undefined

// --- 民主推荐 -------------------------------------------------------------

interface RecommendValues {
  recOn?: Dayjs
  recMethod?: RecMethod
  recExpected?: number
  recPresent?: number
  candidates?: { cadreId?: number; votes?: number; talkVotes?: number }[]
}

/** 民主推荐: the day, the method, who took part, and the people recommended with their votes (one at least). */
function RecommendFields({ s }: { s: Selection }) {
  const known = s.candidates.map((c) => ({ value: c.cadreId, label: [c.name, c.unitName, c.post].filter(Boolean).join(' · ') }))
  return (
    <>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="recOn" label="推荐日期" rules={required('请选择推荐日期')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="recMethod" label="推荐方式" rules={required('请选择推荐方式')}>
            <Select options={Object.entries(REC_METHOD_NAMES).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="recExpected" label="应参加人数" rules={required('请输入应参加人数')}>
            <InputNumber {...count} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="recPresent" label="实参加人数" rules={required('请输入实参加人数')}>
            <InputNumber {...count} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="推荐人选及得票" required>
        <Form.List
          name="candidates"
          rules={[{ validator: async (_, rows?: unknown[]) => (rows?.length ? undefined : Promise.reject(new Error('请至少添加一名推荐人选'))) }]}
        >
          {(rows, { add, remove }, { errors }) => (
            <>
              {rows.length > 0 && (
                <Row gutter={8} style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 4 }}>
                  <Col span={12}>干部</Col>
                  <Col span={5}>会议推荐票</Col>
                  <Col span={5}>谈话推荐票</Col>
                </Row>
              )}
              {rows.map((row) => (
                <Row key={row.key} gutter={8} align="top">
                  <Col span={12}>
                    <Form.Item name={[row.name, 'cadreId']} rules={required('请选择干部')}>
                      <RemoteSelect search={searchCadres} known={known} placeholder="干部" emptyText="暂无干部" />
                    </Form.Item>
                  </Col>
                  <Col span={5}>
                    <Form.Item name={[row.name, 'votes']}>
                      <InputNumber {...count} aria-label="会议推荐票" placeholder="0" />
                    </Form.Item>
                  </Col>
                  <Col span={5}>
                    <Form.Item name={[row.name, 'talkVotes']}>
                      <InputNumber {...count} aria-label="谈话推荐票" placeholder="0" />
                    </Form.Item>
                  </Col>
                  <Col span={2}>
                    <Button type="link" danger onClick={() => remove(row.name)}>
                      移除
                    </Button>
                  </Col>
                </Row>
              ))}
              <Button type="dashed" block disabled={rows.length >= LIMITS.candidates} onClick={() => add({})}>
                添加推荐人选
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form.Item>
    </>
  )
}

const recommendStart = (s: Selection): RecommendValues => ({
  recOn: dayOf(s.recOn),
  recMethod: s.recMethod || 'both',
  recExpected: s.recOn ? s.recExpected : undefined,
  recPresent: s.recOn ? s.recPresent : undefined,
  candidates: s.candidates.length ? s.candidates.map((c) => ({ cadreId: c.cadreId, votes: c.votes, talkVotes: c.talkVotes })) : [{}],
})

const recommendBody = (v: RecommendValues): RecommendForm => ({
  recOn: day(v.recOn),
  recMethod: v.recMethod as RecMethod,
  recExpected: v.recExpected ?? 0,
  recPresent: v.recPresent ?? 0,
  candidates: (v.candidates ?? []).map((c) => ({ cadreId: c.cadreId ?? 0, votes: c.votes ?? 0, talkVotes: c.talkVotes ?? 0 })),
})

// --- 考察 -----------------------------------------------------------------

interface InspectValues {
  inspTeam?: string[]
  inspRange?: Range
  inspTalks?: number
  inspReport?: string
  inspected?: number[]
}

/** 考察: the team (two at least), the days, the talks, the report and who of the people recommended was inspected. */
function InspectFields({ s }: { s: Selection }) {
  return (
    <>
      <Form.Item
        name="inspTeam"
        label="考察组成员"
        extra="输入姓名后回车，考察组不少于2人"
        rules={[
          { required: true, type: 'array', min: 2, message: '考察组成员不少于2人' },
          { type: 'array', max: LIMITS.team, message: `考察组成员不超过${LIMITS.team}人` },
        ]}
      >
        <Select mode="tags" open={false} tokenSeparators={['、', '，', ',', ' ']} placeholder="考察组成员姓名" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={16}>
          <RangeItem name="inspRange" from="inspFrom" to="inspTo" label="考察起止日期" message="请选择考察起止日期" />
        </Col>
        <Col span={8}>
          <Form.Item name="inspTalks" label="个别谈话人数" rules={required('请输入个别谈话人数')}>
            <InputNumber {...count} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="inspected" label="确定考察对象" rules={[{ required: true, type: 'array', min: 1, message: '请选择考察对象' }]}>
        <Checkbox.Group options={s.candidates.map((c) => ({ value: c.cadreId, label: `${c.name}（${c.votes + c.talkVotes}票）` }))} />
      </Form.Item>
      <Form.Item name="inspReport" label="考察报告" rules={[{ required: true, whitespace: true, message: '请输入考察报告' }]}>
        <Input.TextArea rows={10} maxLength={LIMITS.report} showCount />
      </Form.Item>
    </>
  )
}

const inspectStart = (s: Selection): InspectValues => ({
  inspTeam: s.inspTeam ? s.inspTeam.split('、') : [],
  inspRange: s.inspFrom && s.inspTo ? [dayjs(s.inspFrom), dayjs(s.inspTo)] : undefined,
  inspTalks: s.inspFrom ? s.inspTalks : undefined,
  inspReport: s.inspReport,
  inspected: s.candidates.filter((c) => c.inspected).map((c) => c.cadreId),
})

const inspectBody = (v: InspectValues): InspectForm => ({
  inspTeam: (v.inspTeam ?? []).map((n) => n.trim()).filter(Boolean),
  inspFrom: day(v.inspRange?.[0]),
  inspTo: day(v.inspRange?.[1]),
  inspTalks: v.inspTalks ?? 0,
  inspReport: v.inspReport?.trim() ?? '',
  inspected: v.inspected ?? [],
})

// --- 讨论决定 -------------------------------------------------------------

interface DecideValues {
  meetOn?: Dayjs
  meetName?: string
  meetTotal?: number
  meetPresent?: number
  meetAgree?: number
  appointeeId?: number
}

/** 讨论决定: the meeting, its members present and agreeing, and whom of the inspected it decided to appoint. */
function DecideFields({ s }: { s: Selection }) {
  const inspected = s.candidates.filter((c) => c.inspected)
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item name="meetName" label="会议名称" rules={[{ required: true, whitespace: true, message: '请输入会议名称' }]}>
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="meetOn" label="会议日期" rules={required('请选择会议日期')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="meetTotal" label="应到会成员数" rules={required('请输入应到会成员数')}>
          <InputNumber {...count} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="meetPresent" label="实到会成员数" extra="须有三分之二以上成员到会" rules={required('请输入实到会成员数')}>
          <InputNumber {...count} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="meetAgree" label="同意票数" extra="须应到会成员超过半数同意" rules={required('请输入同意票数')}>
          <InputNumber {...count} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="appointeeId" label="决定任用人选" rules={required('请选择决定任用人选')}>
          <Select
            options={(inspected.length ? inspected : s.candidates).map((c) => ({ value: c.cadreId, label: [c.name, c.unitName, c.post].filter(Boolean).join(' · ') }))}
            placeholder="从考察对象中选择"
          />
        </Form.Item>
      </Col>
    </Row>
  )
}

const decideStart = (s: Selection): DecideValues => ({
  meetOn: dayOf(s.meetOn),
  meetName: s.meetName || '党委常委会',
  meetTotal: s.meetOn ? s.meetTotal : undefined,
  meetPresent: s.meetOn ? s.meetPresent : undefined,
  meetAgree: s.meetOn ? s.meetAgree : undefined,
  appointeeId: s.appointeeId ?? undefined,
})

const decideBody = (v: DecideValues): DecideForm => ({
  meetOn: day(v.meetOn),
  meetName: v.meetName?.trim() ?? '',
  meetTotal: v.meetTotal ?? 0,
  meetPresent: v.meetPresent ?? 0,
  meetAgree: v.meetAgree ?? 0,
  appointeeId: v.appointeeId ?? 0,
})

// --- 任前公示 -------------------------------------------------------------

interface PublicizeValues {
  pubRange?: Range
  pubResult?: string
}

function PublicizeFields() {
  return (
    <>
      <RangeItem name="pubRange" from="pubFrom" to="pubTo" label="公示起止日期" extra="公示期不少于5个工作日" message="请选择公示起止日期" />
      <Form.Item name="pubResult" label="公示结果" rules={[{ max: LIMITS.text, message: `公示结果不超过${LIMITS.text}个字` }]}>
        <Input placeholder="如 公示期间未收到反映" maxLength={LIMITS.text} />
      </Form.Item>
    </>
  )
}

const publicizeStart = (s: Selection): PublicizeValues => ({
  pubRange: s.pubFrom && s.pubTo ? [dayjs(s.pubFrom), dayjs(s.pubTo)] : undefined,
  pubResult: s.pubResult,
})

const publicizeBody = (v: PublicizeValues): PublicizeForm => ({ pubFrom: day(v.pubRange?.[0]), pubTo: day(v.pubRange?.[1]), pubResult: v.pubResult?.trim() ?? '' })

// --- 任职 -----------------------------------------------------------------

interface AppointValues {
  docNo?: string
  appointOn?: Dayjs
  promotion?: boolean
  overReason?: string
}

/** 任职: the appointment document (its number and day), whether a promotion, and why the quota is exceeded when it is full. */
function AppointFields({ s }: { s: Selection }) {
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item name="docNo" label="任职文号" rules={[{ required: true, whitespace: true, message: '请输入任职文号' }]}>
          <Input placeholder="如 校党干〔2026〕12号" maxLength={50} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="appointOn" label="任职日期" rules={required('请选择任职日期')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="promotion"
          label="是否提拔"
          valuePropName="checked"
          extra={s.elected ? '该岗位为选任制职务，不设试用期' : '提拔担任非选任职务的，试用期一年（《党政领导干部选拔任用工作条例》第五十三条）'}
        >
          <Switch checkedChildren="提拔" unCheckedChildren="平级" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="overReason"
          label="超职数理由"
          extra="仅在该单位该职级的核定职数已满时需要填写"
          rules={[{ max: 200, message: '超职数理由不超过200个字' }]}
        >
          <Input maxLength={200} />
        </Form.Item>
      </Col>
    </Row>
  )
}

const appointStart = (s: Selection): AppointValues => ({ docNo: s.docNo, appointOn: dayOf(s.appointOn), promotion: s.appointOn ? s.promotion : true })

const appointBody = (v: AppointValues): AppointForm => ({
  docNo: v.docNo?.trim() ?? '',
  appointOn: day(v.appointOn),
  promotion: !!v.promotion,
  overReason: v.overReason?.trim() ?? '',
})

// --- 试用期满考核 ---------------------------------------------------------

interface ReviewValues {
  reviewOn?: Dayjs
  reviewResult?: ReviewResult
  reviewNote?: string
}

function ReviewFields({ s }: { s: Selection }) {
  return (
    <>
      <Form.Item name="reviewOn" label="考核日期" extra={s.probationUntil ? `试用期至 ${s.probationUntil}` : undefined} rules={required('请选择考核日期')}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="reviewResult" label="考核结果" rules={required('请选择考核结果')}>
        <Radio.Group options={Object.entries(REVIEW_RESULT_NAMES).map(([value, label]) => ({ value, label }))} />
      </Form.Item>
      <Form.Item name="reviewNote" label="说明" rules={[{ max: LIMITS.text, message: `说明不超过${LIMITS.text}个字` }]}>
        <Input.TextArea rows={3} maxLength={LIMITS.text} />
      </Form.Item>
    </>
  )
}

const reviewStart = (s: Selection): ReviewValues => ({ reviewOn: dayOf(s.reviewOn), reviewResult: s.reviewResult || undefined, reviewNote: s.reviewNote })

const reviewBody = (v: ReviewValues): ReviewForm => ({ reviewOn: day(v.reviewOn), reviewResult: v.reviewResult as ReviewResult, reviewNote: v.reviewNote?.trim() ?? '' })

// --- the step's action ------------------------------------------------------

interface StepForm<V> {
  fields: (s: Selection) => ReactNode
  /** What the fields start with: the step's record when it was returned to, to edit and send again. */
  start: (s: Selection) => V
  body: (v: V) => unknown
}

const def = <V,>(f: StepForm<V>) => f as StepForm<unknown>

/** Each step's fields and body (xbry.RecommendForm … ReviewForm), by the flow's step key. */
export const STEP_FORMS: Record<Step, StepForm<unknown>> = {
  recommend: def<RecommendValues>({ fields: (s) => <RecommendFields s={s} />, start: recommendStart, body: recommendBody }),
  inspect: def<InspectValues>({ fields: (s) => <InspectFields s={s} />, start: inspectStart, body: inspectBody }),
  decide: def<DecideValues>({ fields: (s) => <DecideFields s={s} />, start: decideStart, body: decideBody }),
  publicize: def<PublicizeValues>({ fields: () => <PublicizeFields />, start: publicizeStart, body: publicizeBody }),
  appoint: def<AppointValues>({ fields: (s) => <AppointFields s={s} />, start: appointStart, body: appointBody }),
  review: def<ReviewValues>({ fields: (s) => <ReviewFields s={s} />, start: reviewStart, body: reviewBody }),
}

/**
 * The 办理 of a selection's current step: its own fields, sent as `form` with 通过 (a 不通过 or 退回 records
 * nothing of the step, so its fields need not be filled). `sent` hears the step and result of each action sent.
 */
export function stepAction(s: Selection, step: string, sent?: (step: string, result: FlowResult) => void): FlowStepAction {
  const f = STEP_FORMS[step as Step] as StepForm<unknown> | undefined
  if (!f) return {}
  return {
    fields: f.fields(s),
    initialValues: f.start(s) as Record<string, unknown>,
    collect: async (form: FormInstance, result: FlowResult) => {
      if (result !== 'approve') {
        sent?.(step, result)
        return undefined
      }
      const body = f.body(await validateOrScroll(form))
      sent?.(step, result)
      return body
    },
  }
}
