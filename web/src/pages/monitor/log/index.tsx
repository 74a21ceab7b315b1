import { Tag, Tooltip, Typography, type TableProps } from 'antd'
import { CrudTable, useCrud, type SearchField } from '@/components/crud'
import { timeCell } from '@/components/format'
import { fetchOperLogs } from './service'
import type { OperLog } from './types'

const METHOD_COLORS: Record<string, string> = { POST: 'blue', PUT: 'orange', DELETE: 'red', PATCH: 'purple' }

export const statusTag = (s: number) => <Tag color={s >= 500 ? 'red' : s >= 400 ? 'orange' : 'green'}>{s}</Tag>

const SEARCH: SearchField[] = [
  { name: 'blurry', label: '关键字', placeholder: '用户名、路径或 IP' },
  { name: 'username', label: '用户名', placeholder: '完整用户名' },
  {
    name: 'result',
    label: '结果',
    type: 'select',
    options: [
      { label: '成功', value: true },
      { label: '失败', value: false },
    ],
  },
  { name: 'method', label: '方法', type: 'select', options: ['POST', 'PUT', 'DELETE'].map((m) => ({ label: m, value: m })) },
  { name: 'createTimeFrom', label: '日期', type: 'date', placeholder: '开始日期' },
  { name: 'createTimeTo', label: '至', type: 'date', placeholder: '结束日期' },
]

const columns: TableProps<OperLog>['columns'] = [
  { title: '用户', dataIndex: 'username', width: 130 },
  { title: '方法', dataIndex: 'method', width: 90, render: (m: string) => <Tag color={METHOD_COLORS[m]}>{m}</Tag> },
  { title: '路径', dataIndex: 'path', ellipsis: true, render: (p: string) => <Typography.Text code>{p}</Typography.Text> },
  { title: '状态', dataIndex: 'status', width: 80, render: statusTag },
  { title: '说明', dataIndex: 'message', ellipsis: true },
  { title: 'IP', dataIndex: 'ip', width: 130 },
  {
    title: '浏览器',
    dataIndex: 'userAgent',
    width: 160,
    ellipsis: { showTitle: false },
    render: (v: string) => (
      <Tooltip title={v}>
        <Typography.Text type="secondary">{v}</Typography.Text>
      </Tooltip>
    ),
  },
  { title: '耗时', dataIndex: 'durationMs', width: 90, sorter: true, render: (ms: number) => `${ms} ms` },
  { title: '时间', dataIndex: 'createTime', width: 170, sorter: true, render: timeCell },
]

/** 操作日志: every request that changed something, newest first. */
export default function OperLogPage() {
  const crud = useCrud<OperLog>({ key: 'oper-log', fetch: fetchOperLogs })
  return <CrudTable<OperLog> crud={crud} columns={columns} searchFields={SEARCH} scrollX={1400} />
}
