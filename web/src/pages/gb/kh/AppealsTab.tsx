import { useQuery } from '@tanstack/react-query'
import { Button, Descriptions, Empty, Form, Input, Radio, Select, Table, Typography } from 'antd'
import { useState } from 'react'
import { GRADES, LIMITS, type Result, type RoundDetail } from '@/api/generated/cadreAssess'
import { PERM } from '@/api/permissions'
import FormDialog from '@/components/FormDialog'
import { useHasPermission } from '@/components/Permission'
import { formatTime } from '@/utils/time'
import AppealTag from './AppealTag'
import { answerAppeal, roundAppeals } from './api'
import { GradeTag } from './ResultsTable'

/** A counted or confirmed round's appeals, shared by the 申诉 tab and its badge (and the confirmation's warning). */
export function useAppeals(round: RoundDetail | undefined) {
  const counted = round?.state === 'counted' || round?.state === 'confirmed'
  const q = useQuery({ queryKey: ['gbkh', 'appeals', round?.id], queryFn: () => roundAppeals(round!.id), enabled: counted })
  return { ...q, pending: q.data?.filter((a) => a.appealState === 'pending').length ?? 0 }
}

const gradeOf = (r: Result) => r.grade || r.autoGrade

interface Answer { change: boolean; grade?: string; reply: string }

/** 答复申诉: the grade kept or changed (the 优秀 cap holds), and the reply the cadre reads; sent with the round's version. */
function AnswerDialog({ round, row, onClose, onDone }: { round: RoundDetail; row: Result; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<Answer>()
  const change = Form.useWatch('change', form) ?? false
  return (
    <FormDialog<Answer>
      form={form}
      title={`答复申诉 · ${row.name}`}
      vertical
      initialValues={{ change: false }}
      onClose={onClose}
      onDone={onDone}
      successText="已答复申诉"
      onSubmit={(v) =>
        answerAppeal(round.id, row.id, { updateTime: round.updateTime, change: v.change, grade: v.change ? v.grade : undefined, reply: v.reply.trim() })
      }
    >
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="综合得分">{row.score ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="等次"><GradeTag grade={gradeOf(row)} /></Descriptions.Item>
        <Descriptions.Item label="申诉理由" span={2}><div style={{ whiteSpace: 'pre-wrap' }}>{row.appealReason}</div></Descriptions.Item>
      </Descriptions>
      <Form.Item name="change" label="处理结果">
        <Radio.Group options={[{ value: false, label: '维持原等次' }, { value: true, label: '调整等次' }]} />
      </Form.Item>
      {change && (
        <Form.Item
          name="grade"
          label="调整后的等次"
          extra="优秀人数仍不能超过比例上限"
          rules={[
            { required: true, message: '请选择调整后的等次' },
            { validator: (_, g) => (g && g === gradeOf(row) ? Promise.reject(new Error('请选择与原等次不同的等次')) : Promise.resolve()) },
          ]}
        >
          <Select options={GRADES.map((g) => ({ value: g, label: g }))} style={{ width: 160 }} placeholder="选择等次" />
        </Form.Item>
      )}
      <Form.Item name="reply" label="答复意见" extra={change ? '答复意见同时作为调整等次的理由' : undefined}
        rules={[{ required: true, whitespace: true, message: '请填写答复意见' }]}>
        <Input.TextArea rows={4} maxLength={LIMITS.maxAppeal} showCount placeholder="干部在「我的考核结果」中可以看到答复意见" />
      </Form.Item>
    </FormDialog>
  )
}

const MINUTE = 'YYYY-MM-DD HH:mm'

/** 申诉: the round's appeals in the order they came; 答复 a waiting one while the round is counted (gbkh:grade). */
export default function AppealsTab({ round, onChanged }: { round: RoundDetail; onChanged: () => void }) {
  const mayAnswer = useHasPermission([PERM.gbkhGrade]) && round.state === 'counted'
  const q = useAppeals(round)
  const [answering, setAnswering] = useState<Result | null>(null)
  return (
    <>
      <Table<Result>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={q.isError ? '申诉加载失败，请稍后重试' : '本次考核没有申诉'} /> }}
        columns={[
          { title: '干部', dataIndex: 'name', width: 100 },
          { title: '单位', dataIndex: 'unitName', width: 160, ellipsis: true },
          { title: '等次', key: 'grade', width: 100, render: (_: unknown, r) => <GradeTag grade={gradeOf(r)} /> },
          {
            title: '申诉理由', dataIndex: 'appealReason', width: 280,
            render: (t: string) => <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 3, expandable: 'collapsible' }}>{t}</Typography.Paragraph>,
          },
          { title: '申诉时间', dataIndex: 'appealAt', width: 150, render: (t: string | null) => (t ? formatTime(t, MINUTE) : '—') },
          { title: '状态', dataIndex: 'appealState', width: 110, render: (s: Result['appealState']) => <AppealTag state={s} /> },
          {
            title: '答复', dataIndex: 'appealReply', width: 260,
            render: (t: string, r) => (t ? <><div style={{ whiteSpace: 'pre-wrap' }}>{t}</div><Typography.Text type="secondary">{r.appealBy}</Typography.Text></> : '—'),
          },
          ...(mayAnswer
            ? [{ title: '操作', key: 'op', width: 80, render: (_: unknown, r: Result) => r.appealState === 'pending' && <Button type="link" size="small" onClick={() => setAnswering(r)}>答复</Button> }]
            : []),
        ]}
      />
      {answering && <AnswerDialog round={round} row={answering} onClose={() => setAnswering(null)} onDone={onChanged} />}
    </>
  )
}
