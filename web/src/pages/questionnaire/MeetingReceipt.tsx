import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Result, Spin, Typography } from 'antd'
import { useState } from 'react'
import { Navigate, useLocation, useSearchParams } from 'react-router'
import type { Mark } from '@/api/generated/ballot'
import { SATISFACTION_NAMES, type ReceiptForm, type ReceiptInput, type Satisfaction } from '@/api/generated/orglifeReceipt'
import { MEETING_RECEIPT_PAPER } from '@/api/generated/survey'
import { failureText, isPasswordChangeRequired } from '@/api/request'
import BallotPaper from '@/components/ballot/BallotPaper'
import FactList from '@/components/FactList'
import PasswordDialog from '@/components/password/PasswordDialog'
import { useSessionStore } from '@/stores/session'
import { formatTime } from '@/utils/time'
import { answerReceipt, meetingReceipt, statusOf } from './service'

const page = { maxWidth: 560, margin: '0 auto', padding: 16 }
const MINUTE = 'YYYY-MM-DD HH:mm'

/** The words of a 404: the caller is not on the meeting's list, or it asks for no receipt. */
export const NOT_YOURS = '没有找到需要您填写的会议回执'

function when(f: ReceiptForm): string {
  const day = (v: string) => formatTime(v, 'YYYY-MM-DD')
  return `${formatTime(f.startsAt, MINUTE)}–${formatTime(f.endsAt, day(f.endsAt) === day(f.startsAt) ? 'HH:mm' : MINUTE)}`
}

/** The caller's answer, as sent. */
function Answered({ f }: { f: ReceiptForm }) {
  const a = f.answer!
  return (
    <>
      <Result status="success" title="您已提交回执" subTitle={`提交时间 ${formatTime(a.createTime, MINUTE)}`} />
      <FactList
        column={1}
        facts={[
          ['满意度', SATISFACTION_NAMES[a.satisfaction]],
          ['收获体会', <span style={{ whiteSpace: 'pre-wrap' }}>{a.gains || '—'}</span>, 'filled'],
          ['意见建议', <span style={{ whiteSpace: 'pre-wrap' }}>{a.suggestions || '—'}</span>, 'filled'],
        ]}
      />
    </>
  )
}

/**
 * The questions — 满意度 (required), 收获体会 and 意见建议 — are the receipt's paper declared in Go
 * (MEETING_RECEIPT_PAPER, a questionnaire of 问卷管理), rendered by the ballot paper; its marks become the receipt's body.
 */
function Questions({ f, onAnswered }: { f: ReceiptForm; onAnswered: (f: ReceiptForm) => void }) {
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string>()
  const [mustChange, setMustChange] = useState(false)
  const { pathname, search } = useLocation()
  const queryClient = useQueryClient()
  const submit = async (marks: Mark[]) => {
    const of = (key: string) => marks.find((m) => m.i === key)
    const body: ReceiptInput = { satisfaction: (of('satisfaction')?.c ?? '') as Satisfaction, gains: (of('gains')?.t ?? '').trim(), suggestions: (of('suggestions')?.t ?? '').trim() }
    setBusy(true)
    setRefusal(undefined)
    try {
      onAnswered(await answerReceipt(f.meetingId, body))
    } catch (e) {
      if (isPasswordChangeRequired(e)) setMustChange(true)
      else {
        setRefusal(await failureText(e))
        // 您已提交回执 (another tab, or a second tap): show what was sent.
        if (statusOf(e) === 409) void queryClient.invalidateQueries({ queryKey: ['meetingReceipt', f.meetingId] })
      }
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <BallotPaper paper={MEETING_RECEIPT_PAPER} onSubmit={(marks) => void submit(marks)} submitText="提交回执" busy={busy} />
      {mustChange && <PasswordDialog open forced returnTo={pathname + search} onClose={() => setMustChange(false)} />}
    </>
  )
}

function Body({ f, onAnswered }: { f: ReceiptForm; onAnswered: (f: ReceiptForm) => void }) {
  switch (f.status) {
    case 'answered':
      return <Answered f={f} />
    case 'notYet':
      return <Result status="info" title="会议结束后才能填写回执" subTitle="会议结束时您会收到填写回执的通知。" />
    case 'over':
      return <Result status="warning" title="回执填写已截止" subTitle={f.deadline ? `截止时间 ${formatTime(f.deadline, MINUTE)}` : undefined} />
    default:
      return (
        <>
          {f.deadline && <Typography.Paragraph type="secondary">请于 {formatTime(f.deadline, MINUTE)} 前填写，提交后不能修改。</Typography.Paragraph>}
          <Questions f={f} onAnswered={onAnswered} />
        </>
      )
  }
}

/**
 * 会议回执 (/questionnaire/meeting?id=<meeting>): a member on the meeting's list answers once, after it closed —
 * 满意度, 收获体会, 意见建议. Signed out, the login page brings them back here; anyone not on the list reads why
 * there is nothing to answer.
 */
export default function MeetingReceipt() {
  const [params] = useSearchParams()
  const { pathname, search } = useLocation()
  const signedIn = useSessionStore((s) => s.signedIn)
  const id = Number(params.get('id'))
  const valid = Number.isInteger(id) && id > 0
  const queryClient = useQueryClient()
  const q = useQuery({
    queryKey: ['meetingReceipt', id],
    enabled: valid && signedIn,
    queryFn: async () => {
      try {
        return await meetingReceipt(id)
      } catch (e) {
        throw Object.assign(new Error(await failureText(e)), { status: statusOf(e), mustChange: isPasswordChangeRequired(e) })
      }
    },
  })
  const [mustChange, setMustChange] = useState(true)
  const login = `/login?redirect=${encodeURIComponent(pathname + search)}`
  if (!valid) return <Result status="warning" title="回执链接无效" subTitle="请从消息中心的会议回执通知打开。" />
  const failure = q.error as (Error & { status?: number; mustChange?: boolean }) | null
  if (!signedIn || failure?.status === 401) return <Navigate to={login} replace />
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  if (failure?.mustChange)
    return mustChange ? <PasswordDialog open forced returnTo={pathname + search} onClose={() => setMustChange(false)} /> : <Result status="warning" title="请先修改初始密码" />
  if (failure?.status === 404)
    return <Result status="404" title={NOT_YOURS} subTitle="只有本次会议的参会党员可以填写回执，请确认登录的是您本人的账号。" />
  if (q.isError || !q.data) return <Result status="error" title={failure?.message ?? '回执加载失败'} extra={<Button onClick={() => void q.refetch()}>重试</Button>} />
  const f = q.data
  return (
    <div style={page}>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          会议回执：{f.topic}
        </Typography.Title>
        <FactList column={1} facts={[['党组织', f.orgName], ['会议类型', f.typeName], ['时间', when(f)], ['地点', f.place || '—'], ['主持人', f.host || '—']]} />
      </Card>
      <div style={{ marginTop: 24 }}>
        <Body f={f} onAnswered={(answered) => queryClient.setQueryData(['meetingReceipt', id], answered)} />
      </div>
    </div>
  )
}
