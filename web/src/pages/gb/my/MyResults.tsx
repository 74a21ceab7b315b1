import { useQuery, useQueryClient } from '@tanstack/react-query'
import axios from 'axios'
import { Alert, Button, Card, Descriptions, Empty, Form, Input, Space, Spin, Typography } from 'antd'
import { useState } from 'react'
import { LIMITS, type MyResult } from '@/api/generated/cadreAssess'
import { failureText } from '@/api/request'
import FormDialog from '@/components/FormDialog'
import { formatTime } from '@/utils/time'
import AppealTag from '../kh/AppealTag'
import { appealResult, myResults } from '../kh/api'
import { StateTag } from '../kh/RoundDrawer'
import { GradeTag } from '../kh/ResultsTable'

/** A reason's length as the server counts it: characters (not UTF-16 units) of the trimmed text. */
export const reasonLength = (s: string) => Array.from(s.trim()).length

/** Why a failed load shows nothing: a 404 is the account without a linked cadre record (the server says so). */
class LoadError extends Error {
  constructor(message: string, readonly notLinked: boolean) {
    super(message)
  }
}

const load = () =>
  myResults().catch(async (e: unknown) => Promise.reject(new LoadError(await failureText(e), axios.isAxiosError(e) && e.response?.status === 404)))

/** 提出申诉: a reason of LIMITS.minAppeal–maxAppeal characters, once. */
function AppealDialog({ result, onClose, onDone }: { result: MyResult; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog<{ reason: string }>
      title={`提出申诉 · ${result.roundName}`}
      vertical
      okText="提交申诉"
      onClose={onClose}
      onDone={onDone}
      successText="已提交申诉，请等待答复"
      onSubmit={(v) => appealResult(result.id, { reason: v.reason.trim() })}
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="每次考核的结果只能申诉一次，提交后不能修改或撤回，请写清申诉的事实和理由。" />
      <Form.Item
        name="reason"
        label="申诉理由"
        rules={[
          {
            validator: (_, v: string | undefined) => {
              const n = reasonLength(v ?? '')
              return n < LIMITS.minAppeal || n > LIMITS.maxAppeal
                ? Promise.reject(new Error(`请写明申诉理由（${LIMITS.minAppeal}到${LIMITS.maxAppeal}个字）`))
                : Promise.resolve()
            },
          },
        ]}
      >
        <Input.TextArea rows={6} count={{ show: true, max: LIMITS.maxAppeal, strategy: reasonLength }} />
      </Form.Item>
    </FormDialog>
  )
}

/** The appeal of one result: 提出申诉 while it may be made, else what became of it. */
function AppealPart({ r, onAppeal }: { r: MyResult; onAppeal: () => void }) {
  if (r.canAppeal) return <Button onClick={onAppeal}>提出申诉</Button>
  if (!r.appealState) return <Typography.Text type="secondary">{r.state === 'confirmed' ? '结果已确认' : '—'}</Typography.Text>
  return (
    <Space orientation="vertical" size={4}>
      <Space wrap>
        <AppealTag state={r.appealState} />
        {r.appealAt && <Typography.Text type="secondary">{formatTime(r.appealAt, 'YYYY-MM-DD HH:mm')} 提出</Typography.Text>}
      </Space>
      <div style={{ whiteSpace: 'pre-wrap' }}>申诉理由：{r.appealReason}</div>
      {r.appealReply && <div style={{ whiteSpace: 'pre-wrap' }}>答复：{r.appealReply}</div>}
    </Space>
  )
}

/** 我的考核结果: the cadre's results in counted and confirmed rounds, newest first, and their appeals. */
export default function MyResults() {
  const client = useQueryClient()
  const q = useQuery<MyResult[], LoadError>({ queryKey: ['gb-my', 'assess'], queryFn: load, retry: false })
  const [appealing, setAppealing] = useState<MyResult | null>(null)
  if (q.isLoading) return <Spin style={{ display: 'block', margin: 24 }} />
  if (q.isError) return <Alert type={q.error.notLinked ? 'info' : 'error'} showIcon title={q.error.message} />
  if (!q.data?.length) return <Empty description="暂无考核结果：考核测评结束后，结果会显示在这里" />
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {q.data.map((r) => (
        <Card key={r.id} size="small" title={<Space>{`${r.year}年度 · ${r.roundName}`}<StateTag state={r.state} /></Space>}>
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered>
            <Descriptions.Item label="综合得分">{r.score ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="排名">{r.rank ? `第${r.rank}名/共${r.assessed}人` : '—'}</Descriptions.Item>
            <Descriptions.Item label="等次"><GradeTag grade={r.grade} /></Descriptions.Item>
            {r.groups.map((g) => <Descriptions.Item key={g.key} label={`${g.name}评分`}>{g.score ?? '—'}</Descriptions.Item>)}
            <Descriptions.Item label="申诉" span="filled"><AppealPart r={r} onAppeal={() => setAppealing(r)} /></Descriptions.Item>
          </Descriptions>
        </Card>
      ))}
      {appealing && (
        <AppealDialog result={appealing} onClose={() => setAppealing(null)} onDone={() => void client.invalidateQueries({ queryKey: ['gb-my', 'assess'] })} />
      )}
    </Space>
  )
}
