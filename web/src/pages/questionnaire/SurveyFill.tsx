import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Modal, Result, Spin, Typography } from 'antd'
import { useState } from 'react'
import { Navigate, useLocation } from 'react-router'
import type { Mark } from '@/api/generated/ballot'
import { MSG_BAD_LINK, MSG_NOT_AUDIENCE, PUBLIC_PREFIX, type Fill } from '@/api/generated/survey'
import { failureText, isPasswordChangeRequired } from '@/api/request'
import BallotPaper from '@/components/ballot/BallotPaper'
import PasswordDialog from '@/components/password/PasswordDialog'
import { useSessionStore } from '@/stores/session'
import { formatTime } from '@/utils/time'
import { answerSurvey, openSurvey, statusOf } from './service'

const page = { maxWidth: 560, margin: '0 auto', padding: 16 }
const MINUTE = 'YYYY-MM-DD HH:mm'

/** The token of a public link /questionnaire/s/<token> ('' for none). */
export const tokenOf = (pathname: string) => {
  const rest = pathname.replace(/\/+$/, '').slice(PUBLIC_PREFIX.length)
  return pathname.startsWith(PUBLIC_PREFIX) && /^[0-9a-f]{32}$/.test(rest) ? rest : ''
}

const ANONYMOUS_NOTE = '本问卷为匿名问卷：不记录填写人，任何人都无法查看您的答卷与您的关联。'

/**
 * The paper and its submission: confirmation first, then the server's answer. A refusal is the page's to show
 * (onRefused): a second answer (409) reloads the questionnaire, which then shows it answered in the paper's
 * place, and the refusal must stay in sight above it — else the person reads only 您已填写本问卷 and takes
 * the refused answer for recorded.
 */
function Paper({ f, token, onAnswered, onRefused }: { f: Fill; token: string; onAnswered: (f: Fill) => void; onRefused: (message?: string) => void }) {
  const [busy, setBusy] = useState(false)
  const client = useQueryClient()
  const submit = (marks: Mark[]) =>
    Modal.confirm({
      title: '确认提交问卷？',
      content: '提交后不能修改。',
      okText: '提交',
      cancelText: '再看看',
      onOk: async () => {
        setBusy(true)
        onRefused(undefined)
        try {
          onAnswered(await answerSurvey(token, marks))
        } catch (e) {
          onRefused(await failureText(e))
          if (statusOf(e) === 409) void client.invalidateQueries({ queryKey: ['survey', token] })
        } finally {
          setBusy(false)
        }
      },
    })
  return (
    <>
      {f.anonymous && <Alert type="info" showIcon title={ANONYMOUS_NOTE} style={{ marginBottom: 12 }} />}
      {f.closesAt && <Typography.Paragraph type="secondary">请于 {formatTime(f.closesAt, MINUTE)} 前填写，每人只能填写一次。</Typography.Paragraph>}
      <BallotPaper paper={f.paper} onSubmit={submit} submitText="提交问卷" busy={busy} />
    </>
  )
}

/**
 * 填写问卷 (/questionnaire/s/<token>): a member of the questionnaire's audience, signed in, answers once on a
 * phone. Signed out, the login page brings them back; a wrong, stopped or expired link and someone outside the
 * audience each read one sentence saying so.
 */
export default function SurveyFill() {
  const { pathname, search } = useLocation()
  const signedIn = useSessionStore((s) => s.signedIn)
  const token = tokenOf(pathname)
  const client = useQueryClient()
  const [mustChange, setMustChange] = useState(true)
  const [refusal, setRefusal] = useState<string>()
  const q = useQuery({
    queryKey: ['survey', token],
    enabled: token !== '' && signedIn,
    retry: false,
    queryFn: async () => {
      try {
        return await openSurvey(token)
      } catch (e) {
        throw Object.assign(new Error(await failureText(e)), { status: statusOf(e), mustChange: isPasswordChangeRequired(e) })
      }
    },
  })
  if (!token) return <Result status="warning" title={MSG_BAD_LINK} subTitle="请从消息中心的通知或发放人提供的链接打开问卷。" />
  const failure = q.error as (Error & { status?: number; mustChange?: boolean }) | null
  if (!signedIn || failure?.status === 401) return <Navigate to={`/login?redirect=${encodeURIComponent(pathname + search)}`} replace />
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  if (failure?.mustChange)
    return mustChange ? <PasswordDialog open forced returnTo={pathname + search} onClose={() => setMustChange(false)} /> : <Result status="warning" title="请先修改初始密码" />
  if (failure?.status === 404) return <Result status="warning" title={MSG_BAD_LINK} subTitle="问卷可能已停止收集、已过截止时间，或链接不完整。" />
  if (failure?.status === 403) return <Result status="403" title={MSG_NOT_AUDIENCE} subTitle="请确认登录的是您本人的账号；如有疑问请联系问卷发布人。" />
  if (q.isError || !q.data) return <Result status="error" title={failure?.message ?? '问卷加载失败'} extra={<Button onClick={() => void q.refetch()}>重试</Button>} />
  const f = q.data
  return (
    <div style={page}>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>{f.title}</Typography.Title>
        <Typography.Text type="secondary">{f.orgName}</Typography.Text>
      </Card>
      <div style={{ marginTop: 16 }}>
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} />}
        {f.answered ? (
          <Result status="success" title="您已填写本问卷" subTitle={f.anonymous ? ANONYMOUS_NOTE : '感谢您的参与。'} />
        ) : (
          <Paper f={f} token={token} onAnswered={(answered) => client.setQueryData(['survey', token], answered)} onRefused={setRefusal} />
        )}
      </div>
    </div>
  )
}
