import { ArrowLeftOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Descriptions, Empty, Input, Select, Space, Table, Typography } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { ENTRY_STATE_NAMES, ENTRY_STATES, type EntryState, type EntryView, type FormView } from '@/api/generated/fillform'
import { downloadFile } from '@/api/file'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { useHasPermission } from '@/components/Permission'
import { exportUrl, formDetail, listEntries, listForms, remind } from '../fill/api'
import { clock, EntryTag, FormTag, NOT_SUBMITTED } from '../fill/view'
import EntryDrawer from './EntryDrawer'
import { serverPager } from '@/components/pagerTotal'

const STATE_OPTIONS = [
  { value: 'todo', label: '未提交（未填报、草稿、已退回）' },
  ...Object.entries(ENTRY_STATE_NAMES).map(([value, label]) => ({ value, label })),
]

/** The states a filter stands for. */
const statesOf = (v: string | undefined): EntryState[] | undefined => (v === 'todo' ? NOT_SUBMITTED : v ? [Number(v) as EntryState] : undefined)

const positive = (v: string | null) => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/** The published forms: pick one to follow up. */
function FormList({ onOpen }: { onOpen: (id: number) => void }) {
  const [status, setStatus] = useState<string | undefined>()
  const [blurry, setBlurry] = useState('')
  const [page, setPage] = useState(1)
  const q = useQuery({
    queryKey: ['txbd', 'forms', 'sent', status, blurry, page],
    queryFn: () => listForms({ page: page - 1, size: 20, sent: true, status, blurry: blurry || undefined }),
    placeholderData: keepPreviousData,
  })
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select aria-label="状态" allowClear placeholder="状态" style={{ width: 120 }} value={status} onChange={(v) => { setStatus(v); setPage(1) }}
          options={[{ value: 'published', label: '填报中' }, { value: 'closed', label: '已截止' }]} />
        <Input.Search aria-label="表单名称" placeholder="表单名称" allowClear style={{ width: 220 }} onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} />
      </Space>
      <Table<FormView>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content}
        pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description={status || blurry ? '没有符合条件的表单' : '暂无已发布的填报表单：在“填报表单管理”发布表单后，在此查看填报情况'} /> }}
        columns={[
          { title: '表单名称', dataIndex: 'title', render: (t: string, f) => <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => onOpen(f.id)}>{t}</Button> },
          { title: '发送单位', dataIndex: 'orgName', width: 160 },
          { title: '截止时间', width: 150, render: (_, f) => clock(f.deadline) },
          { title: '状态', width: 90, render: (_, f) => <FormTag status={f.status} /> },
          { title: '应填报', dataIndex: 'total', width: 80 },
          { title: '未提交', width: 80, render: (_, f) => f.pending + f.returned },
          { title: '待审核', dataIndex: 'submitted', width: 80 },
          { title: '已通过', dataIndex: 'passed', width: 80 },
        ]}
      />
    </>
  )
}

/** One form's follow-up: the counts, the addressees with their states, reminders, review and export. */
function FormEntries({ id, onBack, onOpenEntry }: { id: number; onBack: () => void; onOpenEntry: (id: number) => void }) {
  const client = useQueryClient()
  const canReview = useHasPermission([PERM.txbdReview])
  const canExport = useHasPermission([PERM.txbdExport])
  const [page, setPage] = useState(1)
  const [state, setState] = useState<string | undefined>()
  const [blurry, setBlurry] = useState('')
  const [selected, setSelected] = useState<number[]>([])
  const form = useQuery({ queryKey: ['txbd', 'form', id], queryFn: () => formDetail(id) })
  const entries = useQuery({
    queryKey: ['txbd', 'entries', id, page, state, blurry],
    queryFn: () => listEntries(id, { page: page - 1, size: 20, state: statesOf(state), blurry: blurry || undefined }),
    placeholderData: keepPreviousData,
  })
  if (form.isLoading) return null
  if (form.isError || !form.data) return <Alert type="error" showIcon title="填报表单不存在或您无权查看" action={<Button onClick={onBack}>返回</Button>} />
  const f = form.data
  const open = f.status === 'published'
  const sendReminders = (ids: number[]) =>
    ui.modal.confirm({
      title: '提醒填报',
      content: ids.length ? `向选中的 ${ids.length} 个填报对象中尚未提交的发送提醒消息？` : `向全部 ${f.pending + f.returned} 个尚未提交的填报对象发送提醒消息？（今天已提醒过的不再重复发送）`,
      okText: '发送提醒',
      cancelText: '取消',
      onOk: async () => {
        const r = await remind(id, { ids })
        if (r.reminded > 0) ui.message.success(r.message)
        else ui.message.info(r.message)
        setSelected([])
        await client.invalidateQueries({ queryKey: ['txbd', 'entries', id] })
      },
    })
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>返回</Button>
        <Typography.Title level={4} style={{ margin: 0 }}>{f.title}</Typography.Title>
        <FormTag status={f.status} />
      </Space>
      <Descriptions size="small" column={3} bordered style={{ marginBottom: 12 }}
        items={[
          { key: 'org', label: '发送单位', children: f.orgName },
          { key: 'deadline', label: '截止时间', children: clock(f.deadline) },
          { key: 'audience', label: '填报对象', children: f.audienceName },
          { key: 'total', label: '应填报', children: f.total },
          { key: 'pending', label: '未提交', children: `${f.pending + f.returned}（其中已退回 ${f.returned}）` },
          { key: 'done', label: '已提交', children: `${f.submitted + f.passed}（已通过 ${f.passed}）` },
        ]} />
      <Space style={{ marginBottom: 12 }} wrap>
        <Select aria-label="填报状态" allowClear placeholder="填报状态" style={{ width: 240 }} options={STATE_OPTIONS} value={state} onChange={(v) => { setState(v); setPage(1); setSelected([]) }} />
        <Input.Search aria-label="填报对象或党组织" placeholder="填报对象或党组织" allowClear style={{ width: 220 }} onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} />
        {canReview && open && <Button onClick={() => sendReminders(selected)} disabled={f.pending + f.returned === 0}>{selected.length ? `提醒选中（${selected.length}）` : '提醒全部未提交'}</Button>}
        {canExport && (
          <Button onClick={() => void downloadFile(exportUrl(id), { state: statesOf(state), blurry: blurry || undefined }, `${f.title}填报信息.xlsx`).catch(() => ui.message.error('导出失败，请稍后重试'))}>
            导出
          </Button>
        )}
      </Space>
      <Table<EntryView>
        rowKey="id"
        size="middle"
        loading={entries.isFetching}
        dataSource={entries.data?.content}
        rowSelection={canReview && open ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (e) => ({ disabled: !NOT_SUBMITTED.includes(e.state) }) } : undefined}
        pagination={serverPager(page, setPage, 20, entries.data)}
        locale={{ emptyText: <Empty description={state || blurry ? '没有符合条件的填报对象' : '本表单没有填报对象'} /> }}
        columns={[
          { title: f.audience === 'members' ? '姓名' : '党支部', dataIndex: 'name' },
          ...(f.audience === 'members' ? [{ title: '所在党组织', dataIndex: 'orgName' }] : []),
          { title: '状态', width: 90, render: (_, e) => <EntryTag state={e.state} /> },
          { title: '提交时间', width: 150, render: (_, e) => clock(e.submittedAt) },
          { title: '审核人', dataIndex: 'reviewer', width: 100, render: (v: string) => v || '—' },
          { title: '最近提醒', width: 110, render: (_, e) => e.remindedOn ?? '—' },
          {
            title: '操作',
            width: 80,
            render: (_, e) => (
              <Button type="link" size="small" onClick={() => onOpenEntry(e.id)} disabled={e.state === ENTRY_STATES.empty}>
                {canReview && e.state === ENTRY_STATES.submitted ? '审核' : '查看'}
              </Button>
            ),
          },
        ]}
      />
    </>
  )
}

/**
 * 填报信息管理 (docs/fillform.md): the published forms of the caller's organisations; a form's addressees with
 * their states (未填报, 草稿, 已提交, 已退回, 已通过), reminders to those not submitted, review and export. The URL keeps
 * the form (?form=) and the entry (?entry=).
 */
export default function FillInfoPage() {
  const [params, setParams] = useSearchParams()
  const formId = positive(params.get('form'))
  const entryId = positive(params.get('entry'))
  const set = (next: Record<string, number | undefined>) => {
    const p = new URLSearchParams(params)
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined) p.delete(k)
      else p.set(k, String(v))
    }
    setParams(p)
  }
  return (
    <div style={{ padding: 16 }}>
      {formId ? (
        <FormEntries id={formId} onBack={() => set({ form: undefined, entry: undefined })} onOpenEntry={(id) => set({ entry: id })} />
      ) : (
        <FormList onOpen={(id) => set({ form: id })} />
      )}
      {entryId && <EntryDrawer id={entryId} onClose={() => set({ entry: undefined })} />}
    </div>
  )
}
