import { Alert, DatePicker, Form, Input, InputNumber, Radio, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useState } from 'react'
import { fetchVoters, type DevRecord, type RuleConfig, type Voters } from '@/api/develop'
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
  'fullApproval',
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

/**
 * The date of `months` calendar months after an ISO date (null when there is none): the server's date.AddMonths, the
 * day clamped to the month's end (31 January + 1 month = 28 or 29 February), so the form's deadline is the rule's.
 */
export const monthsAfter = (iso: string | null, months: number) => (iso ? dayjs(iso).add(months, 'month') : null)

/** Whether a step done on `on` is past `limit` (the day itself is in time, as the server counts). */
export const isLate = (limit: Dayjs | null, on: Dayjs | null | undefined) => !!(limit && on && on.isAfter(limit, 'day'))

/** The hints of a tally against 应到 (细则第二十条、第二十一条、第二十四条): what passes and what cannot be. */
export function voteHints(by: 'branch' | 'committee', v: { should: number; present: number; written: number; agree: number; against: number; abstain: number }) {
  const need = overHalf(v.should)
  const who = by === 'branch' ? '应到会人数' : '应到会委员'
  const out: { ok: boolean; text: string }[] = [
    v.present >= need
      ? { ok: true, text: `到会 ${v.present} 人，超过${who}半数` }
      : { ok: false, text: `到会人数须超过${who}的半数（至少 ${need} 人）` },
    v.agree >= need
      ? { ok: true, text: `${by === 'branch' ? '赞成' : '同意'} ${v.agree} ${by === 'branch' ? '票' : '人'}，超过${who}半数` }
      : { ok: false, text: `${by === 'branch' ? '赞成票' : '同意人数'}须超过${who}的半数（至少 ${need} ${by === 'branch' ? '票' : '人'}）` },
  ]
  if (v.present + v.written > v.should) out.push({ ok: false, text: `实到与书面意见合计 ${v.present + v.written}，超过${who} ${v.should}` })
  const votes = v.agree + v.against + v.abstain
  if (votes > v.present + v.written) out.push({ ok: false, text: `赞成、反对、弃权合计 ${votes}，超过实到会人数与书面意见数之和` })
  return out
}

/**
 * 到会 / 表决 of a step decided by a vote with the live check of 细则: at ⑮ and ㉓ the branch's roster on the chosen
 * date (the server's count, read-only), the members present, the written opinions of those who could not attend
 * (counted as votes) and the votes; at ⑰ and ㉔ the higher committee's members (read-only when it records them),
 * those present and those agreeing.
 */
function Votes({ recordId, by }: { recordId: number; by: 'branch' | 'committee' }) {
  const form = Form.useFormInstance()
  const day = Form.useWatch('date', form) as Dayjs | undefined
  const iso = day ? day.format(DAY) : ''
  const [voters, setVoters] = useState<Voters | null>(null)
  useEffect(() => {
    if (!iso) return
    let live = true
    fetchVoters(recordId, iso)
      .then((v) => {
        if (!live) return
        setVoters(v)
        if (v.fixed) form.setFieldValue('shouldAttend', v.shouldAttend)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [recordId, iso, form])
  const n = (watched: unknown) => Number(watched ?? 0)
  const v = { should: n(Form.useWatch('shouldAttend', form)), present: n(Form.useWatch('present', form)), written: n(Form.useWatch('written', form)), agree: n(Form.useWatch('agree', form)), against: n(Form.useWatch('against', form)), abstain: n(Form.useWatch('abstain', form)) }
  const num = (name: string, label: string, extra: { disabled?: boolean; optional?: boolean } = {}) => (
    <Form.Item
      label={label}
      name={name}
      rules={extra.optional ? [] : req(`请输入${label}`)}
      style={{ display: 'inline-block', width: 130, marginRight: 8 }}
    >
      <InputNumber min={0} max={v.should || undefined} precision={0} disabled={extra.disabled} style={{ width: '100%' }} />
    </Form.Item>
  )
  const fixed = !!voters?.fixed
  const whose =
    by === 'branch'
      ? `${voters?.orgName ?? '本支部'}${iso ? ` ${iso} ` : ''}有表决权的正式党员（不含预备党员、停止党籍等），由系统统计`
      : fixed
        ? `${voters?.orgName ?? '上级党委'}登记的书记、委员，由系统统计`
        : `${voters?.orgName ?? '上级党委'}未登记委员会成员，请填写应到会委员人数（3 至 30 人）`
  return (
    <>
      <div>
        {num('shouldAttend', by === 'branch' ? '应到会人数' : '应到会委员', { disabled: by === 'branch' || fixed })}
        {num('present', by === 'branch' ? '实到会人数' : '到会委员')}
        {by === 'branch' && num('written', '书面意见', { optional: true })}
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
        {whose}
        {by === 'branch'
          ? '；因故不能到会、会前正式提交书面意见的党员计入票数（细则第二十一条）'
          : '；办理日期即党委会议日期，集体讨论和表决（细则第二十四条）'}
      </Typography.Paragraph>
      <div>
        {num('agree', by === 'branch' ? '赞成（含书面）' : '同意')}
        {by === 'branch' && num('against', '反对', { optional: true })}
        {by === 'branch' && num('abstain', '弃权', { optional: true })}
      </div>
      {v.should > 0 && (
        <div style={{ marginBottom: 16 }} data-testid="vote-hints">
          {voteHints(by, v).map((h) => (
            <div key={h.text} className={h.ok ? 'vote-ok' : 'vote-bad'}>
              <Typography.Text type={h.ok ? 'success' : 'danger'}>{h.text}</Typography.Text>
            </div>
          ))}
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
  const late = isLate(limit, on)
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
export default function StepFields(props: Props) {
  return (
    <>
      <Form.Item label="办理日期" name="date" rules={req('请选择办理日期')}>
        <DatePicker style={{ width: 200 }} disabledDate={notFuture} />
      </Form.Item>
      <RecordedFields {...props} />
    </>
  )
}

/** What a step records besides its date (nothing for the steps without fields of their own). */
function RecordedFields({ stepKey, record, rules }: Props) {
  const form = Form.useFormInstance()
  const decision = Form.useWatch('decision', form) as string | undefined
  switch (stepKey) {
    case 'talk':
      return (
        <>
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
      )
    case 'sponsors':
      return (
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
      )
    case 'politicalReview':
      return (
        <>
          <Form.Item label="审查结论" name="conclusion" rules={req('请输入审查结论')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="审查内容" name="content">
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </>
      )
    case 'branchMeeting':
      return <Votes recordId={record.id} by="branch" />
    case 'committeeTalk':
      return (
        <>
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
          <Votes recordId={record.id} by="committee" />
          <LateReason
            limit={monthsAfter(record.admittedOn, rules.approvalNormalMonths)}
            what={`上级党委应在支部大会后 ${rules.approvalNormalMonths} 个月内审批，最长不超过 ${rules.approvalMaxMonths} 个月`}
          />
        </>
      )
    case 'placement':
      return (
        <Form.Item label="编入党小组" name="group" rules={req('请输入党小组')}>
          <Input maxLength={100} style={{ maxWidth: 320 }} />
        </Form.Item>
      )
    case 'fullMeeting':
      return (
        <>
          <Votes recordId={record.id} by="branch" />
          <Form.Item
            label="讨论结果"
            name="decision"
            rules={req('请选择讨论结果')}
            extra={
              record.extensions > 0
                ? '预备期已延长过一次，不能再次延长（细则第三十二条）'
                : record.probationEndsOn
                  ? `预备期至 ${record.probationEndsOn} 届满；延长预备期只能一次，届满时讨论（细则第三十二条）`
                  : undefined
            }
          >
            <Radio.Group
              options={[
                { value: 'full', label: '按期转正' },
                { value: 'extend', label: '延长预备期', disabled: record.extensions > 0 },
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
    case 'fullApproval':
      return <Votes recordId={record.id} by="committee" />
    case 'archive':
      return (
        <Form.Item label="归档位置" name="place" rules={req('请输入归档位置')}>
          <Input maxLength={100} style={{ maxWidth: 320 }} placeholder="如：学校组织部档案室" />
        </Form.Item>
      )
    default:
      return null
  }
}
