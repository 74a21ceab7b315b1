import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Empty, Input, Space, Spin, Typography } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { GRADE_NAMES, LIMITS, STATE_NAMES, SUMMARY_STATE_NAMES, type Mine, type MineView } from '@/api/generated/appraisal'
import { ui } from '@/app/bridge'
import { mine, saveSummary, submitSummary, words } from '@/pages/orglife/mzpy/api'

/** One round's summary: the editor while the branch is in 自评 (from the template when empty), else what was handed in. */
function Summary({ round, view }: { round: Mine; view: MineView }) {
  const client = useQueryClient()
  const [text, setText] = useState(round.summary || view.template)
  const [busy, setBusy] = useState<'' | 'save' | 'submit'>('')
  const n = words(text)
  const tooLong = n > view.maxWords
  const send = async (how: 'save' | 'submit') => {
    setBusy(how)
    try {
      const body = { summary: text, updateTime: round.updateTime }
      if (how === 'save') await saveSummary(round.id, body)
      else await submitSummary(round.id, body)
      ui.message.success(how === 'save' ? '草稿已保存' : '个人总结已提交')
      await client.invalidateQueries({ queryKey: ['mzpy', 'self'] })
    } catch {
      /* shown by the request pipeline */
    } finally {
      setBusy('')
    }
  }
  const confirmSubmit = () =>
    ui.modal.confirm({ title: '提交个人总结', content: '提交后不能再修改。确定提交吗？', okText: '提交', cancelText: '取消', onOk: () => send('submit') })
  return (
    <Card title={`${round.year} 年度民主评议 · ${round.orgName}`} style={{ marginBottom: 16 }}
      extra={<Space>{STATE_NAMES[round.roundState]} · {SUMMARY_STATE_NAMES[round.summaryState]}</Space>}>
      {round.grade && <Alert type="success" showIcon style={{ marginBottom: 12 }} title={`评议等次：${GRADE_NAMES[round.grade]}`} />}
      {round.probation && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="预备党员参加民主评议和投票，但不评定等次。" />}
      {round.roundState === 'voting' && round.ballotId && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="支部正在投票" action={<Link to={`/mzpydy?round=${round.ballotId}`}>去投票</Link>} />
      )}
      {round.editable ? (
        <>
          <Input.TextArea aria-label="个人总结" rows={16} value={text} maxLength={LIMITS.summary} onChange={(e) => setText(e.target.value)} />
          <Typography.Paragraph type={tooLong || n < view.minWords ? 'warning' : 'secondary'} style={{ marginTop: 4 }}>
            已写 {n} 字（提交时不少于 {view.minWords} 字，不超过 {view.maxWords} 字）
          </Typography.Paragraph>
          <Space>
            <Button loading={busy === 'save'} disabled={busy !== '' || tooLong || n === 0} onClick={() => void send('save')}>保存草稿</Button>
            <Button type="primary" loading={busy === 'submit'} disabled={busy !== '' || tooLong || n < view.minWords} onClick={confirmSubmit}>提交</Button>
          </Space>
        </>
      ) : (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
          {round.summary || (round.roundState === 'self' ? '' : '支部已开始投票，个人总结未提交。')}
        </Typography.Paragraph>
      )}
    </Card>
  )
}

/** 个人总结 (/mzpydy/self): the member's own summaries of 民主评议党员, written from the template before the vote opens. */
export default function AppraisalSelfPage() {
  const q = useQuery({ queryKey: ['mzpy', 'self'], queryFn: mine, retry: false })
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (q.isError || !q.data) return <Alert type="error" showIcon style={{ margin: 16 }} title="个人总结加载失败：您的账号可能未关联党员信息，请联系党支部" />
  return (
    <div style={{ padding: 16, maxWidth: 880, margin: '0 auto' }}>
      <Typography.Title level={4}>民主评议党员 · 个人总结</Typography.Title>
      {q.data.rounds.length === 0 ? (
        <Empty description="您所在的党支部尚未开展民主评议党员：开展后在此填写个人总结" />
      ) : (
        q.data.rounds.map((r) => <Summary key={r.id} round={r} view={q.data} />)
      )}
    </div>
  )
}
