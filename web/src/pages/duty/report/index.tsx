import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, DatePicker, Empty, Form, Input, Select, Space, Table, Tabs, Tag } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { downloadFile } from '@/api/file'
import { KIND_NAMES, KINDS, LIMITS, REPORT_STATE_NAMES, TARGET_NAMES, TARGETS, type Kind, type ReportView, type Target, type TaskView } from '@/api/generated/duty'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import FormDialog from '@/components/FormDialog'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { useHasPermission } from '@/components/Permission'
import { serverPager } from '@/components/pagerTotal'
import { createTask, listReports, listTasks, missingExport, myReports, reportsExport } from './api'
import ReportDrawer from './ReportDrawer'

interface TaskForm { title: string; kind: Kind; target: Target; orgId: number; period?: string; dueOn: Dayjs }

function TaskDialog({ onClose }: { onClose: () => void }) {
  const client = useQueryClient()
  return (
    <FormDialog<TaskForm> title="发布报告任务" width={620} initialValues={{ kind: 'debrief', target: 'unit' }} successText="任务已发布，已列出报送对象"
      onClose={onClose}
      onSubmit={async (v) => {
        await createTask({ title: v.title.trim(), kind: v.kind, target: v.target, orgId: v.orgId, period: v.period?.trim() ?? '', dueOn: v.dueOn.format('YYYY-MM-DD') })
        await client.invalidateQueries({ queryKey: ['zbgz'] })
      }}>
      <Form.Item name="title" label="任务名称" rules={[{ required: true, message: '请输入任务名称' }]}><Input maxLength={LIMITS.title} /></Form.Item>
      <Form.Item name="kind" label="报告类型" rules={[{ required: true, message: '请选择报告类型' }]}>
        <Select options={KINDS.map((k) => ({ value: k, label: KIND_NAMES[k] }))} />
      </Form.Item>
      <Form.Item name="orgId" label="发布任务的党组织" rules={[{ required: true, message: '请选择发布任务的党组织' }]}><OrgTreeSelect /></Form.Item>
      <Form.Item name="target" label="报送对象" rules={[{ required: true, message: '请选择报送对象' }]} extra="下级党组织：直属下级各报一份；党组织书记、全体党员：本组织及下级范围内每人一份">
        <Select options={TARGETS.map((t) => ({ value: t, label: TARGET_NAMES[t] }))} />
      </Form.Item>
      <Form.Item name="period" label="报告期间"><Input maxLength={LIMITS.period} placeholder="如：2026年第四季度" /></Form.Item>
      <Form.Item name="dueOn" label="截止日期" rules={[{ required: true, message: '请选择截止日期' }]} extra="截止日当天（北京时间）提交不算逾期"><DatePicker /></Form.Item>
    </FormDialog>
  )
}

const stateTag = (r: ReportView) => <Tag color={r.state === 4 ? 'success' : r.state === 2 ? 'processing' : r.state === 3 ? 'warning' : 'default'}>{REPORT_STATE_NAMES[r.state]}</Tag>

function TaskReports({ task, onOpen, onBack }: { task: TaskView; onOpen: (id: number) => void; onBack: () => void }) {
  const canExport = useHasPermission([PERM.zbgzExport])
  const [page, setPage] = useState(1)
  const [state, setState] = useState<number | undefined>()
  const q = useQuery({ queryKey: ['zbgz', 'reports', task.id, state, page], queryFn: () => listReports(task.id, { page: page - 1, size: 20, state }), placeholderData: keepPreviousData })
  const fail = () => ui.message.error('导出失败，请稍后重试')
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button onClick={onBack}>返回任务列表</Button>
        <strong>{task.title}</strong>
        <span>应报 {task.total}，已交 {task.submitted}，未交 {task.missing}，逾期 {task.late}</span>
        <Select aria-label="状态" allowClear placeholder="状态" style={{ width: 120 }} value={state} onChange={(v) => { setState(v); setPage(1) }}
          options={[1, 2, 3, 4].map((s) => ({ value: s, label: REPORT_STATE_NAMES[s as 1] }))} />
        {canExport && <Button onClick={() => void downloadFile(reportsExport(task.id), { state }, `${task.title}报告情况.xlsx`).catch(fail)}>导出</Button>}
        {canExport && <Button onClick={() => void downloadFile(missingExport(task.id), {}, `${task.title}未提交名单.xlsx`).catch(fail)}>导出未提交名单</Button>}
      </Space>
      <Table<ReportView> rowKey="id" size="middle" loading={q.isFetching} dataSource={q.data?.content} pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description={state ? '没有该状态的报告' : '您的范围内没有该任务的报送对象'} /> }}
        columns={[
          { title: '报送人/单位', dataIndex: 'name', render: (n: string, r) => <Button type="link" style={{ padding: 0 }} onClick={() => onOpen(r.id)}>{n}</Button> },
          { title: '党组织', dataIndex: 'orgName' },
          { title: '状态', width: 100, render: (_, r) => stateTag(r) },
          { title: '逾期', width: 70, render: (_, r) => (r.late ? <Tag color="error">逾期</Tag> : '') },
          { title: '审阅人', dataIndex: 'reviewer', width: 100 },
        ]} />
    </>
  )
}

function TaskList({ onTask }: { onTask: (t: TaskView) => void }) {
  const canCreate = useHasPermission([PERM.zbgzTask])
  const [page, setPage] = useState(1)
  const [kind, setKind] = useState<Kind | undefined>()
  const [creating, setCreating] = useState(false)
  const q = useQuery({ queryKey: ['zbgz', 'tasks', kind, page], queryFn: () => listTasks({ page: page - 1, size: 20, kind }), placeholderData: keepPreviousData })
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Select aria-label="报告类型" allowClear placeholder="报告类型" style={{ width: 140 }} value={kind} onChange={(v) => { setKind(v); setPage(1) }}
          options={KINDS.map((k) => ({ value: k, label: KIND_NAMES[k] }))} />
        {canCreate && <Button type="primary" onClick={() => setCreating(true)}>发布任务</Button>}
      </Space>
      <Table<TaskView> rowKey="id" size="middle" loading={q.isFetching} dataSource={q.data?.content} pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description={kind ? '没有该类型的报告任务' : '暂无报告任务：组织部或二级党委发布任务后，在此查看报送进度'} /> }}
        columns={[
          { title: '任务名称', dataIndex: 'title', render: (t: string, r) => <Button type="link" style={{ padding: 0 }} onClick={() => onTask(r)}>{t}</Button> },
          { title: '报告类型', dataIndex: 'kindName', width: 100 },
          { title: '发布组织', dataIndex: 'orgName' },
          { title: '报告期间', dataIndex: 'period', width: 140 },
          { title: '截止日期', dataIndex: 'dueOn', width: 110 },
          { title: '应报', dataIndex: 'total', width: 70 },
          { title: '已交', dataIndex: 'submitted', width: 70 },
          { title: '未交', dataIndex: 'missing', width: 70 },
          { title: '逾期', dataIndex: 'late', width: 70 },
        ]} />
      {creating && <TaskDialog onClose={() => setCreating(false)} />}
    </>
  )
}

function MyReports({ onOpen }: { onOpen: (id: number) => void }) {
  const q = useQuery({ queryKey: ['zbgz', 'mine'], queryFn: myReports })
  return (
    <Table<ReportView> rowKey="id" size="middle" loading={q.isFetching} dataSource={q.data} pagination={false}
      locale={{ emptyText: <Empty description="暂无需要您提交的报告：上级发布报告任务后在此填写" /> }}
      columns={[
        { title: '任务', dataIndex: 'taskTitle', render: (t: string, r) => <Button type="link" style={{ padding: 0 }} onClick={() => onOpen(r.id)}>{t}</Button> },
        { title: '报告类型', width: 100, render: (_, r) => KIND_NAMES[r.taskKind] },
        { title: '报送人/单位', dataIndex: 'name' },
        { title: '截止日期', dataIndex: 'dueOn', width: 110 },
        { title: '状态', width: 100, render: (_, r) => stateTag(r) },
      ]} />
  )
}

/** 值班工作报告 (docs/duty.md): the tasks and their progress, a task's reports, and 我的报告 (one's own and one's units'). */
export default function DutyReportPage() {
  const [params, setParams] = useSearchParams()
  const [task, setTask] = useState<TaskView | undefined>()
  const canSubmit = useHasPermission([PERM.zbgzSubmit])
  const report = Number(params.get('report')) || undefined
  const open = (id: number) => { const p = new URLSearchParams(params); p.set('report', String(id)); setParams(p) }
  const close = () => { const p = new URLSearchParams(params); p.delete('report'); setParams(p) }
  const tab = params.get('tab') === 'mine' ? 'mine' : 'tasks'
  return (
    <div style={{ padding: 16 }}>
      <Tabs activeKey={tab} onChange={(k) => {
        // Other parameters stay (the 党员 mode's page keeps its part in the address too).
        const p = new URLSearchParams(params)
        p.delete('report')
        if (k === 'mine') p.set('tab', 'mine')
        else p.delete('tab')
        setParams(p)
      }} items={[
        { key: 'tasks', label: '报告任务', children: task ? <TaskReports task={task} onOpen={open} onBack={() => setTask(undefined)} /> : <TaskList onTask={setTask} /> },
        ...(canSubmit ? [{ key: 'mine', label: '我的报告', children: <MyReports onOpen={open} /> }] : []),
      ]} />
      {report && <ReportDrawer id={report} onClose={close} />}
    </div>
  )
}
