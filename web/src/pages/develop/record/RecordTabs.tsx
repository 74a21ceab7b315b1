import { Button, Empty, Table, Tag } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
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
import { ChildTable, defineResource, wholeList } from '@/components/crud'
import { useDicts } from '@/components/dict/useDicts'
import { dictLabel } from '@/utils/dict'

const REVIEW_RESULT = 'DEV_REVIEW_RESULT'
const notFuture = { disabledDate: (d: Dayjs) => d.isAfter(dayjs(), 'day') }

/** 考察记录: the 6-monthly reviews of an activist and the reviews of a probationary member (the branch keeps them). */
export function ReviewsTab({ recordId, stage, onChanged }: { recordId: number; stage: Stage; onChanged: () => void }) {
  const results = useDicts(REVIEW_RESULT)[REVIEW_RESULT]
  const save = (b: Partial<Review>) => saveReview(recordId, b)
  const resource = defineResource<Review>({
    key: `fzdy-reviews-${recordId}`,
    noun: '考察记录',
    api: { fetch: wholeList(() => listReviews(recordId)), create: save, update: save, remove: (ids) => deleteReviews(recordId, ids) },
    titleOf: (r) => `${r.reviewedOn} 的考察记录`,
    emptyText: '暂无考察记录：入党积极分子每半年至少考察一次',
    fields: [
      { name: 'reviewedOn', label: '考察日期', type: 'date', required: true, width: 110, form: { props: notFuture } },
      {
        name: 'kind',
        label: '类别',
        type: 'select',
        required: true,
        width: 120,
        options: [
          { value: 'activist', label: '积极分子培养考察' },
          { value: 'probation', label: '预备党员教育考察' },
        ],
        render: (k: string) => (k === 'probation' ? '预备党员考察' : '积极分子考察'),
      },
      { name: 'result', label: '考察结果', type: 'dict', dict: REVIEW_RESULT, display: 'result', required: true, width: 100, render: (v: string) => dictLabel(results, v) },
      { name: 'reviewer', label: '考察人', width: 100, form: { props: { maxLength: 50 } } },
      { name: 'content', label: '考察意见', type: 'textarea', form: { props: { maxLength: 2000 } } },
    ],
  })
  return (
    <ChildTable<Review>
      resource={resource}
      need={[PERM.fzdyBranch]}
      initial={{ kind: stage === 'probationary' || stage === 'full' ? 'probation' : 'activist' }}
      onChanged={onChanged}
    />
  )
}

/** 培训记录: the trainings attended; ⑪ 集中培训 counts the passed 发展对象培训 (hours or days). */
export function TrainingsTab({ recordId, onChanged }: { recordId: number; onChanged: () => void }) {
  const save = (b: Partial<Training>) => saveTraining(recordId, b)
  const resource = defineResource<Training>({
    key: `fzdy-trainings-${recordId}`,
    noun: '培训记录',
    api: { fetch: wholeList(() => listTrainings(recordId)), create: save, update: save, remove: (ids) => deleteTrainings(recordId, ids) },
    titleOf: (t) => t.title,
    emptyText: '暂无培训记录：发展对象须参加集中培训',
    scrollX: 760,
    fields: [
      { name: 'batchType', label: '培训类别', type: 'select', options: BATCH_TYPES, required: true, width: 130 },
      { name: 'title', label: '培训名称', required: true, form: { props: { maxLength: 100 } } },
      {
        name: 'dates',
        label: '起止日期',
        type: 'dateRange',
        required: true,
        width: 200,
        render: (_: unknown, t: Training) => `${t.startOn} 至 ${t.endOn}`,
        form: { split: ['startOn', 'endOn'] },
      },
      { name: 'hours', label: '学时', type: 'number', width: 70, form: { extra: '每天不超过 8 学时', empty: 0, props: { min: 0, max: 1000, precision: 0 } } },
      {
        name: 'days',
        label: '天数',
        type: 'number',
        width: 70,
        form: { extra: '不超过起止日期的天数；集中培训须在确定为发展对象之日或以后开始方计入', empty: 0, props: { min: 0, max: 365, precision: 0 } },
      },
      { name: 'certificateNo', label: '结业证书号', column: false, form: { props: { maxLength: 50 } } },
      { name: 'passed', label: '已结业', type: 'switch', width: 80, render: (p: boolean) => (p ? <Tag color="green">已结业</Tag> : <Tag>未结业</Tag>) },
    ],
  })
  // Held by the branch or the committee.
  return (
    <ChildTable<Training>
      resource={resource}
      need={[PERM.fzdyBranch, PERM.fzdyCommittee]}
      initial={{ batchType: 3, passed: true }}
      deleteKind="培训"
      onChanged={onChanged}
      locked={schoolWritten}
    />
  )
}

/** A training a party-school batch's completion wrote is the batch's: the server refuses editing or deleting it here. */
const schoolWritten = (t: Training) =>
  t.sourceBatch != null ? { tag: '党校培训班写入', why: '该培训记录由党校培训班结业写入，请在培训班中处理' } : undefined

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
