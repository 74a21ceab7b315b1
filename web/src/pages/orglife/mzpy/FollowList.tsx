import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { DatePicker, Empty, Form, Input, Radio, Select, Space, Table, Button, Tag } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { Link } from 'react-router'
import { FOLLOW_NAMES, FOLLOWS, LIMITS, type FollowRow, type FollowUp } from '@/api/generated/appraisal'
import { PERM } from '@/api/permissions'
import FormDialog from '@/components/FormDialog'
import { useHasPermission } from '@/components/Permission'
import { transferPath } from '@/pages/zzgx/shared/api'
import { follow, followList } from './api'
import { serverPager } from '@/components/pagerTotal'

/** 处置: 限期改正 with its deadline, or 劝其退党 / 除名, which start the member's 出党 (组织关系转接). */
function FollowDialog({ row, onClose, onDone }: { row: FollowRow; onClose: () => void; onDone: () => void }) {
  const [action, setAction] = useState<FollowUp>('correct')
  return (
    <FormDialog<{ action: FollowUp; due?: Dayjs; note?: string }>
      title={`处置不合格党员：${row.name}`}
      width={560}
      initialValues={{ action: 'correct' }}
      onValuesChange={(v) => v.action && setAction(v.action)}
      successText="处置决定已记录"
      onClose={onClose}
      onDone={onDone}
      onSubmit={(v) => follow(row.id, { action: v.action, due: v.due ? v.due.format('YYYY-MM-DD') : '', note: v.note ?? '' })}
    >
      <Form.Item name="action" label="处置方式" rules={[{ required: true, message: '请选择处置方式' }]}>
        <Radio.Group options={FOLLOWS.map((f) => ({ value: f, label: FOLLOW_NAMES[f] }))} />
      </Form.Item>
      {action === 'correct' ? (
        <Form.Item name="due" label="改正期限" rules={[{ required: true, message: '请选择改正期限' }]}>
          <DatePicker disabledDate={(d) => !d.isAfter(dayjs(), 'day')} />
        </Form.Item>
      ) : (
        <p>确定后将在“组织关系转接”中为该党员发起出党（自行脱党/退党）申请，按审批流程办理。</p>
      )}
      <Form.Item name="note" label="处置说明">
        <Input.TextArea rows={3} maxLength={LIMITS.reason} showCount />
      </Form.Item>
    </FormDialog>
  )
}

/** 不合格党员处置: the members graded 不合格 in decided rounds of the scope and the decision on each. */
export default function FollowList() {
  const client = useQueryClient()
  const canDecide = useHasPermission([PERM.mzpyDecide])
  const [followUp, setFollowUp] = useState<string | undefined>()
  const [page, setPage] = useState(1)
  const [acting, setActing] = useState<FollowRow | null>(null)
  const q = useQuery({ queryKey: ['mzpy', 'follow', followUp, page], queryFn: () => followList({ page: page - 1, size: 20, followUp }), placeholderData: keepPreviousData })
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Select aria-label="处置情况" allowClear placeholder="处置情况" style={{ width: 140 }} value={followUp} onChange={(v) => { setFollowUp(v); setPage(1) }}
          options={[{ value: '', label: '待处置' }, ...FOLLOWS.map((f) => ({ value: f, label: FOLLOW_NAMES[f] }))]} />
      </Space>
      <Table<FollowRow>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content}
        pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description={followUp !== undefined ? '没有符合条件的党员' : '没有被评为不合格的党员：支部评定等次后，不合格党员在此处置'} /> }}
        columns={[
          { title: '年度', dataIndex: 'year', width: 80 },
          { title: '党员', dataIndex: 'name', width: 110, render: (n: string, r) => <Link to={`/dyjbxx/detail?id=${r.memberId}`}>{n}</Link> },
          { title: '党支部', dataIndex: 'orgName' },
          { title: '处置', width: 120, render: (_, r) => (r.followUp ? <Tag color="blue">{r.followName}</Tag> : <Tag color="red">待处置</Tag>) },
          { title: '说明', render: (_, r) => <>{r.followDue && `期限 ${r.followDue} `}{r.followNote}</> },
          { title: '出党申请', width: 110, render: (_, r) => (r.transferId ? <Link to={transferPath({ id: r.transferId, kind: 'leave' })}>查看</Link> : '—') },
          { title: '操作', width: 90, render: (_, r) => canDecide && !r.followUp && <Button type="link" size="small" onClick={() => setActing(r)}>处置</Button> },
        ]}
      />
      {acting && <FollowDialog row={acting} onClose={() => setActing(null)} onDone={() => void client.invalidateQueries({ queryKey: ['mzpy'] })} />}
    </>
  )
}
