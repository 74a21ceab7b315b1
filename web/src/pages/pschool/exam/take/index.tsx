import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Checkbox, Grid, Input, Radio, Result, Space, Spin, Tag, Typography } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { JUDGE, QTYPE, QUESTION_TYPE_NAMES, type AttemptView, type ShownQuestion } from '@/api/generated/exam'
import { failureText } from '@/api/request'
import { ui as bridge } from '@/app/bridge'
import { attempt, CENTER_PATH, saveAnswer, statusOf, submitAttempt } from '../api'

/** How long an answer rests before it is saved, and how often the unsaved ones are sent again. */
export const SAVE_DELAY = 800
export const RETRY_EVERY = 10_000

type SaveState = 'saved' | 'saving' | 'unsaved'

/** mm:ss (h:mm:ss above an hour) of seconds left. */
export const clockText = (s: number) => {
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = s % 60
  const two = (n: number) => String(n).padStart(2, '0')
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`
}

/** A 填空题's blanks from the stored JSON array. */
const blanksOf = (answer: string, n: number): string[] => {
  let texts: string[] = []
  try {
    texts = answer ? (JSON.parse(answer) as string[]) : []
  } catch {
    texts = []
  }
  return Array.from({ length: Math.max(n, 1) }, (_, i) => texts[i] ?? '')
}

/** One question's input, by type; the answer is the text the server takes (keys, JSON blanks, the text). */
function AnswerInputOf({ q, value, disabled, onChange }: { q: ShownQuestion; value: string; disabled: boolean; onChange: (v: string) => void }) {
  switch (q.type) {
    case QTYPE.single:
      return (
        <Radio.Group value={value || undefined} disabled={disabled} onChange={(e) => onChange(e.target.value as string)} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {q.options.map((o) => <Radio key={o.key} value={o.key}>{o.key}. {o.text}</Radio>)}
        </Radio.Group>
      )
    case QTYPE.multiple:
      return (
        <Checkbox.Group value={value.split('').filter(Boolean)} disabled={disabled} onChange={(v) => onChange([...(v as string[])].sort().join(''))} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {q.options.map((o) => <Checkbox key={o.key} value={o.key}>{o.key}. {o.text}</Checkbox>)}
        </Checkbox.Group>
      )
    case QTYPE.judge:
      return (
        <Radio.Group value={value || undefined} disabled={disabled} onChange={(e) => onChange(e.target.value as string)}>
          <Radio value={JUDGE.yes}>正确</Radio>
          <Radio value={JUDGE.no}>错误</Radio>
        </Radio.Group>
      )
    case QTYPE.fill: {
      const texts = blanksOf(value, q.blanks ?? 1)
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          {texts.map((t, i) => (
            <Input key={i} aria-label={`第${i + 1}空`} prefix={`第${i + 1}空`} maxLength={200} value={t} disabled={disabled}
              onChange={(e) => onChange(JSON.stringify(texts.map((x, j) => (j === i ? e.target.value : x))))} />
          ))}
        </Space>
      )
    }
    default:
      return <Input.TextArea aria-label="答案" rows={5} maxLength={2000} showCount value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
  }
}

const SAVE_TAG: Record<SaveState, { color: string; text: string }> = {
  saved: { color: 'green', text: '已保存' },
  saving: { color: 'blue', text: '保存中' },
  unsaved: { color: 'orange', text: '未保存' },
}

/** The attempt being answered: autosave, the server's countdown, the answer card, submission. */
function Answering({ a, onClosed }: { a: AttemptView; onClosed: (why?: string) => void }) {
  const screens = Grid.useBreakpoint()
  const onePerPage = Boolean(screens.md)
  const [answers, setAnswers] = useState<Record<number, string>>(() => Object.fromEntries(a.questions.map((q) => [q.seq, q.answer])))
  const [state, setState] = useState<Record<number, SaveState>>({})
  const [current, setCurrent] = useState(0)
  const [left, setLeft] = useState(a.remaining)
  const [offline, setOffline] = useState(false)
  const [busy, setBusy] = useState(false)
  const deadline = useRef(Date.now() + a.remaining * 1000)
  const timers = useRef<Record<number, ReturnType<typeof setTimeout>>>({})
  const latest = useRef(answers)
  latest.current = answers
  const closed = useRef(false)

  const send = useCallback(
    async (seq: number) => {
      if (closed.current) return
      setState((s) => ({ ...s, [seq]: 'saving' }))
      try {
        const saved = await saveAnswer(a.id, { seq, answer: latest.current[seq] ?? '' })
        deadline.current = Date.now() + saved.remaining * 1000 // the server's clock rules
        setOffline(false)
        setState((s) => ({ ...s, [seq]: s[seq] === 'saving' ? 'saved' : s[seq] }))
      } catch (e) {
        setState((s) => ({ ...s, [seq]: 'unsaved' }))
        const status = statusOf(e)
        if (status === 0) setOffline(true)
        else if (status === 409) {
          closed.current = true
          onClosed(await failureText(e))
        }
      }
    },
    [a.id, onClosed],
  )
  const change = (seq: number, value: string) => {
    setAnswers((v) => ({ ...v, [seq]: value }))
    setState((s) => ({ ...s, [seq]: 'unsaved' }))
    clearTimeout(timers.current[seq])
    timers.current[seq] = setTimeout(() => void send(seq), SAVE_DELAY)
  }
  // The unsaved answers go again when the connection is back, and every RETRY_EVERY meanwhile.
  const stateRef = useRef(state)
  stateRef.current = state
  useEffect(() => {
    const retry = () => {
      for (const [seq, s] of Object.entries(stateRef.current)) if (s === 'unsaved') void send(Number(seq))
    }
    window.addEventListener('online', retry)
    const every = setInterval(retry, RETRY_EVERY)
    return () => {
      window.removeEventListener('online', retry)
      clearInterval(every)
    }
  }, [send])
  useEffect(() => {
    const tick = setInterval(() => {
      const s = Math.max(0, Math.round((deadline.current - Date.now()) / 1000))
      setLeft(s)
      if (s === 0 && !closed.current) {
        closed.current = true
        onClosed('考试时间已到，已保存的答案已自动收卷')
      }
    }, 1000)
    return () => clearInterval(tick)
  }, [onClosed])
  useEffect(() => () => Object.values(timers.current).forEach(clearTimeout), [])

  const unsaved = Object.values(state).filter((s) => s !== 'saved').length
  const blank = a.questions.filter((q) => !answers[q.seq]).length
  const submit = () =>
    bridge.modal.confirm({
      title: '确认交卷？',
      content: `${blank > 0 ? `还有 ${blank} 题未作答。` : '全部题目已作答。'}${unsaved > 0 ? `有 ${unsaved} 题的答案尚未保存，交卷前将再次保存。` : ''}交卷后不能修改。`,
      okText: '交卷',
      cancelText: '继续作答',
      onOk: async () => {
        setBusy(true)
        try {
          for (const seq of Object.keys(timers.current)) clearTimeout(timers.current[Number(seq)])
          await Promise.all(Object.entries(stateRef.current).filter(([, s]) => s !== 'saved').map(([seq]) => send(Number(seq))))
          if (closed.current) return
          closed.current = true
          await submitAttempt(a.id)
          onClosed()
        } catch (e) {
          closed.current = statusOf(e) === 409
          if (closed.current) onClosed(await failureText(e))
          else submitFailed(await failureText(e))
        } finally {
          setBusy(false)
        }
      },
    })
  const shown = onePerPage ? [a.questions[current]] : a.questions
  return (
    <>
      <Card size="small" style={{ position: 'sticky', top: 0, zIndex: 2, marginBottom: 12 }}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Text strong>{a.title}</Typography.Text>
          <Space wrap>
            <Tag color={left <= 300 ? 'red' : 'blue'} aria-label="剩余时间">剩余 {clockText(left)}</Tag>
            {offline ? <Tag color="orange">网络已断开，恢复后自动保存</Tag> : unsaved > 0 ? <Tag color="orange">{unsaved} 题未保存</Tag> : <Tag color="green">已全部保存</Tag>}
            <Button type="primary" loading={busy} onClick={submit}>交卷</Button>
          </Space>
        </Space>
      </Card>
      {shown.map((q) => (
        <Card key={q.seq} size="small" style={{ marginBottom: 12 }}
          title={<Space wrap><span>{q.no}. {QUESTION_TYPE_NAMES[q.type]}（{q.points}分）</span>{state[q.seq] && <Tag color={SAVE_TAG[state[q.seq]].color}>{SAVE_TAG[state[q.seq]].text}</Tag>}</Space>}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{q.stem}</Typography.Paragraph>
          <AnswerInputOf q={q} value={answers[q.seq] ?? ''} disabled={busy} onChange={(v) => change(q.seq, v)} />
        </Card>
      ))}
      {onePerPage && (
        <Card size="small" title="答题卡">
          <Space wrap>
            <Button disabled={current === 0} onClick={() => setCurrent(current - 1)}>上一题</Button>
            {a.questions.map((q, i) => (
              <Button key={q.seq} size="small" type={i === current ? 'primary' : answers[q.seq] ? 'default' : 'dashed'} onClick={() => setCurrent(i)}>{q.no}</Button>
            ))}
            <Button disabled={current === a.questions.length - 1} onClick={() => setCurrent(current + 1)}>下一题</Button>
          </Space>
        </Card>
      )}
    </>
  )
}

const submitFailed = (text: string) => void bridge.modal.error({ title: '交卷失败', content: `${text}。请检查网络后再次交卷，已保存的答案不会丢失。` })

/** A closed attempt: the score (final once the short answers are graded) and each question's score. */
function Closed({ a }: { a: AttemptView }) {
  const navigate = useNavigate()
  return (
    <>
      <Result
        status={a.pending > 0 ? 'info' : a.passed ? 'success' : 'warning'}
        title={`${a.stateName}：${a.score} 分（总分 ${a.total}，及格 ${a.passMark}）`}
        subTitle={a.pending > 0 ? `还有 ${a.pending} 道简答题待阅卷，阅卷完成后成绩为最终成绩。` : a.passed ? '成绩及格。' : '成绩未达及格分。'}
        extra={<Button type="primary" onClick={() => navigate(CENTER_PATH)}>返回我的考试</Button>}
      />
      {a.questions.map((q) => (
        <Card key={q.seq} size="small" style={{ marginBottom: 8 }} title={`${q.no}. ${QUESTION_TYPE_NAMES[q.type]}（${q.points}分）`}
          extra={q.graded === false ? <Tag color="orange">待阅卷</Tag> : <Tag>{q.score ?? 0} 分</Tag>}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{q.stem}</Typography.Paragraph>
          {q.options.map((o) => <div key={o.key}>{o.key}. {o.text}</div>)}
          <Typography.Text type="secondary">我的答案：{q.type === QTYPE.fill ? blanksOf(q.answer, q.blanks ?? 1).join('；') : q.type === QTYPE.judge ? (q.answer === JUDGE.yes ? '正确' : q.answer === JUDGE.no ? '错误' : '') : q.answer || '未作答'}</Typography.Text>
        </Card>
      ))}
    </>
  )
}

/**
 * 考试 (/pschool/exam/take?attempt=): one attempt of the caller. Answers autosave as they change, the countdown
 * follows the server's seconds, answers not saved (the network down) go again when it is back; after the
 * submission, or at the deadline, the result.
 */
export default function TakeExam() {
  const [params] = useSearchParams()
  const id = Number(params.get('attempt')) || 0
  const client = useQueryClient()
  const screens = Grid.useBreakpoint()
  const [notice, setNotice] = useState<string>()
  const q = useQuery({ queryKey: ['ks', 'attempt', id], enabled: id > 0, retry: false, queryFn: () => attempt(id) })
  const onClosed = useCallback(
    (why?: string) => {
      setNotice(why)
      void client.invalidateQueries({ queryKey: ['ks'] })
    },
    [client],
  )
  if (!id) return <Result status="warning" title="请从“我的考试”进入考试" />
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  if (q.isError || !q.data)
    return <Result status={statusOf(q.error) === 404 ? '404' : 'error'} title={statusOf(q.error) === 404 ? '作答记录不存在' : '试卷加载失败'} extra={<Button onClick={() => void q.refetch()}>重试</Button>} />
  const a = q.data
  return (
    <div style={{ maxWidth: 860, margin: '0 auto', padding: screens.md ? 16 : 8 }}>
      {notice && <Alert type="warning" showIcon title={notice} style={{ marginBottom: 12 }} />}
      {a.state === 'started' ? <Answering key={a.id} a={a} onClosed={onClosed} /> : <Closed a={a} />}
    </div>
  )
}
