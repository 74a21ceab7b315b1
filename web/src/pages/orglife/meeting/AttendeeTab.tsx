import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Form, Input, Select, Space, Table, Tag, Typography, type TableColumnType } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { actionColumn, confirmAction, confirmDeleteOf, RowActions, type RowAction } from '@/components/crud'
import FormDialog from '@/components/FormDialog'
import { searchMembers } from '@/components/member/service'
import Permission, { useHasPermission } from '@/components/Permission'
import RemoteSelect from '@/components/RemoteSelect'
import { formatTime } from '@/utils/time'
import { addGuest, addMembers, attendeesOf, decideLeave, drawRoster, markAttendance, removeAttendees } from './api'
import { ATTEND_NAMES, JOIN_REASON_NAMES, JOIN_TYPE, LEAVE_STATE, STATE, type AttendeeView, type AttendStatus, type MeetingView } from './types'
import { attendTag, leaveTag, live, LIVE_MS } from './view'

/** The marks the host sets by hand at START and CLOSE, in the order the row offers them. */
const MARKS: AttendStatus[] = ['present', 'late', 'leave', 'absent']
const MARK_LABELS: Record<AttendStatus, string> = { present: '签到', late: '迟到', leave: '请假', absent: '缺席', expected: '未签到' }

const JOIN_REASON_OPTIONS = [{ label: '普通参会', value: 0 }, ...Object.entries(JOIN_REASON_NAMES).map(([value, label]) => ({ label, value: Number(value) }))]

/** 添加党员: members chosen by name, with why they must attend. */
function MembersDialog({ meeting, onClose, onDone }: { meeting: MeetingView; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog<{ memberIds: number[]; joinReason: number }>
      title="添加党员"
      initialValues={{ memberIds: [], joinReason: 0 }}
      onSubmit={(v) => addMembers(meeting.id, v.memberIds, v.joinReason)}
      successText="已添加参会人员"
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item label="党员" name="memberIds" rules={[{ required: true, message: '请选择党员' }]}>
        <RemoteSelect multiple search={(t) => searchMembers(t)} placeholder="输入姓名搜索" emptyText="没有匹配的党员" />
      </Form.Item>
      <Form.Item label="参会原因" name="joinReason">
        <Select options={JOIN_REASON_OPTIONS} />
      </Form.Item>
    </FormDialog>
  )
}

/** 添加列席人员: a guest by name and title (a higher committee member at a branch's 组织生活会). */
function GuestDialog({ meeting, onClose, onDone }: { meeting: MeetingView; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog<{ name: string; guestTitle: string }>
      title="添加列席人员"
      onSubmit={(v) => addGuest(meeting.id, { name: v.name.trim(), guestTitle: (v.guestTitle ?? '').trim() })}
      successText="已添加列席人员"
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item label="姓名" name="name" rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label="职务" name="guestTitle" extra="如：二级党委委员">
        <Input maxLength={100} />
      </Form.Item>
    </FormDialog>
  )
}

interface Props {
  meeting: MeetingView
  /** After a change of the list (the meeting's counts). */
  onChanged: () => void
}

/**
 * 参会人员: drawn from the roster or added by hand, and guests, before the meeting starts; marked present, late, on
 * leave or absent by hand while it runs and after; leave requests approved or rejected.
 */
export default function AttendeeTab({ meeting: m, onChanged }: Props) {
  // Keyed on the meeting's state too: 结束 marks those not signed in absent, so a new state reads the list again.
  // While sign-in is open the list is read again now and then: the scans land without the host reloading.
  const q = useQuery({
    queryKey: ['orglife', 'attendees', m.id, m.state],
    queryFn: () => attendeesOf(m.id),
    refetchInterval: live(m) ? LIVE_MS : false,
    placeholderData: keepPreviousData,
  })
  const canEdit = useHasPermission([PERM.hyEdit])
  const [dialog, setDialog] = useState<'members' | 'guest' | null>(null)
  const [chosen, setChosen] = useState<number[]>([])
  const list = q.data ?? []
  const before = !m.cancelled && m.state < STATE.started
  const marking = !m.cancelled && (m.state === STATE.started || m.state === STATE.closed)
  const changed = () => {
    void q.refetch()
    onChanged()
  }
  /** Runs an action on the list, then says what it did (`done`, or what the action answers). */
  const run = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action()
      if (done) ui.message.success(done)
      changed()
    } catch {
      /* shown by the request pipeline */
    }
  }

  const roster = () =>
    run(async () => {
      const { added } = await drawRoster(m.id)
      ui.message.success(added ? `已从党员名册导入 ${added} 人` : '党员名册中的党员均已在参会人员中')
    })
  const remove = (rows: AttendeeView[]) =>
    void confirmDeleteOf(
      rows.map((a) => a.name),
      () => removeAttendees(m.id, rows.map((a) => a.id)),
      { kind: '参会人员' },
    ).then((ok) => {
      if (!ok) return
      setChosen([])
      changed()
    })
  const decide = (a: AttendeeView, approve: boolean) =>
    void confirmAction(`确定${approve ? '批准' : '驳回'}${a.name}的请假吗？`, () => decideLeave(m.id, a.id, approve), approve ? '已批准请假' : '已驳回请假').then(
      (ok) => ok && changed(),
    )

  const actions = (a: AttendeeView): RowAction[] => [
    ...(a.leaveState === LEAVE_STATE.pending
      ? [
          { key: 'approve', label: '批准请假', onClick: () => decide(a, true) },
          { key: 'reject', label: '驳回', danger: true, onClick: () => decide(a, false) },
        ]
      : []),
    ...(marking
      ? MARKS.filter((s) => s !== a.status).map((s) => ({
          key: s,
          label: MARK_LABELS[s],
          onClick: () => void run(() => markAttendance(m.id, a.id, s), `${a.name}：${ATTEND_NAMES[s]}`),
        }))
      : []),
    ...(before ? [{ key: 'remove', label: '移除', danger: true, onClick: () => remove([a]) }] : []),
  ]

  const columns: TableColumnType<AttendeeView>[] = [
    {
      title: '姓名',
      dataIndex: 'name',
      width: 160,
      render: (name: string, a) => (
        <Space size={4}>
          {name}
          {a.guest && <Tag color="purple">列席</Tag>}
        </Space>
      ),
    },
    // A width of its own: without one the fixed columns (with the actions') took the whole scroll width and left it none.
    { title: '所在党组织 / 职务', key: 'org', width: 200, ellipsis: true, render: (_, a) => (a.guest ? a.guestTitle : a.orgName) || '—' },
    {
      title: '参会方式',
      key: 'join',
      width: 150,
      render: (_, a) => (a.guest ? '列席' : [a.joinType === JOIN_TYPE.roster ? '名册导入' : '手动添加', a.joinReasonName].filter(Boolean).join(' · ')),
    },
    { title: '状态', dataIndex: 'status', width: 90, render: (_, a) => attendTag(a) },
    {
      title: '签到时间',
      dataIndex: 'signedAt',
      width: 170,
      render: (v: string | null, a) => (v ? `${formatTime(v, 'MM-DD HH:mm')}${a.signChannel === 'hand' ? '（补签）' : ''}` : '—'),
    },
    {
      title: '请假',
      key: 'leave',
      width: 180,
      render: (_, a) =>
        a.leaveState ? (
          <Space size={4}>
            {leaveTag(a.leaveState)}
            <Typography.Text ellipsis={{ tooltip: a.leaveReason }} style={{ maxWidth: 110 }}>
              {a.leaveReason}
            </Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
  ]
  const editable = canEdit && (before || marking || list.some((a) => a.leaveState === LEAVE_STATE.pending))
  const counts = MARKS.map((s) => `${ATTEND_NAMES[s]} ${list.filter((a) => a.status === s).length}`).join('，')

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        {before && (
          <Permission need={[PERM.hyEdit]}>
            <Button type="primary" onClick={() => void roster()}>
              从党员名册导入
            </Button>
            <Button onClick={() => setDialog('members')}>添加党员</Button>
            <Button onClick={() => setDialog('guest')}>添加列席人员</Button>
            <Button danger disabled={!chosen.length} onClick={() => remove(list.filter((a) => chosen.includes(a.id)))}>
              移除所选{chosen.length ? `（${chosen.length}）` : ''}
            </Button>
          </Permission>
        )}
        <Typography.Text type="secondary">
          共 {list.length} 人：{counts}
        </Typography.Text>
      </Space>
      <Table<AttendeeView>
        rowKey="id"
        size="small"
        // Not while the list is read again in the background (sign-in open): the table would flash every few seconds.
        loading={q.isFetching && !live(m)}
        dataSource={list}
        pagination={list.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 1210 }}
        rowSelection={before && canEdit ? { selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]) } : undefined}
        locale={{ emptyText: before ? '暂无参会人员 — 可从党员名册导入，或逐个添加' : '暂无参会人员' }}
        columns={editable ? [...columns, actionColumn<AttendeeView>((a) => <RowActions actions={actions(a)} />, 260)] : columns}
      />
      {dialog === 'members' && <MembersDialog meeting={m} onClose={() => setDialog(null)} onDone={changed} />}
      {dialog === 'guest' && <GuestDialog meeting={m} onClose={() => setDialog(null)} onDone={changed} />}
    </>
  )
}
