import { useQuery } from '@tanstack/react-query'
import { Descriptions, Drawer, Spin, Typography } from 'antd'
import type { ReactNode } from 'react'
import { formatTime } from '@/utils/time'
import { operLogDetail } from './service'
import type { OperLog } from './types'

/** A JSON body as people read it: indented, or as stored when it is a note (内容未记录…). */
function pretty(body: string) {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

/** The detail of an operation-log row: who, what, on which record, and the request as logged (masked by the server). */
export default function OperLogDetail({ id, statusTag, onClose }: { id: number; statusTag: (s: number) => ReactNode; onClose: () => void }) {
  const q = useQuery({ queryKey: ['oper-log', id], queryFn: () => operLogDetail(id) })
  const log: OperLog | undefined = q.data
  return (
    <Drawer open title="操作日志详情" size={640} onClose={onClose}>
      {!log ? (
        <Spin />
      ) : (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'time', label: '时间', children: formatTime(log.createTime) },
            { key: 'user', label: '用户', children: log.username || '—' },
            { key: 'module', label: '模块', children: log.module || '—' },
            { key: 'action', label: '操作', children: log.action || '—' },
            { key: 'target', label: '操作对象', children: [log.targetName, log.target && `编号 ${log.target}`].filter(Boolean).join('，') || '—' },
            { key: 'result', label: '结果', children: <>{log.status < 400 ? '成功' : '失败'}（HTTP 状态 {statusTag(log.status)}）</> },
            { key: 'message', label: '说明', children: log.message || '—' },
            { key: 'duration', label: '耗时', children: `${log.durationMs} ms` },
            { key: 'request', label: '请求', children: <Typography.Text code>{`${log.method} ${log.path}${log.query ? `?${log.query}` : ''}`}</Typography.Text> },
            {
              key: 'body',
              label: '请求内容',
              children: log.body ? (
                <pre className="oper-log-body" style={{ margin: 0, maxHeight: 360, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {pretty(log.body)}
                </pre>
              ) : (
                '—'
              ),
            },
            { key: 'ip', label: 'IP', children: log.ip },
            { key: 'ua', label: '浏览器', children: log.userAgent },
          ]}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        密码、令牌等不记录，身份证号码和手机号码只记录部分号码。
      </Typography.Paragraph>
    </Drawer>
  )
}
