import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, DatePicker, Empty, Form, Input, InputNumber, Select, Space, Switch, Table, Tag, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import {
  BATCH_TYPES,
  deleteReviews,
  deleteTrainings,
  listReviews,
  listTrainings,
  noticeKindLabel,
  saveReview,
  saveTraining,
  type NoticeBrief,
  type Stage,
  type Review,
  type Training,
} from '@/api/develop'
import { PERM } from '@/api/permissions'
import { openPrintView } from '@/app/router/print'
import { actionColumn, deleteAction, editAction, RowActions } from '@/components/crud'
import { useDicts } from '@/components/dict/useDicts'
import type { AttachmentSource, FlowView } from '@/components/flow'
import AttachmentList from '@/components/flow/AttachmentList'
import FormDialog from '@/components/FormDialog'
import ChildList from '../shared/ChildList'
import { useHasPermission } from '@/components/Permission'
import { dictLabel } from '@/utils/dict'

const DAY = 'YYYY-MM-DD'
const REVIEW_RESULT = 'DEV_REVIEW_RESULT'
const day = (d?: Dayjs | null) => (d ? d.format(DAY) : '')
const asDay = (s?: string) => (s ? dayjs(s) : undefined)

/** 考察记录: the 6-monthly reviews of an activist and the reviews of a probationary member (the branch keeps them). */
export function ReviewsTab({ recordId, stage, onChanged }: { recordId: number; stage: Stage; onChanged: () => void }) {
  const client = useQueryClient()
  const key = ['fzdy', 'reviews', recordId]
  const list = useQuery({ queryKey: key, queryFn: () => listReviews(recordId) })
  const dicts = useDicts(REVIEW_RESULT)
  const canEdit = useHasPermission([PERM.fzdyBranch])
  const [editing, setEditing] = useState<Partial<Review> | null>(null)
  const reload = () => {
    void client.invalidateQueries({ queryKey: key })
    onChanged()
  }
  type V = { kind: Review['kind']; reviewedOn: Dayjs; result: string; reviewer?: string; content?: string }
  return (
    <>
      <ChildList<Review>
        rows={list.data}
        loading={list.isLoading}
        need={[PERM.fzdyBranch]}
        addLabel="新增考察记录"
        onAdd={() => setEditing({ kind: stage === 'probationary' || stage === 'full' ? 'probation' : 'activist' })}
        scrollX={720}
        emptyText="暂无考察记录：入党积极分子每半年至少考察一次"
        columns={[
          { title: '考察日期', dataIndex: 'reviewedOn', width: 110 },
          { title: '类别', dataIndex: 'kind', width: 120, render: (k: string) => (k === 'probation' ? '预备党员考察' : '积极分子考察') },
          { title: '考察结果', dataIndex: 'result', width: 100, render: (v: string) => dictLabel(dicts[REVIEW_RESULT], v) },
          { title: '考察人', dataIndex: 'reviewer', width: 100 },
          { title: '考察意见', dataIndex: 'content', ellipsis: true },
          ...(canEdit
            ? [
                actionColumn<Review>(
                  (r) => (
                    <RowActions
                      actions={[
                        editAction(undefined, () => setEditing(r)),
                        deleteAction(PERM.fzdyBranch, `${r.reviewedOn} 的考察记录`, () => deleteReviews(recordId, [r.id]), reload),
                      ]}
                    />
                  ),
                  120,
                ),
              ]
            : []),
        ]}
      />
      {editing && (
        <FormDialog<V>
          title={editing.id ? '编辑考察记录' : '新增考察记录'}
          initialValues={{ ...editing, reviewedOn: asDay(editing.reviewedOn) } as Partial<V>}
          onClose={() => setEditing(null)}
          onDone={reload}
          onSubmit={(v) =>
            saveReview(recordId, {
              ...(editing.id ? { id: editing.id } : {}),
              kind: v.kind,
              reviewedOn: day(v.reviewedOn),
              result: v.result,
              reviewer: v.reviewer?.trim() ?? '',
              content: v.content?.trim() ?? '',
            })
          }
        >
          <Form.Item label="类别" name="kind" rules={[{ required: true, message: '请选择类别' }]}>
            <Select
              options={[
                { value: 'activist', label: '积极分子培养考察' },
                { value: 'probation', label: '预备党员教育考察' },
              ]}
            />
          </Form.Item>
          <Form.Item label="考察日期" name="reviewedOn" rules={[{ required: true, message: '请选择考察日期' }]}>
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
          </Form.Item>
          <Form.Item label="考察结果" name="result" rules={[{ required: true, message: '请选择考察结果' }]}>
            <Select options={dicts[REVIEW_RESULT]?.map((o) => ({ value: String(o.value), label: o.label }))} />
          </Form.Item>
          <Form.Item label="考察人" name="reviewer">
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item label="考察意见" name="content">
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </FormDialog>
      )}
    </>
  )
}

/** 培训记录: the trainings attended; ⑪ 集中培训 counts the passed 发展对象培训 (hours or days). */
export function TrainingsTab({ recordId, onChanged }: { recordId: number; onChanged: () => void }) {
  const client = useQueryClient()
  const key = ['fzdy', 'trainings', recordId]
  const list = useQuery({ queryKey: key, queryFn: () => listTrainings(recordId) })
  const canEdit = useHasPermission([PERM.fzdyBranch, PERM.fzdyCommittee])
  const [editing, setEditing] = useState<Partial<Training> | null>(null)
  const reload = () => {
    void client.invalidateQueries({ queryKey: key })
    onChanged()
  }
  type V = { batchType: number; title: string; range: [Dayjs, Dayjs]; hours?: number; days?: number; certificateNo?: string; passed: boolean }
  const typeLabel = (t: number) => BATCH_TYPES.find((b) => b.value === t)?.label ?? String(t)
  return (
    <>
      <ChildList<Training>
        rows={list.data}
        loading={list.isLoading}
        need={[PERM.fzdyBranch, PERM.fzdyCommittee]}
        addLabel="新增培训记录"
        onAdd={() => setEditing({ batchType: 3, passed: true })}
        scrollX={760}
        emptyText="暂无培训记录：发展对象须参加集中培训"
        columns={[
          { title: '培训类别', dataIndex: 'batchType', width: 130, render: typeLabel },
          { title: '培训名称', dataIndex: 'title', ellipsis: true },
          { title: '起止日期', key: 'dates', width: 200, render: (_: unknown, t: Training) => `${t.startOn} 至 ${t.endOn}` },
          { title: '学时', dataIndex: 'hours', width: 70 },
          { title: '天数', dataIndex: 'days', width: 70 },
          { title: '结业', dataIndex: 'passed', width: 80, render: (p: boolean) => (p ? <Tag color="green">已结业</Tag> : <Tag>未结业</Tag>) },
          ...(canEdit
            ? [
                actionColumn<Training>(
                  (t) => (
                    <RowActions
                      actions={[
                        editAction(undefined, () => setEditing(t)),
                        // Held by the branch or the committee: the column shows only to them.
                        deleteAction(PERM.fzdyBranch, t.title, () => deleteTrainings(recordId, [t.id]), reload, { kind: '培训', need: undefined }),
                      ]}
                    />
                  ),
                  120,
                ),
              ]
            : []),
        ]}
      />
      {editing && (
        <FormDialog<V>
          title={editing.id ? '编辑培训记录' : '新增培训记录'}
          initialValues={{ ...editing, range: editing.startOn ? [dayjs(editing.startOn), dayjs(editing.endOn)] : undefined } as Partial<V>}
          onClose={() => setEditing(null)}
          onDone={reload}
          onSubmit={(v) =>
            saveTraining(recordId, {
              ...(editing.id ? { id: editing.id } : {}),
              batchType: v.batchType,
              title: v.title.trim(),
              startOn: day(v.range[0]),
              endOn: day(v.range[1]),
              hours: v.hours ?? 0,
              days: v.days ?? 0,
              certificateNo: v.certificateNo?.trim() ?? '',
              passed: v.passed,
            })
          }
        >
          <Form.Item label="培训类别" name="batchType" rules={[{ required: true, message: '请选择培训类别' }]}>
            <Select options={BATCH_TYPES} />
          </Form.Item>
          <Form.Item label="培训名称" name="title" rules={[{ required: true, message: '请输入培训名称' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label="起止日期" name="range" rules={[{ required: true, message: '请选择起止日期' }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="学时" name="hours" extra="每天不超过 8 学时">
            <InputNumber min={0} max={1000} precision={0} />
          </Form.Item>
          <Form.Item label="天数" name="days" extra="不超过起止日期的天数；集中培训须在确定为发展对象之日或以后开始方计入">
            <InputNumber min={0} max={365} precision={0} />
          </Form.Item>
          <Form.Item label="结业证书号" name="certificateNo">
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item label="已结业" name="passed" valuePropName="checked">
            <Switch />
          </Form.Item>
        </FormDialog>
      )}
    </>
  )
}

/** 公示: the notices listing the record, each printable. */
export function NoticesTab({ notices }: { notices: NoticeBrief[] }) {
  return (
    <Table<NoticeBrief>
      rowKey="id"
      size="small"
      dataSource={notices}
      pagination={false}
      scroll={{ x: 600 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未列入公示：确定发展对象、接收预备党员和转正前须公示不少于 5 个工作日" /> }}
      columns={[
        { title: '公示类别', dataIndex: 'kind', width: 150, render: noticeKindLabel },
        { title: '标题', dataIndex: 'title', ellipsis: true },
        { title: '公示期', key: 'dates', width: 200, render: (_: unknown, n: NoticeBrief) => `${n.startOn} 至 ${n.endOn}` },
        {
          title: '操作',
          key: 'actions',
          width: 80,
          render: (_: unknown, n: NoticeBrief) => (
            <Button type="link" size="small" onClick={() => openPrintView('devNotice', { id: n.id })}>
              打印
            </Button>
          ),
        },
      ]}
    />
  )
}

/** 附件: the files attached to the record's steps as they were handled (each action's files, by step). */
export function FilesTab({ flow, files }: { flow: FlowView | undefined; files?: AttachmentSource }) {
  const entries = (flow?.entries ?? []).filter((e) => e.attachments?.length)
  if (!entries.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无附件：办理环节时上传的材料会列在这里" />
  const title = (k?: string) => flow?.steps.find((s) => s.key === k)?.title ?? k ?? ''
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {entries.map((e) => (
        <div key={e.id}>
          <Typography.Text strong>{title(e.step)}</Typography.Text>
          <Typography.Text type="secondary">（{e.actorName}，{e.time.slice(0, 10)}）</Typography.Text>
          <AttachmentList value={e.attachments} readOnly source={files} />
        </div>
      ))}
    </Space>
  )
}
