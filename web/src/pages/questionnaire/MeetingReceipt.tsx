import { useQuery } from '@tanstack/react-query'
import { Button, Result, Spin } from 'antd'
import { useState } from 'react'
import { Navigate, useLocation, useSearchParams } from 'react-router'
import { MSG_NO_RECEIPT } from '@/api/generated/survey'
import { failureText, isPasswordChangeRequired } from '@/api/request'
import PasswordDialog from '@/components/password/PasswordDialog'
import { useSessionStore } from '@/stores/session'
import { formatTime } from '@/utils/time'
import { meetingReceipt, statusOf } from './service'

/**
 * 会议回执 (/questionnaire/meeting?id=<meeting>), the page the receipts' first messages linked: the receipt is a
 * questionnaire of 问卷管理 now, so a member on the meeting's list is taken to its link (/questionnaire/s/<token>);
 * a receipt past its deadline says so; anyone else reads why there is nothing to answer. Signed out, the login page
 * brings them back here.
 */
export default function MeetingReceipt() {
  const [params] = useSearchParams()
  const { pathname, search } = useLocation()
  const signedIn = useSessionStore((s) => s.signedIn)
  const id = Number(params.get('id'))
  const valid = Number.isInteger(id) && id > 0
  const q = useQuery({
    queryKey: ['meetingReceipt', id],
    enabled: valid && signedIn,
    gcTime: 0, // where to go is read afresh on every visit: never a link remembered from an earlier one
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
    return <Result status="404" title={MSG_NO_RECEIPT} subTitle="只有本次会议的参会党员可以填写回执，请确认登录的是您本人的账号。" />
  if (q.isError || !q.data) return <Result status="error" title={failure?.message ?? '回执加载失败'} extra={<Button onClick={() => void q.refetch()}>重试</Button>} />
  const r = q.data
  if (r.over && !r.answered)
    return <Result status="warning" title="回执填写已截止" subTitle={r.closesAt ? `截止时间 ${formatTime(r.closesAt, 'YYYY-MM-DD HH:mm')}` : undefined} />
  if (r.over) return <Result status="success" title="您已提交回执" subTitle="回执填写已截止。" />
  return <Navigate to={r.link} replace />
}
