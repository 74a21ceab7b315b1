import { PaperClipOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Descriptions, Input, InputNumber, Modal, Space, Spin, Table, Tag, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { confirmAction } from '@/components/crud/confirm'
import { RecordAttachments } from '@/components/flow'
import ReasonDialog from '@/components/ReasonDialog'
import {
  ASSESSMENT_STATES,
  evidenceApi,
  getAssessment,
  returnAssessment,
  reviewAssessment,
  saveAssessment,
  submitAssessment,
  type AssessmentDetail,
  type ItemView,
  type ScoreInput,
} from './api'

type Scores = Record<number, { score: number | null; text: string }>

const STATE_COLORS: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success' }

/** The scores of a detail: the branch's (self) or the reviewer's, the reviewer's starting from the branch's. */
function scoresOf(d: AssessmentDetail, mode: 'self' | 'review'): Scores {
  const out: Scores = {}
  for (const it of d.items) {
    out[it.indicatorId] = mode === 'self' ? { score: it.selfScore, text: it.explanation } : { score: it.reviewScore ?? it.selfScore, text: it.reviewNote }
  }
  return out
}

const inputs = (s: Scores): ScoreInput[] => Object.entries(s).map(([id, v]) => ({ indicatorId: Number(id), score: v.score, text: v.text }))

/** 佐证材料 of one indicator in a dialog: added and removed while the draft is open, read afterwards. */
function Evidence({ item, editable }: { item: ItemView; editable: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button type="link" size="small" icon={<PaperClipOutlined />} onClick={() => setOpen(true)} aria-label={`佐证材料 ${item.name}`}>
        佐证材料
      </Button>
      {open && (
        <Modal open title={`佐证材料：${item.name}`} footer={null} width={720} onCancel={() => setOpen(false)}>
          <RecordAttachments api={evidenceApi(item.id)} editPerm={PERM.dzzjsAssess} readOnly={!editable} emptyText="暂无佐证材料" />
        </Modal>
      )}
    </>
  )
}

/**
 * One branch's assessment of a year, indicator by indicator: in `self` mode its draft is scored, explained,
 * evidenced, saved and submitted; in `review` mode the reviewer (the committee above) scores each indicator
 * and approves, or returns it with a reason. Scores take one decimal place within each indicator's points.
 */
export default function AssessmentSheet({ id, mode }: { id: number; mode: 'self' | 'review' }) {
  const client = useQueryClient()
  const detail = useQuery({ queryKey: ['dzzjs', 'assessment', id], queryFn: () => getAssessment(id) })
  const [scores, setScores] = useState<Scores>({})
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)
  const [returning, setReturning] = useState(false)
  const d = detail.data
  useEffect(() => {
    if (d) setScores(scoresOf(d, mode))
  }, [d, mode])
  if (detail.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (!d) return <Alert type="error" showIcon title="自评加载失败" action={<Button onClick={() => void detail.refetch()}>重试</Button>} />

  const drafting = mode === 'self' && d.state === ASSESSMENT_STATES.draft
  const reviewing = mode === 'review' && d.state === ASSESSMENT_STATES.submitted && d.canReview
  const changed = (next: AssessmentDetail) => {
    client.setQueryData(['dzzjs', 'assessment', id], next)
    void client.invalidateQueries({ queryKey: ['dzzjs', 'assessments'] })
    void client.invalidateQueries({ queryKey: ['dzzjs', 'indicators'] })
  }
  const act = async (run: () => Promise<AssessmentDetail>, done: string) => {
    setBusy(true)
    try {
      changed(await run())
      ui.message.success(done)
    } catch {
      /* shown by the request pipeline (the field named) */
    } finally {
      setBusy(false)
    }
  }
  const set = (item: ItemView, patch: Partial<Scores[number]>) => setScores((s) => ({ ...s, [item.indicatorId]: { ...s[item.indicatorId], ...patch } }))
  const total = Object.values(scores).reduce((n, v) => n + (v?.score ?? 0), 0)

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label="党支部">{d.orgName}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={STATE_COLORS[d.state]}>{d.stateName}</Tag>
          {d.markName && <Tag color="gold">{d.markName}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="审核单位">{d.reviewer}</Descriptions.Item>
        <Descriptions.Item label="自评得分">
          {d.selfTotal} / {d.maxTotal}
        </Descriptions.Item>
        <Descriptions.Item label="审核得分">{d.reviewTotal ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="审核意见">{d.reviewComment || '—'}</Descriptions.Item>
      </Descriptions>
      {d.state === ASSESSMENT_STATES.draft && d.returnReason && <Alert type="warning" showIcon title={`已退回：${d.returnReason}`} />}
      {mode === 'review' && d.state === ASSESSMENT_STATES.submitted && !d.canReview && (
        <Alert type="info" showIcon title={`该党支部的自评由${d.reviewer}审核`} />
      )}
      <Table<ItemView>
        rowKey="indicatorId"
        size="small"
        pagination={false}
        dataSource={d.items}
        columns={[
          { title: '类别', dataIndex: 'category', width: 90 },
          {
            title: '指标',
            dataIndex: 'name',
            width: 220,
            render: (_, it) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{it.name}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {it.standard}
                </Typography.Text>
              </Space>
            ),
          },
          { title: '分值', dataIndex: 'maxPoints', width: 60, align: 'right' },
          {
            title: '自评得分',
            key: 'self',
            width: 110,
            render: (_, it) =>
              drafting ? (
                <InputNumber
                  aria-label={`自评得分 ${it.name}`}
                  min={0}
                  max={it.maxPoints}
                  step={0.5}
                  precision={1}
                  value={scores[it.indicatorId]?.score}
                  onChange={(v) => set(it, { score: v })}
                />
              ) : (
                (it.selfScore ?? '—')
              ),
          },
          {
            title: '自评说明',
            key: 'explanation',
            render: (_, it) =>
              drafting ? (
                <Input.TextArea
                  aria-label={`自评说明 ${it.name}`}
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  maxLength={1000}
                  value={scores[it.indicatorId]?.text}
                  onChange={(e) => set(it, { text: e.target.value })}
                />
              ) : (
                it.explanation || '—'
              ),
          },
          { title: '佐证', key: 'evidence', width: 110, render: (_, it) => <Evidence item={it} editable={drafting} /> },
          {
            title: '审核得分',
            key: 'review',
            width: 110,
            render: (_, it) =>
              reviewing ? (
                <InputNumber
                  aria-label={`审核得分 ${it.name}`}
                  min={0}
                  max={it.maxPoints}
                  step={0.5}
                  precision={1}
                  value={scores[it.indicatorId]?.score}
                  onChange={(v) => set(it, { score: v })}
                />
              ) : (
                (it.reviewScore ?? '—')
              ),
          },
          ...(mode === 'review'
            ? [
                {
                  title: '审核说明',
                  key: 'note',
                  render: (_: unknown, it: ItemView) =>
                    reviewing ? (
                      <Input aria-label={`审核说明 ${it.name}`} maxLength={500} value={scores[it.indicatorId]?.text} onChange={(e) => set(it, { text: e.target.value })} />
                    ) : (
                      it.reviewNote || '—'
                    ),
                },
              ]
            : []),
        ]}
      />
      {drafting && (
        <Space>
          <Typography.Text>当前合计 {Math.round(total * 10) / 10} 分</Typography.Text>
          <Button loading={busy} onClick={() => void act(() => saveAssessment(id, d.updateTime, inputs(scores)), '自评已保存')}>
            保存
          </Button>
          <Button
            type="primary"
            loading={busy}
            onClick={() =>
              void confirmAction(
                '提交后不能再修改，确定提交自评吗？',
                async () => {
                  await saveAssessment(id, d.updateTime, inputs(scores))
                  changed(await submitAssessment(id))
                },
                `自评已提交，等待${d.reviewer}审核`,
              )
            }
          >
            提交自评
          </Button>
        </Space>
      )}
      {reviewing && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Input.TextArea aria-label="审核意见" placeholder="审核意见（选填）" rows={2} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
          <Space>
            <Typography.Text>审核合计 {Math.round(total * 10) / 10} 分</Typography.Text>
            <Button
              type="primary"
              loading={busy}
              onClick={() =>
                void confirmAction('确定以当前审核得分完成审核吗？', async () => changed(await reviewAssessment(id, inputs(scores), comment.trim())), '审核完成')
              }
            >
              审核通过
            </Button>
            <Button danger onClick={() => setReturning(true)}>
              退回
            </Button>
          </Space>
        </Space>
      )}
      {returning && (
        <ReasonDialog
          title={`退回${d.orgName}的自评`}
          label="退回原因"
          maxLength={500}
          danger
          okText="退回"
          successText="自评已退回"
          send={async (reason) => changed(await returnAssessment(id, reason))}
          onClose={() => setReturning(false)}
        />
      )}
    </Space>
  )
}
