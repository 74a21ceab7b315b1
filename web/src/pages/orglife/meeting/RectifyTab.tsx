import { useQuery } from '@tanstack/react-query'
import { Alert, Button, DatePicker, Form, Input, Table, Tag, Timeline, Typography, type TableColumnType } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { actionColumn, RowActions } from '@/components/crud'
import FormDialog from '@/components/FormDialog'
import { searchMembers } from '@/components/member/service'
import Permission, { useHasPermission } from '@/components/Permission'
import ReasonDialog from '@/components/ReasonDialog'
import RemoteSelect from '@/components/RemoteSelect'
import { formatTime } from '@/utils/time'
import { MINUTE } from './DateTimeInput'
import { addProgress, addRectify, closeRectify, rectifyOf, RECTIFY_STATES, updateRectify, type RectifyView } from './prepareApi'
import { STATE, type MeetingView } from './types'

const DAY = 'YYYY-MM-DD'

interface ItemValues {
  content: string
  owner: string
  ownerMemberId?: number
  deadline: Dayjs
}

/** 新增/修改整改事项: the content, the owner (a name, or a member chosen), the deadline (not before the meeting). */
function ItemDialog({ meeting, item, onClose, onDone }: { meeting: MeetingView; item?: RectifyView; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog<ItemValues>
      title={item ? '修改整改事项' : '新增整改事项'}
      initialValues={item ? { content: item.content, owner: item.owner, ownerMemberId: item.ownerMemberId ?? undefined, deadline: dayjs(item.deadline) } : undefined}
      onSubmit={(v) => {
        const body = { content: v.content.trim(), owner: (v.owner ?? '').trim(), ownerMemberId: v.ownerMemberId ?? null, deadline: v.deadline.format(DAY) }
        return item ? updateRectify(item.id, { ...body, updateTime: item.updateTime }) : addRectify(meeting.id, body)
      }}
      successText={item ? '整改事项已修改' : '已新增整改事项'}
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item label="整改事项" name="content" rules={[{ required: true, whitespace: true, message: '请输入整改事项' }]}>
        <Input.TextArea rows={3} maxLength={1000} showCount />
      </Form.Item>
      <Form.Item label="责任党员" name="ownerMemberId" extra="可选：选择党员后，责任人留空即为该党员">
        <RemoteSelect search={(t) => searchMembers(t)} selectedLabel={item?.owner} placeholder="输入姓名搜索" emptyText="没有匹配的党员" />
      </Form.Item>
      <Form.Item
        label="责任人"
        name="owner"
        dependencies={['ownerMemberId']}
        rules={[({ getFieldValue }) => ({ required: !getFieldValue('ownerMemberId'), whitespace: true, message: '请输入责任人' })]}
      >
        <Input maxLength={50} placeholder="如：支部书记 王某某" />
      </Form.Item>
      <Form.Item label="完成时限" name="deadline" rules={[{ required: true, message: '请选择完成时限' }]}>
        <DatePicker disabledDate={(d) => d.isBefore(dayjs(meeting.heldOn), 'day')} />
      </Form.Item>
    </FormDialog>
  )
}

/** 登记整改进展: what was done, on a day not in the future. */
function ProgressDialog({ item, onClose, onDone }: { item: RectifyView; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog<{ notedOn: Dayjs; note: string }>
      title={`登记整改进展：${item.content}`}
      initialValues={{ notedOn: dayjs() }}
      onSubmit={(v) => addProgress(item.id, { notedOn: v.notedOn.format(DAY), note: v.note.trim() })}
      successText="已登记整改进展"
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item label="进展日期" name="notedOn" rules={[{ required: true, message: '请选择进展日期' }]}>
        <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item label="整改进展" name="note" rules={[{ required: true, whitespace: true, message: '请输入整改进展' }]}>
        <Input.TextArea rows={3} maxLength={1000} showCount />
      </Form.Item>
    </FormDialog>
  )
}

const stateTag = (r: RectifyView) => <Tag color={r.state === RECTIFY_STATES.closed ? 'success' : r.overdue ? 'error' : 'processing'}>{r.stateName}</Tag>

/** The progress notes and the closing of an item, oldest first. */
function History({ item: r }: { item: RectifyView }) {
  if (r.progress.length === 0 && r.state !== RECTIFY_STATES.closed) return <Typography.Text type="secondary">暂无整改进展</Typography.Text>
  return (
    <Timeline
      items={[
        ...r.progress.map((p) => ({ key: p.id, content: `${p.notedOn} · ${p.note}${p.author ? `（${p.author}）` : ''}` })),
        ...(r.state === RECTIFY_STATES.closed
          ? [{ key: 'closed', color: 'green', content: `${r.closedAt ? formatTime(r.closedAt, MINUTE) : ''} · 销号：${r.closingNote}（${r.closedBy}）` }]
          : []),
      ]}
    />
  )
}

/** 整改事项 of a closed meeting: the table, add and edit, progress notes and closing (销号), each confirmed. */
export default function RectifyTab({ meeting: m }: { meeting: MeetingView }) {
  const q = useQuery({ queryKey: ['orglife', 'rectify', m.id], queryFn: () => rectifyOf(m.id) })
  const canEdit = useHasPermission([PERM.hyEdit])
  const [dialog, setDialog] = useState<{ kind: 'add' | 'edit' | 'progress' | 'close'; item?: RectifyView } | null>(null)
  const reload = () => void q.refetch()
  const closed = !m.cancelled && m.state === STATE.closed
  const list = q.data ?? []
  const open = (r: RectifyView) => r.state === RECTIFY_STATES.open

  const columns: TableColumnType<RectifyView>[] = [
    { title: '整改事项', dataIndex: 'content', ellipsis: true },
    { title: '责任人', dataIndex: 'owner', width: 120 },
    { title: '完成时限', dataIndex: 'deadline', width: 110 },
    { title: '状态', key: 'state', width: 90, render: (_, r) => stateTag(r) },
    { title: '进展', dataIndex: 'progressCount', width: 70, render: (n: number) => `${n} 条` },
  ]
  const actions = actionColumn<RectifyView>(
    (r) => (
      <RowActions
        actions={[
          { key: 'progress', label: '登记进展', hidden: !open(r), onClick: () => setDialog({ kind: 'progress', item: r }) },
          { key: 'close', label: '销号', hidden: !open(r), onClick: () => setDialog({ kind: 'close', item: r }) },
        ]}
        more={[{ key: 'edit', label: '修改', hidden: !open(r), onClick: () => setDialog({ kind: 'edit', item: r }) }]}
      />
    ),
    200,
  )

  if (!closed && list.length === 0)
    return <Alert type="info" showIcon title={m.cancelled ? '会议已取消，无整改事项' : '会议结束后可登记会上查摆问题的整改事项'} />
  return (
    <>
      {closed && (
        <Permission need={[PERM.hyEdit]}>
          <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setDialog({ kind: 'add' })}>
            新增整改事项
          </Button>
        </Permission>
      )}
      <Table<RectifyView>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={list}
        pagination={list.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{ emptyText: q.isError ? '无法读取整改事项，请刷新后重试' : '暂无整改事项 — 会上查摆的问题可逐条登记，明确责任人和完成时限' }}
        expandable={{ expandedRowRender: (r) => <History item={r} /> }}
        columns={canEdit ? [...columns, actions] : columns}
      />
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && <ItemDialog meeting={m} item={dialog.item} onClose={() => setDialog(null)} onDone={reload} />}
      {dialog?.kind === 'progress' && dialog.item && <ProgressDialog item={dialog.item} onClose={() => setDialog(null)} onDone={reload} />}
      {dialog?.kind === 'close' && dialog.item && (
        <ReasonDialog
          title={`整改销号：${dialog.item.content}`}
          label="销号说明"
          name="note"
          note={<Alert type="warning" showIcon title="销号后该整改事项不能再修改或登记进展。" style={{ marginBottom: 16 }} />}
          send={(note) => closeRectify(dialog.item!.id, note)}
          successText="整改事项已销号"
          okText="销号"
          vertical
          maxLength={1000}
          onClose={() => setDialog(null)}
          onDone={reload}
        />
      )}
    </>
  )
}
