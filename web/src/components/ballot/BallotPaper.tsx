import { Alert, Button, Card, Checkbox, Input, InputNumber, Progress, Radio, Rate, Space, Table, Typography } from 'antd'
import { useMemo, useState } from 'react'
import type { Mark, Paper, Question } from '@/api/generated/ballot'
import { firstProblem, isShown, progress, rangeOf, scaleOf, toMarks, type Answer, type Answers } from './answers'

export interface BallotPaperProps {
  paper: Paper
  /** Called with the marks once the answers pass the paper's checks; the page confirms and sends them. */
  onSubmit?: (marks: Mark[]) => void
  submitText?: string
  busy?: boolean
  /** A preview (the designer's): answers can be tried, nothing is sent. */
  preview?: boolean
  /** The answers to start from (a draft kept on the device); read once, when the paper mounts. */
  initial?: Answers
  /** Called with all the answers at every change (the voter's page keeps them as a draft on the device). */
  onChange?: (answers: Answers) => void
}

function WriteIns({ value, max, onChange }: { value: string[]; max: number; onChange: (v: string[]) => void }) {
  const rows = value.length < max ? [...value, ''] : value
  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
      {rows.map((name, i) => (
        <Input
          key={i}
          value={name}
          maxLength={50}
          placeholder="另选他人：填写姓名"
          aria-label={`另选他人${i + 1}`}
          onChange={(e) => onChange(rows.map((v, j) => (j === i ? e.target.value : v)).filter((v, j) => v !== '' || j < i))}
        />
      ))}
    </Space>
  )
}

/** One score: a whole number in the question's range, the phone's number pad. */
function ScoreInput({ q, label, value, onChange }: { q: Question; label: string; value: string | undefined; onChange: (v: string | undefined) => void }) {
  const [lo, hi] = rangeOf(q)
  return (
    <InputNumber
      aria-label={label}
      inputMode="numeric"
      precision={0}
      min={lo}
      max={hi}
      placeholder={`${lo}–${hi}`}
      style={{ width: 120 }}
      value={value === undefined || value === '' ? null : Number(value)}
      onChange={(v) => onChange(v === null ? undefined : String(v))}
    />
  )
}

function QuestionInput({ q, a, set }: { q: Question; a: Answer | undefined; set: (a: Answer) => void }) {
  const options = (q.options ?? []).map((o) => ({ value: o.key, label: o.label }))
  switch (q.kind) {
    case 'single':
      return (
        <>
          <Radio.Group value={a?.choice} onChange={(e) => set({ choice: e.target.value as string })} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} options={options} />
          {q.writeIn && <WriteIns value={a?.writeIns ?? []} max={1} onChange={(w) => set({ writeIns: w, choice: w.length ? undefined : a?.choice })} />}
        </>
      )
    case 'multiple':
      return (
        <>
          <Checkbox.Group value={a?.choices ?? []} onChange={(v) => set({ ...a, choices: v as string[] })} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} options={options} />
          {q.writeIn && <WriteIns value={a?.writeIns ?? []} max={Math.max((q.max || options.length) - (a?.choices?.length ?? 0), 0)} onChange={(w) => set({ ...a, writeIns: w })} />}
        </>
      )
    case 'text':
      return <Input.TextArea value={a?.text} rows={3} maxLength={q.maxLen || undefined} showCount={!!q.maxLen} onChange={(e) => set({ text: e.target.value })} placeholder="请填写" />
    case 'rating':
      return <Rate count={scaleOf(q)} value={Number(a?.choice ?? 0)} onChange={(v) => set({ choice: v ? String(v) : undefined })} />
    case 'matrix':
      return (
        <Table
          size="small"
          pagination={false}
          rowKey="key"
          scroll={{ x: true }}
          dataSource={q.rows ?? []}
          columns={[
            { title: '', dataIndex: 'label' },
            ...(q.options ?? []).map((o) => ({
              title: o.label,
              key: o.key,
              align: 'center' as const,
              render: (_: unknown, r: { key: string }) => (
                <Radio
                  aria-label={o.label}
                  checked={a?.rows?.[r.key] === o.key}
                  onChange={() => set({ rows: { ...a?.rows, [r.key]: o.key } })}
                />
              ),
            })),
          ]}
        />
      )
    case 'score':
      if (!q.rows?.length) return <ScoreInput q={q} label={q.title} value={a?.choice} onChange={(v) => set({ choice: v })} />
      return (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {q.rows.map((r) => (
            <div key={r.key} style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
              <span>{r.label}</span>
              <ScoreInput q={q} label={r.label} value={a?.rows?.[r.key]} onChange={(v) => set({ rows: { ...a?.rows, [r.key]: v } })} />
            </div>
          ))}
        </Space>
      )
  }
}

function hint(q: Question): string | undefined {
  if (q.kind === 'multiple') {
    if (q.min && q.max) return `选择${q.min}–${q.max}项`
    if (q.max) return `最多选${q.max}项`
    if (q.min) return `至少选${q.min}项`
  }
  if (q.kind === 'score') return `请填写${rangeOf(q).join('–')}之间的整数`
  return undefined
}

/**
 * A ballot paper (ballot.Paper) as a voter fills it in, on a phone as on a desk: each question shown by its skip logic,
 * checked as the server checks it (firstProblem) before onSubmit gets the marks.
 */
export default function BallotPaper({ paper, onSubmit, submitText = '提交', busy, preview, initial, onChange }: BallotPaperProps) {
  const [answers, setAnswers] = useState<Answers>(() => initial ?? {})
  const answer = (key: string, a: Answer) => {
    const next = { ...answers, [key]: a }
    setAnswers(next)
    onChange?.(next)
  }
  const [problem, setProblem] = useState<{ key: string; message: string }>()
  const shown = useMemo(() => paper.questions.map((q, i) => ({ q, n: i + 1 })).filter(({ q }) => isShown(q, answers)), [paper, answers])
  const { shown: total, answered } = progress(paper, answers)
  const submit = () => {
    const p = firstProblem(paper, answers)
    setProblem(p)
    if (p) {
      document.getElementById(`ballot-q-${p.key}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' })
      return
    }
    onSubmit?.(toMarks(paper, answers))
  }
  return (
    <div>
      {paper.intro && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{paper.intro}</Typography.Paragraph>}
      <Progress percent={total ? Math.round((answered * 100) / total) : 0} format={() => `${answered}/${total}`} size="small" />
      {shown.map(({ q, n }) => (
        <Card key={q.key} id={`ballot-q-${q.key}`} size="small" style={{ marginTop: 12, borderColor: problem?.key === q.key ? '#ff4d4f' : undefined }}>
          <Typography.Text strong>
            {q.required && <span style={{ color: '#ff4d4f' }}>* </span>}
            {n}. {q.title}
          </Typography.Text>
          {(q.note || hint(q)) && (
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
              {[q.note, hint(q)].filter(Boolean).join('；')}
            </Typography.Paragraph>
          )}
          <div style={{ marginTop: 8 }}>
            <QuestionInput q={q} a={answers[q.key]} set={(a) => answer(q.key, a)} />
          </div>
          {problem?.key === q.key && <Typography.Text type="danger">{problem.message}</Typography.Text>}
        </Card>
      ))}
      {problem && <Alert type="error" showIcon title={problem.message} style={{ marginTop: 12 }} />}
      {!preview && (
        <Button type="primary" block size="large" style={{ marginTop: 16 }} loading={busy} onClick={submit}>
          {submitText}
        </Button>
      )}
    </div>
  )
}
