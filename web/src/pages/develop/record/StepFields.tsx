import { Alert, DatePicker, Form, Input, InputNumber, Radio, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import type { DevRecord, RuleConfig } from '@/api/develop'
import { searchMembers } from '@/components/member/service'
import RemoteSelect from '@/components/RemoteSelect'

const DAY = 'YYYY-MM-DD'

/** The steps with fields of their own beyond the date (docs/develop.md, the steps' table). */
export const STEPS_WITH_FIELDS: ReadonlySet<string> = new Set([
  'talk',
  'activist',
  'contacts',
  'sponsors',
  'politicalReview',
  'branchMeeting',
  'committeeTalk',
  'committeeApproval',
  'placement',
  'fullMeeting',
  'archive',
])

/** What only an approval records; a refusal or a return sends the date alone. */
export function stepForm(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '') continue
    out[k] = dayjs.isDayjs(v) ? v.format(DAY) : typeof v === 'string' ? v.trim() : v
  }
  return out
}

/** More than half: the smallest count above half of n (a quorum, a majority). */
export const overHalf = (n: number) => Math.floor(n / 2) + 1

const notFuture = (d: Dayjs) => d.isAfter(dayjs(), 'day')
const req = (message: string) => [{ required: true, message }]

/** The date of `months` after an ISO date ('' when there is none). */
const monthsAfter = (iso: string, months: number) => (iso ? dayjs(iso).add(months, 'month') : null)

/**
 * 到会 / 表决 of a branch meeting (⑮, ㉓) with the live check of 细则: more than half of those who should attend
 * present, and more than half of them (of those who should attend) agreeing.
 */
function Votes() {
  const form = Form.useFormInstance()
  const should = Number(Form.useWatch('shouldAttend', form) ?? 0)
  const present = Number(Form.useWatch('present', form) ?? 0)
  const agree = Number(Form.useWatch('agree', form) ?? 0)
  const against = Number(Form.useWatch('against', form) ?? 0)
  const abstain = Number(Form.useWatch('abstain', form) ?? 0)
  const need = should > 0 ? overHalf(should) : 0
  const num = (name: string, label: string) => (
    <Form.Item label={label} name={name} rules={req(`请输入${label}`)} style={{ display: 'inline-block', width: 120, marginRight: 8 }}>
      <InputNumber min={0} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  )
  const hint = (ok: boolean, text: string) => (
    <div className={ok ? 'vote-ok' : 'vote-bad'}>
      <Typography.Text type={ok ? 'success' : 'danger'}>{text}</Typography.Text>
    </div>
  )
  return (
    <>
      <div>
        {num('shouldAttend', '应到会人数')}
        {num('present', '实到会人数')}
      </div>
      <div>
        {num('agree', '赞成')}
        {num('against', '反对')}
        {num('abstain', '弃权')}
      </div>
      {should > 0 && (
        <div style={{ marginBottom: 16 }} data-testid="vote-hints">
          {hint(present >= need, present >= need ? `到会 ${present} 人，超过应到会人数半数` : `到会人数须超过应到会人数的半数（至少 ${need} 人）`)}
          {hint(agree >= need, agree >= need ? `赞成 ${agree} 票，超过应到会人数半数` : `赞成票须超过应到会人数的半数（至少 ${need} 票）`)}
          {agree + against + abstain > present && hint(false, `赞成、反对、弃权合计 ${agree + against + abstain}，超过实到会人数`)}
        </div>
      )}
    </>
  )
}

/**
 * A late step's reason (kept with the record as an accepted exception): required once the date passes the
 * rule's limit. Always there, so the server's refusal naming it (its own count of the limit) shows at it.
 */
function LateReason({ limit, what }: { limit: Dayjs | null; what: string }) {
  const form = Form.useFormInstance()
  const on = Form.useWatch('date', form) as Dayjs | undefined
  const late = !!(limit && on && on.isAfter(limit, 'day'))
  return (
    <Form.Item
      label={late ? '逾期原因' : '逾期原因（逾期办理时填写）'}
      name="lateReason"
      rules={late ? req('请填写逾期原因') : []}
      extra={limit ? `${what}（${limit.format(DAY)} 前），逾期办理须说明原因并记录` : what}
    >
      <Input.TextArea rows={2} maxLength={500} />
    </Form.Item>
  )
}

function MemberPicker({ max, ...rest }: { max: number; value?: number[]; onChange?: (v: number[]) => void; id?: string }) {
  return <RemoteSelect {...(rest as object)} multiple placeholder={`选择正式党员（${max} 人以内）`} emptyText="没有找到正式党员" search={(t) => searchMembers(t)} />
}

interface Props {
  stepKey: string
  record: DevRecord
  rules: RuleConfig
}

/** The step's own fields (docs/develop.md): the date always, then what the step records. */
export default function StepFields({ stepKey, record, rules }: Props) {
  const form = Form.useFormInstance()
  const decision = Form.useWatch('decision', form) as string | undefined
  const date = (
    <Form.Item label="办理日期" name="date" rules={req('请选择办理日期')}>
      <DatePicker style={{ width: 200 }} disabledDate={notFuture} />
    </Form.Item>
  )
  switch (stepKey) {
    case 'talk':
      return (
        <>
          {date}
          <Form.Item label="谈话人" name="talker" rules={req('请输入谈话人')}>
            <Input maxLength={50} style={{ maxWidth: 320 }} />
          </Form.Item>
          <Form.Item label="谈话内容" name="content" rules={req('请输入谈话内容')}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
          <LateReason limit={monthsAfter(record.appliedOn, rules.talkWithinMonths)} what={`应在递交入党申请书后 ${rules.talkWithinMonths} 个月内谈话`} />
        </>
      )
    case 'activist':
      return (
        <>
          {date}
          <Form.Item label="推荐方式" name="method" rules={req('请选择推荐方式')}>
            <Radio.Group options={['党员推荐', '群团组织推优'].map((v) => ({ value: v, label: v }))} />
          </Form.Item>
          <Form.Item label="推荐人（组织）" name="recommenders">
            <Input maxLength={200} />
          </Form.Item>
        </>
      )
    case 'contacts':
      return (
        <>
          {date}
          <Form.Item
            label="培养联系人"
            name="contactIds"
            rules={[
              { required: true, message: '请选择培养联系人' },
              { type: 'array', max: rules.contactPersons, message: `培养联系人至多 ${rules.contactPersons} 人` },
            ]}
            extra={`1 至 ${rules.contactPersons} 名正式党员`}
          >
            <MemberPicker max={rules.contactPersons} />
          </Form.Item>
        </>
      )
    case 'sponsors':
      return (
        <>
          {date}
          <Form.Item
            label="入党介绍人"
            name="sponsorIds"
            rules={[
              { required: true, message: '请选择入党介绍人' },
              { type: 'array', len: rules.sponsors, message: `入党介绍人应为 ${rules.sponsors} 名正式党员` },
            ]}
            extra={`${rules.sponsors} 名正式党员`}
          >
            <MemberPicker max={rules.sponsors} />
          </Form.Item>
        </>
      )
    case 'politicalReview':
      return (
        <>
          {date}
          <Form.Item label="审查结论" name="conclusion" rules={req('请输入审查结论')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="审查内容" name="content">
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </>
      )
    case 'branchMeeting':
      return (
        <>
          {date}
          <Votes />
        </>
      )
    case 'committeeTalk':
      return (
        <>
          {date}
          <Form.Item label="谈话人" name="talker" rules={req('请输入谈话人')}>
            <Input maxLength={50} style={{ maxWidth: 320 }} />
          </Form.Item>
          <Form.Item
            label="决议报送日期"
            name="reportedOn"
            rules={req('请选择支部大会决议报送日期')}
            extra={`支部大会决议应在 ${rules.reportRediscussMonths} 个月内报上级党委；超过须重新讨论，超过 ${rules.reportRestartMonths} 个月须重新履行程序`}
          >
            <DatePicker style={{ width: 200 }} disabledDate={notFuture} />
          </Form.Item>
        </>
      )
    case 'committeeApproval':
      return (
        <>
          {date}
          <LateReason
            limit={monthsAfter(record.admittedOn, rules.approvalNormalMonths)}
            what={`上级党委应在支部大会后 ${rules.approvalNormalMonths} 个月内审批，最长不超过 ${rules.approvalMaxMonths} 个月`}
          />
        </>
      )
    case 'placement':
      return (
        <>
          {date}
          <Form.Item label="编入党小组" name="group" rules={req('请输入党小组')}>
            <Input maxLength={100} style={{ maxWidth: 320 }} />
          </Form.Item>
        </>
      )
    case 'fullMeeting':
      return (
        <>
          {date}
          <Votes />
          <Form.Item label="讨论结果" name="decision" rules={req('请选择讨论结果')}>
            <Radio.Group
              options={[
                { value: 'full', label: '按期转正' },
                { value: 'extend', label: '延长预备期' },
                { value: 'cancel', label: '取消预备党员资格' },
              ]}
            />
          </Form.Item>
          {decision === 'full' && record.probationEndsOn && (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`预备期至 ${record.probationEndsOn}，转正日期为预备期满之日`} />
          )}
          {decision === 'extend' && (
            <Form.Item
              label="延长预备期（月）"
              name="extendMonths"
              rules={[
                { required: true, message: '请输入延长月数' },
                {
                  type: 'number',
                  min: rules.extensionMinMonths,
                  max: rules.extensionMaxMonths,
                  message: `预备期延长 ${rules.extensionMinMonths} 至 ${rules.extensionMaxMonths} 个月`,
                },
              ]}
            >
              <InputNumber min={1} max={24} precision={0} />
            </Form.Item>
          )}
        </>
      )
    case 'archive':
      return (
        <>
          {date}
          <Form.Item label="归档位置" name="place" rules={req('请输入归档位置')}>
            <Input maxLength={100} style={{ maxWidth: 320 }} placeholder="如：学校组织部档案室" />
          </Form.Item>
        </>
      )
    default:
      return date
  }
}
