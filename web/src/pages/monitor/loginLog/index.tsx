import { Tag, Tooltip, Typography, type TableProps } from 'antd'
import { CrudTable, useCrud, type SearchField } from '@/components/crud'
import { timeCell } from '@/components/format'
import { fetchLoginLogs } from './service'
import type { LoginLog } from './types'

const SEARCH: SearchField[] = [
  { name: 'blurry', label: '关键字', placeholder: '用户名、IP 或说明' },
  { name: 'username', label: '用户名', placeholder: '完整用户名' },
  {
    name: 'success',
    label: '结果',
    type: 'select',
    options: [
      { label: '成功', value: true },
      { label: '失败', value: false },
    ],
  },
  { name: 'createTimeFrom', label: '日期', type: 'date', placeholder: '开始日期' },
  { name: 'createTimeTo', label: '至', type: 'date', placeholder: '结束日期' },
]

const columns: TableProps<LoginLog>['columns'] = [
  { title: '用户名', dataIndex: 'username', width: 150 },
  { title: '结果', dataIndex: 'success', width: 80, render: (ok: boolean) => (ok ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>) },
  { title: '说明', dataIndex: 'message' },
  { title: 'IP', dataIndex: 'ip', width: 140 },
  {
    title: '浏览器',
    dataIndex: 'userAgent',
    ellipsis: { showTitle: false },
    render: (v: string) => (
      <Tooltip title={v}>
        <Typography.Text type="secondary">{v}</Typography.Text>
      </Tooltip>
    ),
  },
  { title: '时间', dataIndex: 'createTime', width: 170, sorter: true, render: timeCell },
]

/** 登录日志: every sign-in attempt with its outcome, newest first. */
export default function LoginLogPage() {
  const crud = useCrud<LoginLog>({ key: 'login-log', fetch: fetchLoginLogs })
  return <CrudTable<LoginLog> crud={crud} columns={columns} searchFields={SEARCH} scrollX={1100} />
}
