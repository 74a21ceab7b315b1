import { Tag } from 'antd'
import { useState } from 'react'
import { filterField, ResourcePage } from '@/components/crud'
import { logResource, RESULT_OPTIONS } from '../fields'
import ChainVerify from './ChainVerify'
import OperLogDetail from './OperLogDetail'
import type { OperLog } from './types'

export const statusTag = (s: number) => <Tag color={s >= 500 ? 'red' : s >= 400 ? 'orange' : 'green'}>{s}</Tag>

/** What the request did, the methods named in words (the filter's options). */
const METHOD_OPTIONS = [
  { label: '新增或提交', value: 'POST' },
  { label: '修改', value: 'PUT' },
  { label: '删除', value: 'DELETE' },
  { label: '查看（敏感信息、导出）', value: 'GET' },
]

/**
 * A row's operation as people read it: the module and action the server recorded from the route's
 * title ("党员信息 · 新增"); a row without them (written before titles were kept) shows its path.
 */
export function operationOf(r: Pick<OperLog, 'module' | 'action' | 'path'>): string {
  return [r.module, r.action].filter(Boolean).join(' · ') || r.path
}

/** Filters: blurry, username, module, method, status, result (true = below 400), createTimeFrom/To. */
const operLogs = logResource<OperLog>({
  key: 'oper-log',
  noun: '操作日志',
  url: '/api/logs',
  keyword: '用户名、操作、对象、路径或 IP',
  scrollX: 1300,
  userAgentWidth: 160,
  fields: [
    { name: 'action', label: '操作', width: 220, render: (_: never, r: OperLog) => operationOf(r) },
    {
      name: 'target',
      label: '操作对象',
      width: 160,
      column: { ellipsis: true },
      render: (_: never, r: OperLog) => [r.targetName, r.target && `#${r.target}`].filter(Boolean).join(' ') || '—',
    },
    { name: 'username', label: '用户', width: 120, search: { label: '用户名', placeholder: '完整用户名' } },
    filterField('module', '模块', { placeholder: '完整模块名，如 党员信息' }),
    filterField('result', '结果', { single: true }, 'select', { options: RESULT_OPTIONS }),
    {
      name: 'status',
      label: '结果',
      width: 80,
      render: (s: number) => (s >= 400 ? <Tag color={s >= 500 ? 'red' : 'orange'}>失败</Tag> : <Tag color="green">成功</Tag>),
    },
    { name: 'message', label: '说明', column: { ellipsis: true } },
    { name: 'durationMs', label: '耗时', width: 90, column: { sorter: true }, render: (ms: number) => `${ms} ms` },
    filterField('method', '请求类型', { single: true }, 'select', { options: METHOD_OPTIONS }),
    { name: 'ip', label: 'IP', width: 130 },
  ],
})

/** 操作日志: every request that changed something (and every sensitive read), newest first; 详情 shows the request as logged. */
export default function OperLogPage() {
  const [viewing, setViewing] = useState<number | null>(null)
  return (
    <>
      <ResourcePage
        resource={operLogs}
        actionWidth={70}
        toolbar={<ChainVerify />}
        rowActions={(r) => [{ key: 'detail', label: '详情', onClick: () => setViewing(r.id) }]} />
      {viewing !== null && <OperLogDetail id={viewing} statusTag={statusTag} onClose={() => setViewing(null)} />}
    </>
  )
}
