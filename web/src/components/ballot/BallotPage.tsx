import { useQuery, useQueryClient } from '@tanstack/react-query'
import axios from 'axios'
import { Alert, Button, Card, Form, Input, Modal, Result, Spin, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { CODE_LEN, type Mark, type VoterView } from '@/api/generated/ballot'
import { failureText } from '@/api/request'
import { useSessionStore } from '@/stores/session'
import { formatTime } from '@/utils/time'
import { castBallot, castByCode, codeView, voterView } from './api'
import BallotPaper from './BallotPaper'
import { accountDraftKey, clearDraft, codeDraftKey, restoreDraft, saveDraft } from './draft'

const page = { maxWidth: 640, margin: '0 auto', padding: 16 }
const MINUTE = 'YYYY-MM-DD HH:mm'
const statusOf = (e: unknown) => (axios.isAxiosError(e) ? (e.response?.status ?? 0) : 0)

/** The words of a 404: no such round, or the caller is not on its roll (the server answers both alike). */
export const NOT_ON_ROLL = '没有找到需要您参加的投票'
export const SECRET_NOTE = '选票不记名：系统只记录您是否已投票，不记录您的选择，任何人（包括管理员）都无法查看您投了什么。'
export const RESTORED_NOTE = '已恢复您上次未提交的填写内容'

function Voted() {
  return <Result status="success" title="您已投票" subTitle={SECRET_NOTE} />
}

interface BallotProps {
  v: VoterView
  cast: (marks: Mark[]) => Promise<unknown>
  /** The cast was answered for good: accepted (true), or refused with a 409 (voted already, voting over). */
  onVoted: (accepted: boolean) => void
  /** The storage key of the voter's draft on this device (draft.ts); none: the answers live in the page only. */
  draft?: string
}

/**
 * The paper of a round and its cast: confirmation first, then the round's own answer. The answers are kept as a draft
 * on the device while the voter fills them in, restored when the page opens again, dropped once the ballot is accepted
 * or refused for good (409: voted already, voting over).
 */
function Ballot({ v, cast, onVoted, draft }: BallotProps) {
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string>()
  const [restored] = useState(() => (draft && !v.voted && !v.over ? restoreDraft(draft) : undefined))
  useEffect(() => {
    if (draft && (v.voted || v.over)) clearDraft(draft)
  }, [draft, v.voted, v.over])
  const done = (accepted: boolean) => {
    if (draft) clearDraft(draft)
    onVoted(accepted)
  }
  if (v.voted) return <Voted />
  if (v.over) return <Result status="warning" title="投票已结束" subTitle="本轮投票已截止，不能再投票。" />
  const submit = (marks: Mark[]) =>
    Modal.confirm({
      title: '确认提交选票？',
      content: '提交后不能修改。',
      okText: '提交',
      cancelText: '再看看',
      onOk: async () => {
        setBusy(true)
        setRefusal(undefined)
        try {
          await cast(marks)
          done(true)
        } catch (e) {
          setRefusal(await failureText(e))
          if (statusOf(e) === 409) done(false)
        } finally {
          setBusy(false)
        }
      },
    })
  return (
    <>
      <Alert type="info" showIcon title={SECRET_NOTE} style={{ marginBottom: 12 }} />
      {v.closesAt && <Typography.Paragraph type="secondary">请于 {formatTime(v.closesAt, MINUTE)} 前投票。</Typography.Paragraph>}
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} />}
      {restored && <Alert type="success" showIcon closable title={RESTORED_NOTE} style={{ marginBottom: 12 }} />}
      <BallotPaper
        paper={v.paper}
        onSubmit={submit}
        submitText="提交选票"
        busy={busy}
        initial={restored}
        onChange={draft ? (answers) => saveDraft(draft, answers) : undefined}
      />
    </>
  )
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div style={page}>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </div>
  )
}

/** A signed-in voter's round (?round=<id>): the paper when on its roll. */
export function AccountBallot({ round }: { round: number }) {
  const queryClient = useQueryClient()
  const account = useSessionStore((s) => s.user?.id)
  const key = ['ballot', round]
  const q = useQuery({ queryKey: key, queryFn: () => voterView(round), retry: false })
  // An accepted ballot is thanked at once: the refetch that follows only brings the round up to date, and a
  // failure of it must not put the paper or an error back in front of a voter whose vote counted.
  const [voted, setVoted] = useState(false)
  if (voted) return <Frame title={q.data?.title ?? '投票'}><Voted /></Frame>
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  if (q.isError)
    return statusOf(q.error) === 404 ? (
      <Result status="404" title={NOT_ON_ROLL} subTitle="只有本轮投票名单中的人员可以投票，请确认登录的是您本人的账号。" />
    ) : (
      <Result status="error" title="选票加载失败" extra={<Button onClick={() => void q.refetch()}>重试</Button>} />
    )
  const v = q.data!
  return (
    <Frame title={v.title}>
      <Ballot
        key={account}
        v={v}
        cast={(marks) => castBallot(round, marks)}
        onVoted={(accepted) => {
          if (accepted) setVoted(true)
          void queryClient.invalidateQueries({ queryKey: key })
        }}
        draft={account ? accountDraftKey(round, account) : undefined}
      />
    </Frame>
  )
}

/** A printed code's round: the code first, then the paper (no account needed). */
export function CodeBallot({ round }: { round: number }) {
  const [code, setCode] = useState('')
  const [view, setView] = useState<VoterView>()
  const [draft, setDraft] = useState<string>()
  const [refusal, setRefusal] = useState<string>()
  const [busy, setBusy] = useState(false)
  const open = async (c: string) => {
    setBusy(true)
    setRefusal(undefined)
    try {
      const v = await codeView(round, c)
      setDraft(await codeDraftKey(round, c))
      setCode(c)
      setView(v)
    } catch (e) {
      setRefusal(await failureText(e))
    } finally {
      setBusy(false)
    }
  }
  if (view)
    return (
      <Frame title={view.title}>
        <Ballot v={view} cast={(marks) => castByCode(round, code, marks)} onVoted={() => setView({ ...view, voted: true })} draft={draft} />
      </Frame>
    )
  return (
    <Frame title="凭票码投票">
      <Typography.Paragraph type="secondary">请输入选票上印制的{CODE_LEN}位票码（不区分大小写）。每个票码只能投一次。</Typography.Paragraph>
      <Form layout="vertical" onFinish={(v: { code: string }) => void open(v.code)} autoComplete="off">
        <Form.Item name="code" label="票码" rules={[{ required: true, message: '请输入票码' }]}>
          <Input size="large" maxLength={CODE_LEN + 4} style={{ letterSpacing: 2 }} />
        </Form.Item>
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} />}
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          下一步
        </Button>
      </Form>
    </Frame>
  )
}

/**
 * A one-time link's round (the code is in the link, nothing to type): the paper at once, or the one sentence saying
 * the link is invalid or spent. `invalid` is that sentence (the module's own words).
 */
export function LinkBallot({ round, code, invalid }: { round: number; code: string; invalid: string }) {
  const [voted, setVoted] = useState(false)
  const q = useQuery({ queryKey: ['ballot', 'code', round, code], queryFn: () => codeView(round, code), retry: false, staleTime: Infinity })
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  if (q.isError || !q.data) return <Result status="warning" title={invalid} />
  const view = voted ? { ...q.data, voted: true } : q.data
  return (
    <Frame title={view.title}>
      <Ballot v={view} cast={(marks) => castByCode(round, code, marks)} onVoted={() => setVoted(true)} />
    </Frame>
  )
}

/**
 * A voter's page of any round (the routes /mzpydy, /dzzhjgl/tp and the questionnaires mount it): ?round=<id> names the
 * round; signed-in voters vote with their account, ?code=1 (the printed sheet's link) asks for a one-time code instead.
 */
export default function BallotPage({ signedIn = true }: { signedIn?: boolean }) {
  const [params] = useSearchParams()
  const round = Number(params.get('round'))
  if (!Number.isInteger(round) || round <= 0) return <Result status="warning" title="投票链接无效" subTitle="请从待办事项或通知中的链接打开。" />
  return signedIn && params.get('code') !== '1' ? <AccountBallot round={round} /> : <CodeBallot round={round} />
}
