import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Empty, Space, Statistic, Table, Typography } from 'antd'
import { useState } from 'react'
import { QUESTION_KIND_NAMES } from '@/api/generated/ballot'
import type { AnswerRow, OptionCount, QuestionResult, Results, TextAnswer } from '@/api/generated/survey'
import type { Page } from '@/api/request'
import EChart from '@/components/chart/EChart'
import { formatTime } from '@/utils/time'
import { serverPager } from '@/components/pagerTotal'

/**
 * Where a questionnaire's paged lists come from: 问卷管理's routes (/api/wj/{id}/…) or a meeting receipt's
 * (/api/wj/meeting/{id}/…, the meetings' permissions). `key` tells their queries apart.
 */
export interface ResultsSource {
  key: readonly unknown[]
  texts: (item: string, page: number, size: number) => Promise<Page<TextAnswer>>
  answers: (page: number, size: number) => Promise<Page<AnswerRow>>
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`

/** A choice or rating question's options as a horizontal bar chart of their counts. */
function OptionChart({ title, options }: { title: string; options: OptionCount[] }) {
  const labels = options.map((o) => o.label)
  return (
    <EChart
      label={`${title}：${options.map((o) => `${o.label}${o.count}人`).join('，')}`}
      height={Math.max(120, options.length * 36 + 40)}
      option={{
        grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
        xAxis: { type: 'value', minInterval: 1 },
        yAxis: { type: 'category', data: labels, inverse: true },
        tooltip: { trigger: 'axis' },
        series: [{ type: 'bar', data: options.map((o) => o.count), label: { show: true, position: 'right' }, barMaxWidth: 24 }],
      }}
    />
  )
}

function OptionTable({ options }: { options: OptionCount[] }) {
  return (
    <Table<OptionCount>
      rowKey="key"
      size="small"
      pagination={false}
      dataSource={options}
      columns={[{ title: '选项', dataIndex: 'label' }, { title: '人数', dataIndex: 'count', width: 90 }, { title: '比例', width: 90, render: (_, o) => percent(o.share) }]}
    />
  )
}

/** A text question's answers (or a choice question's write-ins), paged by the server. */
function Texts({ source, item, anonymous }: { source: ResultsSource; item: string; anonymous: boolean }) {
  const [page, setPage] = useState(1)
  const q = useQuery({ queryKey: [...source.key, 'texts', item, page], queryFn: () => source.texts(item, page - 1, 10), placeholderData: keepPreviousData })
  return (
    <Table
      // A named answer's text is one per person, an anonymous one's grouped by its text.
      rowKey={(t) => `${t.name ?? ''}\u0000${t.text}`}
      size="small"
      loading={q.isFetching}
      dataSource={q.data?.content}
      pagination={serverPager(page, setPage, 10, q.data, { hideOnSinglePage: true })}
      locale={{ emptyText: <Empty description="没有人填写" /> }}
      columns={
        anonymous
          ? [{ title: '填写内容', dataIndex: 'text' }, { title: '人数', dataIndex: 'count', width: 80 }]
          : [{ title: '填写人', dataIndex: 'name', width: 120 }, { title: '填写内容', dataIndex: 'text' }]
      }
    />
  )
}

/** One question's statistics: chart and table, a rating's average, a matrix's table, texts paged. */
function QuestionCard({ source, q, n, anonymous }: { source: ResultsSource; q: QuestionResult; n: number; anonymous: boolean }) {
  const [showTexts, setShowTexts] = useState(false)
  return (
    <Card size="small" style={{ marginBottom: 12 }} title={`${n}. ${q.title}`} extra={<Typography.Text type="secondary">{QUESTION_KIND_NAMES[q.kind]} · 作答 {q.answered} 人</Typography.Text>}>
      {q.kind === 'rating' && <Statistic title="平均分" value={q.average ?? 0} precision={2} style={{ marginBottom: 8 }} />}
      {q.options && q.options.length > 0 && (
        <>
          <OptionChart title={q.title} options={q.options} />
          <OptionTable options={q.options} />
        </>
      )}
      {q.kind === 'matrix' && (
        <Table
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={q.rows ?? []}
          columns={[
            { title: '', dataIndex: 'label' },
            ...(q.rows?.[0]?.options ?? []).map((o, i) => ({
              title: o.label,
              key: o.key,
              render: (_: unknown, r: NonNullable<QuestionResult['rows']>[number]) => `${r.options[i].count}（${percent(r.options[i].share)}）`,
            })),
            { title: '作答', dataIndex: 'answered', width: 70 },
          ]}
        />
      )}
      {q.kind === 'text' && <Texts source={source} item={q.key} anonymous={anonymous} />}
      {q.kind !== 'text' && (q.texts ?? 0) > 0 && (
        <div style={{ marginTop: 8 }}>
          {showTexts ? <Texts source={source} item={q.key} anonymous={anonymous} /> : <Button size="small" onClick={() => setShowTexts(true)}>查看“其他”的填写内容（{q.texts}）</Button>}
        </div>
      )}
    </Card>
  )
}

/**
 * A named questionnaire's answers, newest first, one column per question (a matrix: per row), paged by the server;
 * a meeting receipt's with each member's attendance (attendance).
 */
export function AnswersTable({ source, columns, attendance }: { source: ResultsSource; columns: string[]; attendance?: boolean }) {
  const [page, setPage] = useState(1)
  const q = useQuery({ queryKey: [...source.key, 'answers', page], queryFn: () => source.answers(page - 1, 10), placeholderData: keepPreviousData })
  return (
    <Table<AnswerRow>
      rowKey="id"
      size="small"
      loading={q.isFetching}
      dataSource={q.data?.content}
      scroll={{ x: 'max-content' }}
      pagination={serverPager(page, setPage, 10, q.data, { unit: '份', hideOnSinglePage: true })}
      locale={{ emptyText: <Empty description="还没有人填写" /> }}
      columns={[
        { title: '姓名', dataIndex: 'name', width: 90, fixed: 'left' },
        ...(attendance ? [{ title: '出勤', dataIndex: 'attendance', width: 70 }] : []),
        { title: '提交时间', dataIndex: 'createTime', width: 140, render: (v: string) => formatTime(v, 'YYYY-MM-DD HH:mm') },
        ...columns.map((title, i) => ({
          title,
          key: String(i),
          render: (_: unknown, a: AnswerRow) => <span style={{ whiteSpace: 'pre-wrap' }}>{a.cells[i] || '—'}</span>,
        })),
      ]}
    />
  )
}

/** The statistics of a questionnaire: how many answered of how many, then each question's card. */
export default function ResultsView({ results: r, source }: { results: Results; source: ResultsSource }) {
  return (
    <>
      <Space size={48} style={{ marginBottom: 16 }}>
        <Statistic title="已填写" value={r.answers} />
        <Statistic title="应填写" value={r.audience} />
        <Statistic title="填写率" value={r.audience ? (r.answers / r.audience) * 100 : 0} precision={1} suffix="%" />
      </Space>
      {!r.ready && <Alert type="info" showIcon title="匿名问卷停止收集或过了截止时间后才能查看结果" description="匿名问卷的答卷不记录填写人；收集期间只显示填写人数。" />}
      {r.ready && r.answers === 0 && <Empty description="还没有人填写" />}
      {r.ready && r.answers > 0 && r.questions.map((x, i) => <QuestionCard key={x.key} source={source} q={x} n={i + 1} anonymous={r.anonymous} />)}
    </>
  )
}
