import { Space, Tooltip, Typography, type TableProps } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { actionColumn, confirmAction, CrudTable, RowActions, useCrud } from '@/components/crud'
import { timeCell } from '@/components/format'
import { useHasPermission } from '@/components/Permission'
import { resultTag, runStateTag, SwitchCell } from '@/components/schedule'
import CronDialog from './components/CronDialog'
import RunsDrawer from './components/RunsDrawer'
import { fetchJobs, runJob, updateJob } from './service'
import type { Job } from './types'

/** 定时任务: the jobs the modules declare, their schedules, switches and runs. */
export default function JobPage() {
  const crud = useCrud<Job>({ key: 'jobs', fetch: fetchJobs })
  const canEdit = useHasPermission([PERM.jobEdit])
  const [editing, setEditing] = useState<Job | null>(null)
  const [history, setHistory] = useState<Job | null>(null)

  const runNow = (j: Job) =>
    void confirmAction(`确定立即执行“${j.title}”吗？任务将在后台执行，结果见执行记录。`, () => runJob(j.name), '已开始执行').then(
      (ran) => ran && crud.reload(),
    )

  const columns: TableProps<Job>['columns'] = [
    {
      title: '任务名称',
      dataIndex: 'title',
      width: 260,
      render: (title: string, j) => (
        <Space orientation="vertical" size={0}>
          {title}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {j.name}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '执行计划',
      dataIndex: 'schedule',
      width: 220,
      render: (schedule: string, j) => (
        <Tooltip title={j.cron !== j.defaultCron ? `默认：${j.defaultSchedule}（${j.defaultCron}）` : undefined}>
          <Space orientation="vertical" size={0}>
            {schedule}
            <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
              {j.cron}
            </Typography.Text>
          </Space>
        </Tooltip>
      ),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 100,
      render: (enabled: number, j) => (
        <SwitchCell enabled={enabled} canEdit={canEdit} label={j.title} onChange={(v) => updateJob({ name: j.name, enabled: v }).then(crud.reload)} />
      ),
    },
    { title: '执行状态', dataIndex: 'state', width: 90, render: runStateTag },
    {
      title: '上次执行',
      key: 'lastRun',
      width: 250,
      render: (_, j) =>
        j.lastRun ? (
          <Space size={4}>
            {timeCell(j.lastRun.startTime)}
            {resultTag(j.lastRun.success)}
          </Space>
        ) : (
          <Typography.Text type="secondary">从未执行</Typography.Text>
        ),
    },
    {
      title: '下次执行',
      dataIndex: 'nextRun',
      width: 170,
      render: (t: string | null) => (t ? timeCell(t) : <Typography.Text type="secondary">已停用</Typography.Text>),
    },
    actionColumn<Job>(
      (j) => (
        <RowActions
          actions={[
            { key: 'edit', label: '编辑', need: PERM.jobEdit, onClick: () => setEditing(j) },
            { key: 'run', label: '立即执行', need: PERM.jobRun, onClick: () => runNow(j) },
            { key: 'runs', label: '执行记录', onClick: () => setHistory(j) },
          ]}
        />
      ),
      200,
    ),
  ]

  return (
    <>
      <CrudTable<Job> crud={crud} columns={columns} rowKey="name" scrollX={1200} />
      {editing && <CronDialog job={editing} onClose={() => setEditing(null)} onDone={crud.reload} />}
      {history && <RunsDrawer job={history} onClose={() => setHistory(null)} />}
    </>
  )
}
