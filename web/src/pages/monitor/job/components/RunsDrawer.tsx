import { Drawer, Typography, type TableProps } from 'antd'
import { CrudTable, useCrud } from '@/components/crud'
import { timeCell } from '@/components/format'
import { resultTag, runStateTag } from '@/components/schedule'
import { fetchRuns } from '../service'
import { TRIGGER_LABELS, type Job, type JobRun } from '../types'

interface Props {
  job: Job
  onClose: () => void
}

/** 执行记录 of one job, newest first, with the error of each failed run. */
export default function RunsDrawer({ job, onClose }: Props) {
  const crud = useCrud<JobRun>({ key: `job-runs-${job.name}`, fetch: (q) => fetchRuns({ ...q, filters: { ...q.filters, jobName: job.name } }) })
  const columns: TableProps<JobRun>['columns'] = [
    { title: '开始时间', dataIndex: 'startTime', width: 170, render: timeCell },
    { title: '方式', dataIndex: 'trigger', width: 70, render: (t: number) => TRIGGER_LABELS[t] ?? t },
    { title: '状态', dataIndex: 'state', width: 90, render: runStateTag },
    { title: '结果', dataIndex: 'success', width: 80, render: resultTag },
    { title: '耗时', dataIndex: 'durationMs', width: 90, render: (ms: number | null) => (ms === null ? '' : `${ms} ms`) },
    { title: '实例', dataIndex: 'instance', width: 160, ellipsis: true },
    {
      title: '错误信息',
      dataIndex: 'error',
      render: (e: string) =>
        e ? (
          <Typography.Paragraph type="danger" ellipsis={{ rows: 2, expandable: true }} style={{ margin: 0 }}>
            {e}
          </Typography.Paragraph>
        ) : null,
    },
  ]
  return (
    <Drawer open title={`执行记录：${job.title}`} size={980} onClose={onClose}>
      <CrudTable<JobRun>
        crud={crud}
        columns={columns}
        searchFields={[
          { name: 'success', label: '结果', type: 'select', options: [{ label: '成功', value: true }, { label: '失败', value: false }] },
        ]}
        emptyText="尚无执行记录"
      />
    </Drawer>
  )
}
