import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Empty, Input, InputNumber, Pagination, Select, Space, Spin, Tag, Typography } from 'antd'
import { useState } from 'react'
import { LIMITS, type GradingAnswer } from '@/api/generated/exam'
import { failureText } from '@/api/request'
import { ui } from '@/app/bridge'
import { gradingAnswers, gradingExams, gradingQuestions, mark } from './api'

/** One anonymised answer with its score and comment. */
function AnswerCard({ examId, seq, points, a, onMarked }: { examId: number; seq: number; points: number; a: GradingAnswer; onMarked: () => void }) {
  const [score, setScore] = useState<number | null>(a.graded ? a.score : null)
  const [comment, setComment] = useState(a.comment)
  const [busy, setBusy] = useState(false)
  const save = async () => {
    if (score === null) return void ui.message.warning('请输入得分')
    setBusy(true)
    try {
      await mark(examId, { code: a.code, seq, score, comment })
      ui.message.success('已评分')
      onMarked()
    } catch (e) {
      ui.message.error(await failureText(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card size="small" style={{ marginBottom: 8 }} title={<Space>答卷 {a.code.slice(0, 6)}{a.graded ? <Tag color="green">已评 {a.score} 分</Tag> : <Tag color="orange">待评</Tag>}</Space>}>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{a.answer}</Typography.Paragraph>
      <Space wrap>
        <InputNumber aria-label="得分" min={0} max={points} value={score} onChange={setScore} suffix={`/ ${points} 分`} style={{ width: 140 }} />
        <Input aria-label="评语" placeholder="评语（可不填）" maxLength={LIMITS.comment} style={{ width: 260 }} value={comment} onChange={(e) => setComment(e.target.value)} />
        <Button type="primary" loading={busy} onClick={() => void save()}>保存评分</Button>
      </Space>
    </Card>
  )
}

/** 阅卷: the exams the caller is a grader of; a question's short answers without the examinees' names. */
export default function Grading() {
  const client = useQueryClient()
  const [examId, setExamId] = useState<number>()
  const [seq, setSeq] = useState<number>()
  const [pending, setPending] = useState(true)
  const [page, setPage] = useState(1)
  const exams = useQuery({ queryKey: ['ks', 'grading'], queryFn: gradingExams })
  const questions = useQuery({ queryKey: ['ks', 'grading', examId], enabled: Boolean(examId), queryFn: () => gradingQuestions(examId!) })
  const answers = useQuery({
    queryKey: ['ks', 'grading', examId, seq, pending, page],
    enabled: Boolean(examId && seq),
    queryFn: () => gradingAnswers(examId!, { seq: seq!, pending: pending || undefined, page: page - 1, size: 10 }),
    placeholderData: keepPreviousData,
  })
  const q = questions.data?.find((x) => x.seq === seq)
  const refresh = () => client.invalidateQueries({ queryKey: ['ks', 'grading'] })
  if (exams.data?.length === 0) return <Empty description="暂无需要您阅卷的考试：考试的组织者把您设为阅卷人后会显示在这里" />
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select aria-label="考试" placeholder="选择考试" style={{ width: 260 }} loading={exams.isLoading} value={examId}
          options={exams.data?.map((x) => ({ value: x.id, label: `${x.title}（待评 ${x.pending}）` }))} onChange={(v) => { setExamId(v); setSeq(undefined); setPage(1) }} />
        <Select aria-label="试题" placeholder="选择简答题" style={{ width: 320 }} disabled={!examId} value={seq} notFoundContent="本场考试没有简答题"
          options={questions.data?.map((x) => ({ value: x.seq, label: `第${x.seq}题（待评 ${x.pending}/${x.answers}）` }))} onChange={(v) => { setSeq(v); setPage(1) }} />
        <Select aria-label="范围" style={{ width: 120 }} value={pending ? 1 : 0} options={[{ value: 1, label: '只看待评' }, { value: 0, label: '全部答卷' }]} onChange={(v) => { setPending(v === 1); setPage(1) }} />
      </Space>
      {q && (
        <Card size="small" style={{ marginBottom: 12 }} title={`第${q.seq}题（${q.points}分）`}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{q.stem}</Typography.Paragraph>
          <Typography.Text type="secondary">参考答案：{q.reference}</Typography.Text>
        </Card>
      )}
      {q && (
        <Spin spinning={answers.isFetching}>
          {answers.data?.content.length === 0 && <Empty description={pending ? '本题的答卷都已评分' : '本题暂无作答'} />}
          {answers.data?.content.map((a) => <AnswerCard key={a.code} examId={examId!} seq={q.seq} points={q.points} a={a} onMarked={() => void refresh()} />)}
          {(answers.data?.totalElements ?? 0) > 10 && <Pagination current={page} pageSize={10} total={answers.data?.totalElements} onChange={setPage} />}
        </Spin>
      )}
    </>
  )
}
