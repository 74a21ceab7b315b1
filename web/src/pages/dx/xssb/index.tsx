import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, DatePicker, Empty, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { FORM_NAMES, FORMS, LIMITS, STATE, STATE_NAMES, type GroupRow, type MemberRow, type Offline, type State } from '@/api/generated/hours'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import ReasonDialog from '@/components/ReasonDialog'
import RemoteSelect from '@/components/RemoteSelect'
import YearSelect from '@/components/YearSelect'
import { useHasPermission } from '@/components/Permission'
import { serverPager } from '@/components/pagerTotal'
import {
  approveOffline, branchTable, committeeTable, createOffline, deleteOffline, exportTable, listOffline, memberTable, rejectOffline,
  searchMembers, updateOffline,
} from './api'

const SIZE = 20
const STATE_OPTIONS = (Object.keys(STATE_NAMES) as unknown as State[]).map((s) => ({ value: Number(s), label: STATE_NAMES[s] }))
const FORM_OPTIONS = FORMS.map((f) => ({ value: f, label: FORM_NAMES[f] }))
const STATE_COLORS: Record<State, string> = { 0: 'processing', 1: 'success', 2: 'error' }

/** 达标 or 未达标, as the tables show it. */
export function metTag(met: boolean) {
  return met ? <Tag color="success">达标</Tag> : <Tag color="error">未达标</Tag>
}

/**
 * 学时统计 (党校): each member's class hours of a year — online (the courses' credits) plus approved offline study —
 * against RULES.md §4 (32, or 56 for a secretary or committee member), a row per branch and per 二级党委 with the
 * rate, exported as workbooks; and 线下学习, which a branch enters and the committee above approves (only approved
 * records count). The server keeps each table to the caller's scope: a branch secretary sees their branch.
 */
export default function HoursPage() {
  const [year, setYear] = useState(dayjs().year())
  const [tab, setTab] = useState('members')
  const [orgId, setOrgId] = useState<number>()
  const open = (level: string, id?: number) => {
    setOrgId(id)
    setTab(level)
  }
  return (
    <div style={{ padding: 16 }}>
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text>年度</Typography.Text>
        <YearSelect value={year} onChange={setYear} past={5} />
        <Typography.Text type="secondary">年度学时要求：党员每年不少于32学时，党组织书记和委员不少于56学时（线上课程学时与审核通过的线下学习学时合计）</Typography.Text>
      </Space>
      <Tabs activeKey={tab} onChange={(k) => open(k)} items={[
        { key: 'members', label: '党员学时', children: <MemberTable year={year} orgId={orgId} /> },
        { key: 'branches', label: '支部统计', children: <GroupTable level="branches" year={year} orgId={orgId} onOpen={(id) => open('members', id)} /> },
        { key: 'committees', label: '二级党委统计', children: <GroupTable level="committees" year={year} onOpen={(id) => open('branches', id)} /> },
        { key: 'offline', label: '线下学习', children: <OfflineTab year={year} /> },
      ]} />
    </div>
  )
}

/** The members' hours: 未达标 only, a name. */
function MemberTable({ year, orgId }: { year: number; orgId?: number }) {
  const [page, setPage] = useState(1)
  const [blurry, setBlurry] = useState('')
  const [behind, setBehind] = useState(false)
  const filters = { year, orgId, blurry: blurry || undefined, behind: behind || undefined }
  const q = useQuery({
    queryKey: ['xs', 'members', filters, page],
    queryFn: () => memberTable({ page: page - 1, size: SIZE, ...filters }),
    placeholderData: keepPreviousData,
  })
  const canExport = useHasPermission([PERM.xsExport])
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search aria-label="党员姓名" placeholder="党员姓名" allowClear style={{ width: 200 }} onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} />
        <Space><Switch aria-label="只看未达标" checked={behind} onChange={(v) => { setBehind(v); setPage(1) }} />只看未达标</Space>
        {canExport && <Button onClick={() => void exportTable('members', filters)}>导出</Button>}
      </Space>
      <Table<MemberRow>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content}
        pagination={serverPager(page, setPage, SIZE, q.data)}
        scroll={{ x: 800 }}
        locale={{ emptyText: <Empty description={blurry || behind ? '没有符合条件的党员' : '您的管理范围内暂无正常状态的党员'} /> }}
        columns={[
          { title: '姓名', dataIndex: 'name', width: 100 },
          { title: '所在党组织', dataIndex: 'orgName' },
          { title: '线上学时', width: 90, render: (_, r) => r.hours.online },
          { title: '线下学时', width: 90, render: (_, r) => r.hours.offline },
          { title: '合计', width: 80, render: (_, r) => r.hours.total },
          { title: '年度要求', width: 90, render: (_, r) => r.hours.target },
          { title: '是否达标', width: 90, render: (_, r) => metTag(r.met) },
          { title: '差额', width: 80, render: (_, r) => (r.shortfall > 0 ? r.shortfall : '—') },
        ]}
      />
    </>
  )
}

/** A row per branch (支部统计) or per organisation below the university's 党委 (二级党委统计). */
function GroupTable({ level, year, orgId, onOpen }: { level: 'branches' | 'committees'; year: number; orgId?: number; onOpen: (id: number) => void }) {
  const [page, setPage] = useState(1)
  const filters = { year, orgId }
  const q = useQuery({
    queryKey: ['xs', level, filters, page],
    queryFn: () => (level === 'branches' ? branchTable : committeeTable)({ page: page - 1, size: SIZE, ...filters }),
    placeholderData: keepPreviousData,
  })
  const canExport = useHasPermission([PERM.xsExport])
  return (
    <>
      {canExport && <Button style={{ marginBottom: 12 }} onClick={() => void exportTable(level, filters)}>导出</Button>}
      <Table<GroupRow>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content}
        pagination={serverPager(page, setPage, SIZE, q.data)}
        locale={{ emptyText: <Empty description="您的管理范围内暂无有党员的党组织" /> }}
        columns={[
          { title: level === 'branches' ? '党支部' : '二级党委（党组织）', render: (_, g) => <Button type="link" style={{ padding: 0 }} onClick={() => onOpen(g.id)}>{g.name}</Button> },
          { title: '党员数', dataIndex: 'members', width: 90 },
          { title: '达标人数', dataIndex: 'met', width: 90 },
          { title: '达标率', width: 90, render: (_, g) => `${g.rate}%` },
          { title: '人均学时', dataIndex: 'average', width: 90 },
        ]}
      />
    </>
  )
}

interface OfflineForm {
  memberIds: number[]
  studiedOn: dayjs.Dayjs
  title: string
  form: number
  hours: number
  note?: string
}

/** 线下学习: the records of the year; a branch enters, the committee above approves or returns. */
function OfflineTab({ year }: { year: number }) {
  const client = useQueryClient()
  const can = {
    add: useHasPermission([PERM.xsAdd]), edit: useHasPermission([PERM.xsEdit]), del: useHasPermission([PERM.xsDel]),
    audit: useHasPermission([PERM.xsAudit]),
  }
  const [page, setPage] = useState(1)
  const [state, setState] = useState<number>()
  const [blurry, setBlurry] = useState('')
  const [editing, setEditing] = useState<Offline | 'new'>()
  const [rejecting, setRejecting] = useState<Offline>()
  const q = useQuery({
    queryKey: ['xs', 'offline', year, state, blurry, page],
    queryFn: () => listOffline({ page: page - 1, size: SIZE, year, state, blurry: blurry || undefined }),
    placeholderData: keepPreviousData,
  })
  const refresh = () => client.invalidateQueries({ queryKey: ['xs'] })
  const approve = (r: Offline) =>
    ui.modal.confirm({
      title: '审核通过', content: `确定通过${r.memberName}“${r.title}”${r.hours}学时吗？通过后计入年度学时，不能再修改。`, okText: '通过', cancelText: '取消',
      onOk: async () => {
        await approveOffline(r.id)
        ui.message.success('已通过')
        await refresh()
      },
    })
  const remove = (r: Offline) =>
    ui.modal.confirm({
      title: '删除记录', content: `确定删除${r.memberName}的“${r.title}”吗？删除后不能恢复。`, okText: '删除', okButtonProps: { danger: true }, cancelText: '取消',
      onOk: async () => {
        await deleteOffline([r.id])
        ui.message.success('已删除')
        await refresh()
      },
    })
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search aria-label="党员或学习内容" placeholder="党员或学习内容" allowClear style={{ width: 220 }} onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} />
        <Select aria-label="审核状态" allowClear placeholder="审核状态" style={{ width: 120 }} options={STATE_OPTIONS} value={state} onChange={(v) => { setState(v); setPage(1) }} />
        {can.add && <Button type="primary" onClick={() => setEditing('new')}>录入线下学习</Button>}
      </Space>
      <Table<Offline>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content}
        pagination={serverPager(page, setPage, SIZE, q.data)}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={blurry || state !== undefined ? '没有符合条件的记录' : '本年度暂无线下学习记录：支部录入后由上级党委审核，通过后计入学时'} /> }}
        columns={[
          { title: '党员', dataIndex: 'memberName', width: 90 },
          { title: '所在党组织', dataIndex: 'orgName', width: 180 },
          { title: '学习日期', dataIndex: 'studiedOn', width: 110 },
          { title: '学习内容', dataIndex: 'title' },
          { title: '形式', dataIndex: 'formName', width: 90 },
          { title: '学时', dataIndex: 'hours', width: 70 },
          { title: '状态', width: 150, render: (_, r) => <><Tag color={STATE_COLORS[r.state]}>{r.stateName}</Tag>{r.reason && <Typography.Text type="secondary">{r.reason}</Typography.Text>}</> },
          {
            title: '操作', width: 200, render: (_, r) => (
              <Space size={0} wrap>
                {can.audit && r.state === STATE.pending && <Button type="link" onClick={() => approve(r)}>通过</Button>}
                {can.audit && r.state === STATE.pending && <Button type="link" danger onClick={() => setRejecting(r)}>退回</Button>}
                {can.edit && r.state !== STATE.approved && <Button type="link" onClick={() => setEditing(r)}>修改</Button>}
                {can.del && r.state !== STATE.approved && <Button type="link" danger onClick={() => remove(r)}>删除</Button>}
              </Space>
            ),
          },
        ]}
      />
      {editing !== undefined && <OfflineDialog record={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} onDone={() => void refresh()} />}
      {rejecting && (
        <ReasonDialog title="退回线下学习记录" label="退回原因" note={`${rejecting.memberName}：${rejecting.title}（${rejecting.hours}学时）`}
          send={(reason) => rejectOffline(rejecting.id, reason)} successText="已退回" danger maxLength={LIMITS.reason}
          onClose={() => setRejecting(undefined)} onDone={() => void refresh()} />
      )}
    </>
  )
}

/** Enters one session for several members, or corrects one record (back to 待审核). */
function OfflineDialog({ record, onClose, onDone }: { record?: Offline; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<OfflineForm>()
  const [saving, setSaving] = useState(false)
  const save = async () => {
    const v = await form.validateFields().catch(() => null) // the form shows what is missing
    if (!v) return
    const body = { studiedOn: v.studiedOn.format('YYYY-MM-DD'), title: v.title, form: v.form as Offline['form'], hours: v.hours, note: v.note ?? '' }
    setSaving(true)
    try {
      if (record) {
        await updateOffline({ ...body, id: record.id, updateTime: record.updateTime })
        ui.message.success('已修改，待上级党委审核')
      } else {
        const out = await createOffline({ ...body, memberIds: v.memberIds })
        ui.message.success(`已录入 ${out.ids.length} 名党员的学习记录，待上级党委审核`)
      }
      onDone()
      onClose()
    } finally {
      setSaving(false)
    }
  }
  return (
    <Modal open title={record ? '修改线下学习' : '录入线下学习'} okText="保存" cancelText="取消" confirmLoading={saving} onOk={() => void save()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={record
        ? { studiedOn: dayjs(record.studiedOn), title: record.title, form: record.form, hours: record.hours, note: record.note }
        : { form: FORMS[0] }}>
        {record ? <Form.Item label="党员">{record.memberName}</Form.Item> : (
          <Form.Item name="memberIds" label="参加学习的党员" rules={[{ required: true, message: '请选择参加学习的党员' }]}>
            <RemoteSelect multiple search={searchMembers} placeholder="输入姓名搜索，可选多人" />
          </Form.Item>
        )}
        <Form.Item name="studiedOn" label="学习日期" rules={[{ required: true, message: '请选择学习日期' }]}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item name="title" label="学习内容" rules={[{ required: true, whitespace: true, message: '请填写学习内容' }]}>
          <Input maxLength={LIMITS.title} />
        </Form.Item>
        <Form.Item name="form" label="学习形式" rules={[{ required: true, message: '请选择学习形式' }]}>
          <Select options={FORM_OPTIONS} />
        </Form.Item>
        <Form.Item name="hours" label="学时（每天0.5至8学时，保留一位小数）" rules={[{ required: true, message: '请填写学时' }]}>
          <InputNumber min={LIMITS.minTenths / 10} max={LIMITS.maxTenths / 10} step={0.5} precision={1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="note" label="备注">
          <Input.TextArea maxLength={LIMITS.note} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
