import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Result, Spin, Typography } from 'antd'
import { useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { useDocumentTitle } from '@/app/useDocumentTitle'
import FactList from '@/components/FactList'
import ModuleNotReady from '@/components/ModuleNotReady'
import { withQueryClient } from '@/components/withQueryClient'
import { useSessionStore } from '@/stores/session'
import { formatTime } from '@/utils/time'
import LeaveForm from './LeaveForm'
import MyChecksPage, { CHECK_PATH } from './MyChecks'
import { failureText, isPasswordChangeRequired } from '@/api/request'
import PasswordDialog from '@/components/password/PasswordDialog'
import { isSignedOut, signIn, signMeeting } from './service'
import type { SignMeeting, SignResult } from '@/api/generated/orglifeSign'

/** The sign-in page's path (the screen's QR code opens it with ?t=). */
export const SIGN_PATH = '/democratic/meeting/sign'

const page = { maxWidth: 480, margin: '0 auto', padding: 16 }
const bigButton = { height: 64, fontSize: 22 }

/** When the meeting is held: the end's time alone when it ends on the day it starts. */
function when(m: SignMeeting): string {
  const day = (v: string) => formatTime(v, 'YYYY-MM-DD')
  return `${formatTime(m.startsAt, 'YYYY-MM-DD HH:mm')}–${formatTime(m.endsAt, day(m.endsAt) === day(m.startsAt) ? 'HH:mm' : 'YYYY-MM-DD HH:mm')}`
}

/** After signing in: 签到成功 (or 您已签到, from an earlier scan) with the time, and whether it was late. */
function Signed({ r }: { r: SignResult }) {
  const late = r.status === 'late' ? '（迟到）' : ''
  return <Result status="success" title={r.already ? '您已签到' : '签到成功'} subTitle={`签到时间 ${formatTime(r.signedAt, 'HH:mm:ss')}${late}`} />
}

/**
 * 扫码签到 (public): the meeting the code names, then a big 签到 button for a signed-in member, or 登录后签到
 * (the login page brings them back here). The server's refusals (签到码已过期，请重新扫码 …) show as it words them.
 */
function SignPage({ t }: { t: string }) {
  const { pathname, search } = useLocation()
  const signedIn = useSessionStore((s) => s.signedIn)
  const [signedOut, setSignedOut] = useState(false)
  const [result, setResult] = useState<SignResult>()
  const [refusal, setRefusal] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [leaving, setLeaving] = useState(false)
  // The account still has its initial (or a reset) password: the server refuses everything until it is changed.
  const [mustChange, setMustChange] = useState(false)
  const meeting = useQuery({
    queryKey: ['signMeeting', t],
    queryFn: async () => {
      try {
        return await signMeeting(t)
      } catch (e) {
        throw new Error(await failureText(e))
      }
    },
  })
  if (meeting.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  if (meeting.isError || !meeting.data) return <Result status="warning" title={meeting.error?.message ?? '签到码无效'} />
  const m = meeting.data

  const sign = async () => {
    setBusy(true)
    setRefusal(undefined)
    try {
      setResult(await signIn(t))
    } catch (e) {
      if (isSignedOut(e)) setSignedOut(true)
      else if (isPasswordChangeRequired(e)) setMustChange(true)
      else setRefusal(await failureText(e))
    } finally {
      setBusy(false)
    }
  }
  const login = `/login?redirect=${encodeURIComponent(pathname + search)}`
  const action = result ? (
    <Signed r={result} />
  ) : !signedIn || signedOut ? (
    <Link to={login}>
      <Button type="primary" block size="large" style={bigButton}>
        登录后签到
      </Button>
    </Link>
  ) : leaving ? (
    <LeaveForm t={t} onCancel={() => setLeaving(false)} onSignedOut={() => setSignedOut(true)} onMustChange={() => setMustChange(true)} />
  ) : (
    <>
      <Button type="primary" block size="large" style={bigButton} loading={busy} onClick={() => void sign()}>
        签到
      </Button>
      <Button type="link" block style={{ marginTop: 12 }} onClick={() => setLeaving(true)}>
        不能参加？请假
      </Button>
    </>
  )
  return (
    <div style={page}>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {m.topic}
        </Typography.Title>
        <FactList column={1} facts={[['党组织', m.orgName], ['会议类型', m.typeName], ['时间', when(m)], ['地点', m.place || '—']]} />
      </Card>
      <div style={{ marginTop: 24 }}>
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
        {action}
      </div>
      {/* The change signs the account out; signing in again comes back here to sign. */}
      {mustChange && <PasswordDialog open forced returnTo={pathname + search} onClose={() => setMustChange(false)} />}
    </div>
  )
}

/** Public democratic-meeting pages (/democratic/meeting*): the phone sign-in, a member's own 对照检查材料; the others come later. */
function DemocraticMeetingPage() {
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const sign = pathname === SIGN_PATH
  const check = pathname === CHECK_PATH
  useDocumentTitle(sign ? '会议签到' : check ? '提交对照检查材料' : '民主生活会')
  if (check)
    return (
      <div style={page}>
        <MyChecksPage />
      </div>
    )
  if (!sign) return <ModuleNotReady title="民主生活会" />
  const t = params.get('t')
  return t ? <SignPage t={t} /> : <Result status="warning" title="签到码无效" subTitle="请扫描会议现场的签到二维码。" />
}

/** A public page: outside the signed-in shell, so with a react-query client of its own. */
export default withQueryClient(DemocraticMeetingPage)
