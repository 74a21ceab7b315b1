import { Alert, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Table, Tag, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useState } from 'react'
import { batchAct, fetchVoters, VOTE_STEPS, type BatchBody, type BatchResult, type DevRecord, type Voters } from '@/api/develop'
import { DIALOG_DEFAULTS } from '@/app/bridge'
import { validateOrScroll } from '@/components/useFormSubmit'
import { STEPS_WITH_FIELDS, voteHints } from '../record/StepFields'

/** One person's tally in the batch dialog (逐个表决). */
interface Tally {
  shouldAttend?: number
  present?: number
  written?: number
  agree?: number
  against?: number
  abstain?: number
  decision?: string
  extendMonths?: number
}

interface Values {
  result: BatchBody['result']
  date: Dayjs
  comment?: string
}

/**
 * 批量办理: the same action on the chosen records, all waiting at one step (the server acts on each at its current
 * step, each in its own transaction, and answers every row's outcome, which the dialog then lists).
 */
export default function BatchDialog({ rows, onClose, onDone }: { rows: DevRecord[]; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const [results, setResults] = useState<BatchResult[] | null>(null)
  const result = Form.useWatch('result', form)
  const steps = [...new Set(rows.map((r) => r.step))]
  const same = steps.length === 1 && steps[0] !== ''
  const stepName = rows[0]?.stepName ?? ''
  // A step decided by a vote takes each person's own tally (细则第二十一条: 逐个讨论和表决).
  const by = same && result === 'approve' ? VOTE_STEPS[steps[0]] : undefined
  const day = Form.useWatch('date', form) as Dayjs | undefined
  const iso = day ? day.format('YYYY-MM-DD') : ''
  const [voters, setVoters] = useState<Record<number, Voters>>({})
  const [tallies, setTallies] = useState<Record<number, Tally>>({})
  const [tallyError, setTallyError] = useState('')
  const ids = rows.map((r) => r.id).join(',')
  useEffect(() => {
    if (!by || !iso) return
    let live = true
    void Promise.all(rows.map((r) => fetchVoters(r.id, iso).then((v) => [r.id, v] as const)))
      .then((list) => {
        if (live) setVoters(Object.fromEntries(list))
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rows are the same while their ids are
  }, [by, iso, ids])
  const tallyOf = (id: number): Tally => {
    const t = tallies[id] ?? {}
    const v = voters[id]
    return v?.fixed ? { ...t, shouldAttend: v.shouldAttend } : t
  }
  const setTally = (id: number, patch: Tally) => setTallies((all) => ({ ...all, [id]: { ...all[id], ...patch } }))

  const submit = async () => {
    const v = await validateOrScroll(form)
    const date = v.date.format('YYYY-MM-DD')
    let forms: BatchBody['forms']
    if (by) {
      const missing = rows.filter((r) => {
        const t = tallyOf(r.id)
        return t.shouldAttend == null || t.present == null || t.agree == null || (steps[0] === 'fullMeeting' && !t.decision)
      })
      if (missing.length) {
        setTallyError(`请填写每人的表决结果：${missing.map((r) => r.name).join('、')}`)
        return
      }
      setTallyError('')
      forms = Object.fromEntries(rows.map((r) => [String(r.id), { date, ...tallyOf(r.id) }]))
    }
    setBusy(true)
    try {
      const answer = await batchAct({
        ids: rows.map((r) => r.id),
        result: v.result,
        comment: v.comment?.trim() ?? '',
        form: { date },
        ...(forms ? { forms } : {}),
      })
      setResults(answer)
      onDone()
    } catch {
      /* shown by the request pipeline */
    } finally {
      setBusy(false)
    }
  }

  if (results) {
    const ok = results.filter((r) => r.ok).length
    return (
      <Modal {...DIALOG_DEFAULTS} open title="批量办理结果" width={720} onCancel={onClose} onOk={onClose} okText="关闭" cancelButtonProps={{ style: { display: 'none' } }}>
        <Typography.Paragraph>
          共 {results.length} 条：成功 {ok} 条，未办理 {results.length - ok} 条
        </Typography.Paragraph>
        <Table<BatchResult>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ y: 400 }}
          dataSource={results}
          columns={[
            { title: '姓名', dataIndex: 'name', width: 120 },
            { title: '结果', dataIndex: 'ok', width: 90, render: (v: boolean) => (v ? <Tag color="green">成功</Tag> : <Tag color="red">未办理</Tag>) },
            { title: '说明', dataIndex: 'message' },
          ]}
        />
      </Modal>
    )
  }

  return (
    <Modal
      {...DIALOG_DEFAULTS}
      open
      title={`批量办理（${rows.length} 条）`}
      width={by ? 1000 : 600}
      okText="提交"
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={{ disabled: !same }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
    >
      {!same ? (
        <Alert type="warning" showIcon title="所选记录处于不同环节，批量办理只能用于同一环节的记录，请按「当前环节」筛选后再选择" />
      ) : (
        <>
          <Typography.Paragraph>
            环节：<Typography.Text strong>{stepName}</Typography.Text>
          </Typography.Paragraph>
          {STEPS_WITH_FIELDS.has(steps[0]) && !VOTE_STEPS[steps[0]] && (
            <Alert type="info" showIcon style={{ marginBottom: 12 }} title={`「${stepName}」需逐人填写办理内容，批量通过时缺少内容的记录将不予办理，请在详情中逐条办理`} />
          )}
          <Form<Values> form={form} layout="vertical" initialValues={{ result: 'approve', date: dayjs() }}>
            <Form.Item label="办理结果" name="result" rules={[{ required: true, message: '请选择办理结果' }]}>
              <Radio.Group
                options={[
                  { value: 'approve', label: '通过' },
                  { value: 'reject', label: '不通过' },
                  { value: 'return', label: '退回' },
                ]}
              />
            </Form.Item>
            <Form.Item label="办理日期" name="date" rules={[{ required: true, message: '请选择办理日期' }]}>
              <DatePicker style={{ width: 200 }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
            </Form.Item>
            {by && (
              <VoteTable
                by={by}
                step={steps[0]}
                rows={rows}
                voters={voters}
                tallyOf={tallyOf}
                setTally={setTally}
                error={tallyError}
              />
            )}
            <Form.Item
              label="办理意见"
              name="comment"
              rules={[{ required: result === 'reject' || result === 'return', message: result === 'reject' ? '请填写不通过的理由' : '请填写退回的理由' }]}
            >
              <Input.TextArea rows={3} maxLength={1000} showCount />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  )
}

/**
 * 逐人表决: one row per person with the tally of the meeting (⑮, ㉓: 应到 the branch's roster on the date, read-only;
 * 实到, 书面意见, 赞成 / 反对 / 弃权, and at ㉓ the decision) or of the committee (⑰, ㉔: its members, present, agreeing),
 * each checked as it is typed.
 */
function VoteTable(props: {
  by: 'branch' | 'committee'
  step: string
  rows: DevRecord[]
  voters: Record<number, Voters>
  tallyOf: (id: number) => Tally
  setTally: (id: number, patch: Tally) => void
  error: string
}) {
  const { by, step, rows, voters, tallyOf, setTally, error } = props
  const num = (id: number, key: keyof Tally, max?: number, disabled = false) => (
    <InputNumber
      size="small"
      min={0}
      max={max}
      precision={0}
      disabled={disabled}
      style={{ width: 64 }}
      aria-label={`${rows.find((r) => r.id === id)?.name ?? ''} ${key}`}
      value={tallyOf(id)[key] as number | undefined}
      onChange={(v) => setTally(id, { [key]: v ?? undefined })}
    />
  )
  // A count of the person's tally, at most 应到.
  const count = (key: keyof Tally, title: string) => ({ title, width: 80, render: (_: unknown, r: DevRecord) => num(r.id, key, tallyOf(r.id).shouldAttend) })
  const branch = by === 'branch'
  return (
    <Form.Item
      label={branch ? '逐人表决（细则第二十一条：应当逐个讨论和表决；会前提交的书面意见计入票数）' : '上级党委集体讨论和表决（细则第二十四条）'}
      required
      validateStatus={error ? 'error' : undefined}
      help={error || undefined}
    >
      <Table<DevRecord>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ y: 320 }}
        dataSource={rows}
        columns={[
          { title: '姓名', dataIndex: 'name', width: 90 },
          { title: branch ? '应到' : '应到委员', width: 80, render: (_, r) => num(r.id, 'shouldAttend', 30, branch || !!voters[r.id]?.fixed) },
          count('present', '实到'),
          ...(branch ? [count('written', '书面')] : []),
          count('agree', branch ? '赞成' : '同意'),
          ...(branch ? [count('against', '反对'), count('abstain', '弃权')] : []),
          ...(step === 'fullMeeting'
            ? [
                {
                  title: '讨论结果',
                  width: 200,
                  render: (_: unknown, r: DevRecord) => (
                    <>
                      <Select
                        size="small"
                        style={{ width: 120 }}
                        placeholder="请选择"
                        value={tallyOf(r.id).decision}
                        onChange={(v: string) => setTally(r.id, { decision: v })}
                        options={[
                          { value: 'full', label: '按期转正' },
                          { value: 'extend', label: '延长预备期', disabled: r.extensions > 0 },
                          { value: 'cancel', label: '取消资格' },
                        ]}
                      />
                      {tallyOf(r.id).decision === 'extend' && num(r.id, 'extendMonths', 12)}
                    </>
                  ),
                },
              ]
            : []),
          {
            title: '校验',
            render: (_, r) => {
              const t = tallyOf(r.id)
              if (!t.shouldAttend) return <Typography.Text type="secondary">{branch ? '统计中' : '请填写应到委员'}</Typography.Text>
              if (t.present == null || t.agree == null) return null
              const bad = voteHints(by, {
                should: t.shouldAttend,
                present: t.present,
                written: t.written ?? 0,
                agree: t.agree,
                against: t.against ?? 0,
                abstain: t.abstain ?? 0,
              }).find((h) => !h.ok)
              return bad ? <Typography.Text type="danger">{bad.text}</Typography.Text> : <Typography.Text type="success">符合规定</Typography.Text>
            },
          },
        ]}
      />
    </Form.Item>
  )
}
