import { Tag, Typography } from 'antd'
import { useState } from 'react'
import { filterField, ResourcePage } from '@/components/crud'
import { logResource, RESULT_OPTIONS } from '../fields'
import OperLogDetail from './OperLogDetail'
import type { OperLog } from './types'

const METHOD_COLORS: Record<string, string> = { POST: 'blue', PUT: 'orange', DELETE: 'red', PATCH: 'purple' }

export const statusTag = (s: number) => <Tag color={s >= 500 ? 'red' : s >= 400 ? 'orange' : 'green'}>{s}</Tag>

/** Filters: blurry, username, module, method, status, result (true = below 400), createTimeFrom/To. */
const operLogs = logResource<OperLog>({
  key: 'oper-log',
  noun: '操作日志',
  url: '/api/logs',
  keyword: '用户名、操作、对象、路径或 IP',
  scrollX: 1600,
  userAgentWidth: 160,
  fields: [
    { name: 'username', label: '用户', width: 120, search: { label: '用户名', placeholder: '完整用户名' } },
    { name: 'module', label: '模块', width: 120, search: { placeholder: '完整模块名，如 党员信息' } },
    { name: 'action', label: '操作', width: 130 },
    {
      name: 'target',
      label: '操作对象',
      width: 160,
      column: { ellipsis: true },
      render: (_: never, r: OperLog) => [r.targetName, r.target && `#${r.target}`].filter(Boolean).join(' ') || '—',
    },
    filterField('result', '结果', { single: true }, 'select', { options: RESULT_OPTIONS }),
    { name: 'status', label: '状态', width: 80, render: statusTag },
    { name: 'message', label: '说明', column: { ellipsis: true } },
    { name: 'durationMs', label: '耗时', width: 90, column: { sorter: true }, render: (ms: number) => `${ms} ms` },
    {
      name: 'method',
      label: '方法',
      type: 'select',
      options: ['POST', 'PUT', 'DELETE', 'GET'].map((m) => ({ label: m, value: m })),
      width: 90,
      search: { single: true },
      render: (m: string) => <Tag color={METHOD_COLORS[m]}>{m}</Tag>,
    },
    { name: 'path', label: '路径', width: 200, column: { ellipsis: true }, render: (p: string) => <Typography.Text code>{p}</Typography.Text> },
    { name: 'ip', label: 'IP', width: 130 },
  ],
})

/** 操作日志: every request that changed something (and every sensitive read), newest first; 详情 shows the request as logged. */
export default function OperLogPage() {
  const [viewing, setViewing] = useState<number | null>(null)
  return (
    <>
      <ResourcePage resource={operLogs} actionWidth={70} rowActions={(r) => [{ key: 'detail', label: '详情', onClick: () => setViewing(r.id) }]} />
      {viewing !== null && <OperLogDetail id={viewing} statusTag={statusTag} onClose={() => setViewing(null)} />}
    </>
  )
}
