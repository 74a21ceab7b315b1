import { Tag, Typography } from 'antd'
import { defineResource, filterField, ResourcePage } from '@/components/crud'
import { logTimeField, RESULT_OPTIONS, userAgentField } from '../fields'
import { fetchOperLogs } from './service'
import type { OperLog } from './types'

const METHOD_COLORS: Record<string, string> = { POST: 'blue', PUT: 'orange', DELETE: 'red', PATCH: 'purple' }

export const statusTag = (s: number) => <Tag color={s >= 500 ? 'red' : s >= 400 ? 'orange' : 'green'}>{s}</Tag>

const operLogs = defineResource<OperLog>({
  key: 'oper-log',
  noun: '操作日志',
  api: { fetch: fetchOperLogs },
  keyword: '用户名、路径或 IP',
  scrollX: 1400,
  fields: [
    { name: 'username', label: '用户', width: 130, search: { label: '用户名', placeholder: '完整用户名' } },
    filterField('result', '结果', { single: true }, 'select', { options: RESULT_OPTIONS }),
    {
      name: 'method',
      label: '方法',
      type: 'select',
      options: ['POST', 'PUT', 'DELETE'].map((m) => ({ label: m, value: m })),
      width: 90,
      search: { single: true },
      render: (m: string) => <Tag color={METHOD_COLORS[m]}>{m}</Tag>,
    },
    { name: 'path', label: '路径', column: { ellipsis: true }, render: (p: string) => <Typography.Text code>{p}</Typography.Text> },
    { name: 'status', label: '状态', width: 80, render: statusTag },
    { name: 'message', label: '说明', column: { ellipsis: true } },
    { name: 'ip', label: 'IP', width: 130 },
    userAgentField<OperLog>(160),
    { name: 'durationMs', label: '耗时', width: 90, column: { sorter: true }, render: (ms: number) => `${ms} ms` },
    logTimeField<OperLog>(),
  ],
})

/** 操作日志: every request that changed something, newest first. */
export default function OperLogPage() {
  return <ResourcePage resource={operLogs} />
}
